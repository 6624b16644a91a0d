import { call } from '@/lib/api/call';
import type { AnswerOf, Invitation } from '@/lib/api/answers';
import type { Member } from '@/components/recruit/api/types';

export type { Invitation };

/** `/comlogin/login`: mobile and password; the member (as `/comlogin/me`). */
export function login(input: { mobile: string; password: string }): Promise<Member> {
  return call('/comlogin/login', input);
}

export interface RegisterInput {
  mobile: string;
  code: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  /** The contact's name (optional). */
  name?: string;
}

/** `/comlogin/register`: makes the company and its owner, and logs in. */
export async function register(input: RegisterInput): Promise<Member | null> {
  return (await call('/comlogin/register', { ...input, name: input.name ?? '' })) ?? null;
}

/** `/comlogin/invitation`: an invitation by its link's token (NOT_FOUND once used, replaced or expired). */
export function getInvitation(token: string): Promise<Invitation> {
  return call('/comlogin/invitation', { token });
}

/** `/comlogin/acceptInvitation`: sets the interviewer's password and logs them in (the member, as `/comlogin/me`). */
export function acceptInvitation(input: { token: string; password: string; confirmPassword: string }): Promise<Member> {
  return call('/comlogin/acceptInvitation', input);
}

/** `/comlogin/saveProfile`: the member's own name, title (职务) and whether candidates see how recently they worked; the member, as `/comlogin/me`. */
export function saveProfile(input: { name: string; title: string; showActive: boolean }): Promise<Member> {
  return call('/comlogin/saveProfile', { name: input.name, title: input.title, showActive: input.showActive ? '1' : '0' });
}

/** `/comlogin/modifyPassword`: ends the member's other sessions. */
export function modifyPassword(input: { oldPassword: string; password: string; confirmPassword: string }): Promise<boolean> {
  return call('/comlogin/modifyPassword', input);
}

/** `/pcuser/sendCode` with `scene=comRegister`: the SMS code of a company registration, after a solved slider. */
export function sendRegisterCode(input: { mobile: string; captchaVerification: string }): Promise<AnswerOf<'/pcuser/sendCode'> | undefined> {
  return call('/pcuser/sendCode', { ...input, scene: 'comRegister' });
}

/** Whether the member's chat messages left unread while away are texted to them (`channel` is `sms`). */
export type ChatNoticeSetting = AnswerOf<'/comlogin/chatNotice'>;

/** `/comlogin/chatNotice`: the member's offline-notice switch. */
export function getChatNotice(): Promise<ChatNoticeSetting> {
  return call('/comlogin/chatNotice');
}

/** `/comlogin/saveChatNotice`: sets it; the setting as it now stands. */
export function saveChatNotice(on: boolean): Promise<ChatNoticeSetting> {
  return call('/comlogin/saveChatNotice', { on: on ? '1' : '0' });
}
