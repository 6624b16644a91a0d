import { request } from '@/lib/core';

/** `/pcuser/bindEmail`: binds or changes the email (stored lower-case). */
export function bindEmail(email: string): Promise<boolean> {
  return request<boolean>('/pcuser/bindEmail', { email });
}
