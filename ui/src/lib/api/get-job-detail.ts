import { call } from '@/lib/api/call';
import type { JobDetail } from './answers';

export type { JobDetail, MyResume } from './answers';

/** `/job/detail`. Errors: BAD_INPUT, NOT_FOUND. */
export async function getJobDetail(jobId: string): Promise<JobDetail> {
  const answer = await call('/job/detail', { jobid: jobId });
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
