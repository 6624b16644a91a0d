import { call } from '@/lib/api/call';
import { type User } from '@/lib/core';

export interface LoginInput {
  mobile: string;
  password: string;
}

/** `/pclogin/login`: the user record; the server sets the HttpOnly token cookie. */
export function login(input: LoginInput): Promise<User> {
  return call('/pclogin/login', { mobile: input.mobile, password: input.password });
}

/** `/pclogin/loginByCode`: the code was sent with scene `login`; sets the session cookie like `/pclogin/login`. */
export function loginByCode(input: { mobile: string; code: string }): Promise<User> {
  return call('/pclogin/loginByCode', { mobile: input.mobile, code: input.code });
}
