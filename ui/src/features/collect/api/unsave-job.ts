import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/pcuser/unsaveJob`: removes one job from the caller's saved list. Errors: NOT_FOUND when it is not there. */
export async function unsaveJob(jobId: number): Promise<true> {
  answered(await request<boolean | undefined>('/pcuser/unsaveJob', { jobid: String(jobId) }));
  return true;
}
