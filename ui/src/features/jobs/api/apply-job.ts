import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/pcjob/apply` with the chosen resume. Errors: ALREADY_APPLIED, JOB_CLOSED, NOT_FOUND, BAD_INPUT. */
export async function applyJob(jobId: number, resumeId: number): Promise<{ id: number }> {
  return answered(await request<{ id: number } | undefined>('/pcjob/apply', { jobid: String(jobId), resumeId: String(resumeId) }));
}
