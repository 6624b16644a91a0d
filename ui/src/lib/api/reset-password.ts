import { call } from '@/lib/api/call';

export interface ResetInput {
  mobile: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** `/pclogin/resetPassword` (forgot password): `true`; every session of the account ends. */
export function resetPassword(input: ResetInput): Promise<boolean> {
  return call('/pclogin/resetPassword', {
    mobile: input.mobile,
    code: input.code,
    password: input.password,
    confirmPassword: input.confirmPassword,
  });
}
