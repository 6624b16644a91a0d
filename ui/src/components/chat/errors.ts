import { callErrorKey } from '@/lib/call-errors';

/** The codes the chat words itself (`chat.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = [
  'NOT_FOUND',
  'JOB_CLOSED',
  'RATE_LIMITED',
  'FORBIDDEN_ROLE',
  'CHAT_EXCHANGE_OWN',
  'CHAT_EXCHANGE_ANSWERED',
  'CHAT_WECHAT_MISSING',
  'CHAT_COMPANY_BLOCKED',
  'CHAT_QUOTA',
  'CHAT_BLOCKED',
  'CHAT_YOU_BLOCKED',
];

export function chatErrorKey(error: unknown): string {
  return callErrorKey(error, 'chat', OWN_ERROR_CODES);
}

/** core-wasm's chat::check_send and chat::picture_problem keys (`chatSendProblem`, and a BAD_INPUT's `<field>: <key>`), each worded in the catalogue. */
export const SEND_PROBLEMS = [
  'chat.textEmpty',
  'chat.textTooLong',
  'chat.clientIdBad',
  'chat.kindUnknown',
  'chat.kindNotTyped',
  'chat.pictureFormat',
  'chat.pictureSize',
] as const;

/** The words of a send's problem key; an unknown key reads as a failed send. */
export function sendProblemKey(key: string | undefined): string {
  return key && (SEND_PROBLEMS as readonly string[]).includes(key) ? key : 'chat.sendFailed';
}
