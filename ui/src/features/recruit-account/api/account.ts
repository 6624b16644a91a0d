import { request } from '@/lib/core';
import type { Member } from '@/components/recruit/api/types';

/** `/comlogin/login`: mobile and password; the member (as `/comlogin/me`). */
export function login(input: { mobile: string; password: string }): Promise<Member> {
  return request<Member>('/comlogin/login', input);
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
export function register(input: RegisterInput): Promise<Member | null> {
  return request<Member | null>('/comlogin/register', { ...input, name: input.name ?? '' });
}

/** What an interviewer's invitation shows before it is accepted. */
export interface Invitation {
  companyName: string;
  name: string;
  /** The number it went to, masked. */
  mobile: string;
}

/** `/comlogin/invitation`: an invitation by its link's token (NOT_FOUND once used, replaced or expired). */
export function getInvitation(token: string): Promise<Invitation> {
  return request<Invitation>('/comlogin/invitation', { token });
}

/** `/comlogin/acceptInvitation`: sets the interviewer's password and logs them in (the member, as `/comlogin/me`). */
export function acceptInvitation(input: { token: string; password: string; confirmPassword: string }): Promise<Member> {
  return request<Member>('/comlogin/acceptInvitation', input);
}

/** `/comlogin/modifyPassword`: ends the member's other sessions. */
export function modifyPassword(input: { oldPassword: string; password: string; confirmPassword: string }): Promise<unknown> {
  return request('/comlogin/modifyPassword', input);
}

/** `/pcuser/sendCode` with `scene=comRegister`: the SMS code of a company registration, after a solved slider. */
export function sendRegisterCode(input: { mobile: string; captchaVerification: string }): Promise<{ interval: number } | undefined> {
  return request<{ interval: number } | undefined>('/pcuser/sendCode', { ...input, scene: 'comRegister' });
}
