import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';

/** Whether chat messages left unread while away are noticed, and by what (`wechat`, `mail` or `none`). */
export type ChatNoticeSetting = AnswerOf<'/pcuser/chatNotice'>;

/** `/pcuser/chatNotice`: the candidate's offline-notice switch. */
export function getChatNotice(): Promise<ChatNoticeSetting> {
  return call('/pcuser/chatNotice');
}

/** `/pcuser/saveChatNotice`: sets it; the setting as it now stands. */
export function saveChatNotice(on: boolean): Promise<ChatNoticeSetting> {
  return call('/pcuser/saveChatNotice', { on: on ? '1' : '0' });
}
