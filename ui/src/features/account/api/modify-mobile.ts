import { call } from '@/lib/api/call';
import { type User } from '@/lib/core';

export interface ModifyMobileInput {
  mobile: string;
  /** Sent to the new mobile (scene `bind`). */
  code: string;
  /** The current password, when the account has one. */
  password?: string;
  /** Without a password: the code sent to the current mobile (scene `verify`). */
  oldCode?: string;
}

/** `/pcuser/modifyMobile`: re-authenticated by the password (or a code to the old mobile); the updated user record comes back. */
export function modifyMobile(input: ModifyMobileInput): Promise<User> {
  return call('/pcuser/modifyMobile', { mobile: input.mobile, code: input.code, password: input.password ?? '', oldCode: input.oldCode ?? '' });
}
