import { request } from '@/lib/core';

/** `/pcuser/sendEmailCode`: mails a 6-digit code to the address to bind; `interval` seconds before another. */
export function sendEmailCode(email: string): Promise<{ interval: number }> {
  return request<{ interval: number }>('/pcuser/sendEmailCode', { email });
}

/** `/pcuser/bindEmail`: binds or changes the email (stored lower-case) with the code mailed to it. */
export function bindEmail(email: string, code: string): Promise<boolean> {
  return request<boolean>('/pcuser/bindEmail', { email, code });
}
