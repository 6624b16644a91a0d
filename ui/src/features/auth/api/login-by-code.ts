import { request, type User } from '@/lib/core';

/** `/pclogin/loginByCode`: the code was sent with scene `login`; sets the session cookie like `/pclogin/login`. */
export function loginByCode(input: { mobile: string; code: string }): Promise<User> {
  return request<User>('/pclogin/loginByCode', { mobile: input.mobile, code: input.code });
}
