import { answered } from '@/lib/call-errors';
import { upload } from '@/lib/upload';
import { call } from './call';
import type { AnswerOf } from './answers';

/**
 * Chat (issue 32, docs/api.md "Chat"): the candidate's `/chat/*` and the member's `/comchat/*`, which answer
 * the same shapes. `face` names whose calls: `chat` (a candidate: /my, /m) or `comchat` (a member: /recruit).
 * The job page (desktop and /m), the centre, the recruiter site and the mobile site make them.
 */
export type ChatFace = 'chat' | 'comchat';
export type ChatList = AnswerOf<'/chat/list'>;
export type Conversation = ChatList['list'][number];
export type ChatMessages = AnswerOf<'/chat/messages'>;
export type ChatMessage = ChatMessages['list'][number];

/** `/chat/start`: a candidate opens (or reuses) the conversation about an open job. Errors: NOT_FOUND, JOB_CLOSED, CHAT_QUOTA (a new one past today's quota). */
export async function startChat(jobId: number): Promise<number> {
  return answered(await call('/chat/start', { jobid: String(jobId) })).conversationId;
}

/** `/comchat/start` (打招呼): a member opens (or reuses) the conversation with a resume's candidate about one of the company's open jobs. Errors as `/chat/start`. */
export async function greetCandidate(resumeId: number | string, jobId: number): Promise<number> {
  return answered(await call('/comchat/start', { resumeId: String(resumeId), jobid: String(jobId) })).conversationId;
}

/** Where the caller's day of new conversations stands: `{limit, used, remaining, resetsAt}` (docs/api.md "Daily quotas"). */
export type ChatQuota = AnswerOf<'/chat/quota'>;

/** `/chat/quota`, `/comchat/quota`: how many new conversations the caller may still open today (a Beijing day). */
export async function chatQuota(face: ChatFace): Promise<ChatQuota> {
  return answered(face === 'chat' ? await call('/chat/quota') : await call('/comchat/quota'));
}

/** When a start refused with CHAT_QUOTA says the day's count starts again (the next Beijing midnight, ms); null for any other failure. */
export function quotaResetsAt(error: unknown): number | null {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; data?: { resetsAt?: unknown } };
  if (e.code !== 'CHAT_QUOTA') return null;
  const at = e.data?.resetsAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

/** The list's filters (全部, 未读, 新招呼, 沟通中, 已交换, 不合适), applied by the server. */
export const LIST_FILTERS = ['all', 'unread', 'new', 'talking', 'exchanged', 'unsuitable'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** `/chat/list`, `/comchat/list`: the caller's conversations, latest change first; `filter` and the search `q` are the server's. */
export async function listChats(face: ChatFace, filter: ListFilter = 'all', q = ''): Promise<Conversation[]> {
  const body = { filter, q };
  const answer = face === 'chat' ? await call('/chat/list', body) : await call('/comchat/list', body);
  return answered(answer).list;
}

/** `/chat/messages`, `/comchat/messages`: a conversation's messages after `afterSeq` (at most 200; `more` says others follow). */
export async function chatMessages(face: ChatFace, conversationId: number, afterSeq: number): Promise<ChatMessages> {
  const body = { conversationId: String(conversationId), afterSeq: String(afterSeq) };
  return answered(face === 'chat' ? await call('/chat/messages', body) : await call('/comchat/messages', body));
}

/** `/chat/send`, `/comchat/send`: a resend with the same clientId answers the message first stored. */
export async function sendChat(face: ChatFace, conversationId: number, clientId: string, text: string, kind: 'text' | 'emoji' = 'text'): Promise<ChatMessage> {
  const body = { conversationId: String(conversationId), clientId, kind, text };
  return answered(face === 'chat' ? await call('/chat/send', body) : await call('/comchat/send', body));
}

/**
 * `/chat/picture`, `/comchat/picture` (multipart, through lib/upload): stores the picture and sends it as a `picture`
 * message in one call; a resend with the same clientId answers the stored message and stores no second file. Errors:
 * FILE_FORMAT, FILE_TOO_BIG, NOT_FOUND, RATE_LIMITED, BAD_INPUT.
 */
export async function sendChatPicture(face: ChatFace, conversationId: number, clientId: string, file: File): Promise<ChatMessage> {
  const fields = { conversationId: String(conversationId), clientId, file };
  return answered(await upload<ChatMessage>(face === 'chat' ? '/chat/picture' : '/comchat/picture', fields));
}

/** `/chat/read`, `/comchat/read`: moves the caller's read mark (never back). */
export async function readChat(face: ChatFace, conversationId: number, seq: number): Promise<AnswerOf<'/chat/read'>> {
  const body = { conversationId: String(conversationId), seq: String(seq) };
  return answered(face === 'chat' ? await call('/chat/read', body) : await call('/comchat/read', body));
}

/** An exchange card (`message.exchange`) and an interview card (`message.interview`), docs/api.md "Exchange cards". */
export type ExchangeCard = NonNullable<ChatMessage['exchange']>;
export type InterviewCard = NonNullable<ChatMessage['interview']>;
export type ExchangeKind = ExchangeCard['kind'];
export type ExchangeAnswered = AnswerOf<'/chat/exchangeAnswer'>;

/** `/chat/exchange`, `/comchat/exchange`: asks for 交换电话 / 交换微信 / a resume (`fileId`: the candidate's attachment sent). */
export async function askExchange(face: ChatFace, conversationId: number, kind: ExchangeKind, fileId?: number): Promise<ChatMessage> {
  const body = { conversationId: String(conversationId), kind, fileId: fileId ? String(fileId) : '' };
  return answered(face === 'chat' ? await call('/chat/exchange', body) : await call('/comchat/exchange', body));
}

/** `/chat/exchangeAnswer`, `/comchat/exchangeAnswer`: 同意 / 拒绝 the other side's request, once. */
export async function answerExchange(face: ChatFace, messageId: number, accept: boolean, fileId?: number): Promise<ExchangeAnswered> {
  const body = { messageId: String(messageId), accept: accept ? '1' : '0', fileId: fileId ? String(fileId) : '' };
  return answered(face === 'chat' ? await call('/chat/exchangeAnswer', body) : await call('/comchat/exchangeAnswer', body));
}

/** `/chat/wechat`, `/comchat/wechat`: the caller's WeChat id ('' when none). */
export async function myWechat(face: ChatFace): Promise<string> {
  return answered(face === 'chat' ? await call('/chat/wechat') : await call('/comchat/wechat')).wechatId;
}

/** `/chat/setWechat`, `/comchat/setWechat`: sets (empty: removes) the caller's WeChat id. */
export async function setMyWechat(face: ChatFace, wechatId: string): Promise<string> {
  const body = { wechatId };
  return answered(face === 'chat' ? await call('/chat/setWechat', body) : await call('/comchat/setWechat', body)).wechatId;
}

/** `/comchat/application`: the application the thread's 约面试 opens the interview form with (null: none yet). */
export async function chatApplication(conversationId: number): Promise<number | null> {
  return answered(await call('/comchat/application', { conversationId: String(conversationId) })).applyId ?? null;
}

/** `/comchat/interview`: posts the invitation of an interview saved with the interview form into the thread. */
export async function postInterviewCard(conversationId: number, interviewId: number): Promise<ChatMessage> {
  return answered(await call('/comchat/interview', { conversationId: String(conversationId), interviewId: String(interviewId) }));
}

/** Where the company downloads the resume an accepted exchange sent (the attachment, or the online resume's PDF). */
export function exchangedResumeUrl(messageId: number, lang: string): string {
  return `/ajax/comchat/resume/${messageId}?lang=${encodeURIComponent(lang)}`;
}

/** `/chat/recall`, `/comchat/recall`: recalls one's own message within 2 minutes; answers the recall's note (`recalls` = the seq). */
export async function recallChat(face: ChatFace, messageId: number): Promise<ChatMessage> {
  const body = { messageId: String(messageId) };
  return answered(face === 'chat' ? await call('/chat/recall', body) : await call('/comchat/recall', body));
}

export type UnsuitableDone = AnswerOf<'/comchat/unsuitable'>;

/** `/comchat/unsuitable`: marks the conversation 不合适 with a reason (the candidate gets the company's closing message), or undoes it. */
export async function markUnsuitable(conversationId: number, reason: string | null): Promise<UnsuitableDone> {
  const body = reason === null ? { conversationId: String(conversationId), undo: '1' } : { conversationId: String(conversationId), reason };
  return answered(await call('/comchat/unsuitable', body));
}

export type ChatPhrases = AnswerOf<'/chat/phrases'>;
export type PhraseKind = 'greeting' | 'reply';

/** `/chat/phrases`, `/comchat/phrases`: the caller's greetings (the default first) and quick replies; built-in ones in `lang` until saved. */
export async function chatPhrases(face: ChatFace, lang: string): Promise<ChatPhrases> {
  return answered(face === 'chat' ? await call('/chat/phrases', { lang }) : await call('/comchat/phrases', { lang }));
}

/** `/chat/phrasesSave`: replaces the caller's phrases of a kind; `defaultIndex` names the default greeting. */
export async function saveChatPhrases(face: ChatFace, kind: PhraseKind, texts: string[], defaultIndex: number, lang: string): Promise<ChatPhrases> {
  const body = { kind, texts: JSON.stringify(texts), default: String(defaultIndex), lang };
  return answered(face === 'chat' ? await call('/chat/phrasesSave', body) : await call('/comchat/phrasesSave', body));
}

/** `/chat/phrasesReset`: back to the built-in phrases of a kind. */
export async function resetChatPhrases(face: ChatFace, kind: PhraseKind, lang: string): Promise<ChatPhrases> {
  const body = { kind, lang };
  return answered(face === 'chat' ? await call('/chat/phrasesReset', body) : await call('/comchat/phrasesReset', body));
}

/** Whether a conversation is blocked (拉黑) as the caller sees it: `none`, `byMe` (已拉黑), `byPeer` (对方暂时无法接收消息). */
export type BlockState = Conversation['blocked'];
export type ChatBlockDone = AnswerOf<'/chat/block'>;

/** `/chat/block`, `/chat/unblock` (and `/comchat/…`): blocks or unblocks the conversation for the caller. */
export async function setChatBlocked(face: ChatFace, conversationId: number, on: boolean): Promise<ChatBlockDone> {
  const body = { conversationId: String(conversationId) };
  if (face === 'chat') return answered(on ? await call('/chat/block', body) : await call('/chat/unblock', body));
  return answered(on ? await call('/comchat/block', body) : await call('/comchat/unblock', body));
}

/** `/chat/report`, `/comchat/report` (举报): the other side's latest message (or `messageId`) and the ten before it go to the admins. */
export async function reportChat(face: ChatFace, conversationId: number, reason: string, detail: string, messageId?: number): Promise<AnswerOf<'/chat/report'>> {
  const body = { conversationId: String(conversationId), reason, detail, messageId: messageId ? String(messageId) : '' };
  return answered(face === 'chat' ? await call('/chat/report', body) : await call('/comchat/report', body));
}
