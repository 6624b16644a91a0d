import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';

/** `/pcuser/sendEmailCode`: mails a 6-digit code to the address to bind; `interval` seconds before another. */
export function sendEmailCode(email: string): Promise<AnswerOf<'/pcuser/sendEmailCode'>> {
  return call('/pcuser/sendEmailCode', { email });
}

/** `/pcuser/bindEmail`: binds or changes the email (stored lower-case) with the code mailed to it. */
export function bindEmail(email: string, code: string): Promise<boolean> {
  return call('/pcuser/bindEmail', { email, code });
}
