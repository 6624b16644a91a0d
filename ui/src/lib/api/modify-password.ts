import { call } from '@/lib/api/call';

export interface ModifyPasswordInput {
  /** required when the account has a password */
  oldPassword?: string;
  password: string;
  confirmPassword: string;
}

/** `/pcuser/modifypassword`: sets or changes the password; every other session ends. */
export function modifyPassword(input: ModifyPasswordInput): Promise<boolean> {
  return call('/pcuser/modifypassword', {
    oldPassword: input.oldPassword ?? '',
    password: input.password,
    confirmPassword: input.confirmPassword,
  });
}
