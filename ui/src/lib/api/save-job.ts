import { answered } from '@/lib/call-errors';
import { logEvent } from '@/lib/behaviour-log';
import { request } from '@/lib/core';

/** `/pcuser/saveJob`: adds a job to the caller's saved list (saving twice keeps one). Errors: JOB_CLOSED, NOT_FOUND. */
export async function saveJob(jobId: number): Promise<void> {
  answered(await request<boolean | undefined>('/pcuser/saveJob', { jobid: String(jobId) }));
  logEvent({ kind: 'save', jobId });
}

/** `/pcuser/unsaveJob`: removes a job from the caller's saved list. Errors: NOT_FOUND when it is not there. */
export async function unsaveJob(jobId: number): Promise<void> {
  answered(await request<boolean | undefined>('/pcuser/unsaveJob', { jobid: String(jobId) }));
}
