import { call } from './call';
import type { AnswerOf } from './answers';

/**
 * An interview invitation as the candidate sees it (`/pcuser/interviewList`, docs/api.md): the server's
 * `CandidateInterview`. `cancelReason` '' means the company cancelled it, 'blocked' that the candidate
 * blocked the company.
 */
export type Invitation = AnswerOf<'/pcuser/interviewList'>['list'][number];

export function getInvitations(): Promise<AnswerOf<'/pcuser/interviewList'>> {
  return call('/pcuser/interviewList');
}

export function answerInvitation(id: number, answer: 'accept' | 'decline'): Promise<AnswerOf<'/pcuser/interviewAnswer'>> {
  return call('/pcuser/interviewAnswer', { id, answer });
}

/** Waiting for the candidate's answer: scheduled, not answered, not yet begun (`now` in ms). */
export function isPending(i: Invitation, now: number): boolean {
  return i.state === 'scheduled' && !i.answer && i.startAt > now;
}
