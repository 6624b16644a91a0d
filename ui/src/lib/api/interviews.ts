import { request } from '@/lib/core';

/** An interview invitation as the candidate sees it (`/pcuser/interviewList`, docs/api.md). */
export interface Invitation {
  id: number;
  applyId: number;
  jobId: number;
  jobTitle: string;
  companyName: string;
  start: string;
  startAt: number;
  minutes: number;
  address: string;
  contact: string;
  contactPhone: string;
  notes: string;
  state: 'scheduled' | 'cancelled';
  /** Why a cancelled interview was: '' the company cancelled it, 'blocked' the candidate blocked the company. */
  cancelReason: '' | 'blocked';
  answer: '' | 'accepted' | 'declined';
}

export function getInvitations(): Promise<{ list: Invitation[] } | null | undefined> {
  return request('/pcuser/interviewList');
}

export function answerInvitation(id: number, answer: 'accept' | 'decline'): Promise<boolean | null | undefined> {
  return request('/pcuser/interviewAnswer', { id, answer });
}

/** Waiting for the candidate's answer: scheduled, not answered, not yet begun (`now` in ms). */
export function isPending(i: Invitation, now: number): boolean {
  return i.state === 'scheduled' && !i.answer && i.startAt > now;
}
