import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';

/** What the code is for; `bind` (changing the mobile on /my/account) needs a session. */
/** `verify` goes to the logged-in user's own mobile, before it is changed. */
export type CodeScene = 'register' | 'login' | 'reset' | 'bind' | 'verify';

/** `/pcuser/sendCode`: a 6-digit code by SMS after a solved slider; `interval` is the wait before another. */
export function sendCode(input: { mobile: string; captchaVerification: string; scene: CodeScene }): Promise<AnswerOf<'/pcuser/sendCode'>> {
  return call('/pcuser/sendCode', {
    mobile: input.mobile,
    captchaVerification: input.captchaVerification,
    scene: input.scene,
  });
}
