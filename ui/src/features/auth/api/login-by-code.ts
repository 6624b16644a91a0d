import { call } from '@/lib/api/call';
import { type User } from '@/lib/core';

/** `/pclogin/loginByCode`: the code was sent with scene `login`; sets the session cookie like `/pclogin/login`. */
export function loginByCode(input: { mobile: string; code: string }): Promise<User> {
  return call('/pclogin/loginByCode', { mobile: input.mobile, code: input.code });
}
