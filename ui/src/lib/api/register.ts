import { call } from '@/lib/api/call';
import { type User } from '@/lib/core';

export interface RegisterInput {
  mobile: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/** `/pclogin/register`: creates the account and logs it in; the user record comes back. */
export function register(input: RegisterInput): Promise<User> {
  return call('/pclogin/register', {
    mobile: input.mobile,
    code: input.code,
    password: input.password,
    confirmPassword: input.confirmPassword,
    agree: input.agree ? '1' : '0',
  });
}
