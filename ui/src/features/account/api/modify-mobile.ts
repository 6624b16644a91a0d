import { request, type User } from '@/lib/core';

/** `/pcuser/modifyMobile`: the code went to the new mobile (scene `bind`); the updated user record comes back. */
export function modifyMobile(input: { mobile: string; code: string }): Promise<User> {
  return request<User>('/pcuser/modifyMobile', { mobile: input.mobile, code: input.code });
}
