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
