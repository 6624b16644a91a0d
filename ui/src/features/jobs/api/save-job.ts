import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/pcuser/saveJob` (saving twice keeps one). Errors: JOB_CLOSED, NOT_FOUND. */
export async function saveJob(jobId: number): Promise<void> {
  answered(await request<boolean | undefined>('/pcuser/saveJob', { jobid: String(jobId) }));
}

/** `/pcuser/unsaveJob`. */
export async function unsaveJob(jobId: number): Promise<void> {
  answered(await request<boolean | undefined>('/pcuser/unsaveJob', { jobid: String(jobId) }));
}
