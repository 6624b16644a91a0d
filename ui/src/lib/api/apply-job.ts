import { answered } from '@/lib/call-errors';
import { logEvent } from '@/lib/behaviour-log';
import { request } from '@/lib/core';

/**
 * `/pcjob/apply`: applies for a job with one of the caller's resumes; resolves with the application id.
 * Errors: ALREADY_APPLIED, JOB_CLOSED, NOT_FOUND (no such job, or not the caller's resume), BAD_INPUT.
 */
export async function applyJob(jobId: number, resumeId: number | string): Promise<{ id: number }> {
  const answer = answered(await request<{ id: number } | undefined>('/pcjob/apply', { jobid: String(jobId), resumeId: String(resumeId) }));
  logEvent({ kind: 'apply', jobId });
  return answer;
}
