import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';

/** The company's owners and HR members with the jobs each answers (`/comjob/members`). */
export type ChatMembers = AnswerOf<'/comjob/members'>;
export type ChatMemberItem = ChatMembers['list'][number];
/** What a hand-over did: the jobs handed, the conversations moved and those kept (docs/api.md). */
export type HandedOver = AnswerOf<'/comjob/handOver'>;

export function listMembers(): Promise<ChatMembers> {
  return call('/comjob/members');
}

/** `/comjob/handOver`: one job, with the conversations it opened, to another member (owners only). */
export function handOver(jobid: number, memberId: number): Promise<HandedOver> {
  return call('/comjob/handOver', { jobid, memberId });
}

/** `/comjob/handOverAll`: every job and conversation of a member (one who leaves) to another (owners only). */
export function handOverAll(fromMemberId: number, memberId: number): Promise<HandedOver> {
  return call('/comjob/handOverAll', { fromMemberId, memberId });
}
