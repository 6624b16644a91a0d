import { request, type User } from '@/lib/core';

/** `/pclogin/login`: the server sets the session cookie. */
export function login(mobile: string, password: string): Promise<User> {
  return request<User>('/pclogin/login', { mobile, password });
}

/** `/pclogin/loginByCode`: the code was sent with scene `login`. */
export function loginByCode(mobile: string, code: string): Promise<User> {
  return request<User>('/pclogin/loginByCode', { mobile, code });
}

/** `/pclogin/register`: creates the account and logs it in. */
export function register(input: { mobile: string; code: string; password: string; confirmPassword: string; agree: boolean }): Promise<User> {
  return request<User>('/pclogin/register', { ...input, agree: input.agree ? '1' : '0' });
}

/** `/pclogin/resetPassword`. */
export function resetPassword(input: { mobile: string; code: string; password: string; confirmPassword: string }): Promise<boolean> {
  return request<boolean>('/pclogin/resetPassword', input);
}
