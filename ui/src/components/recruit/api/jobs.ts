import { call } from '@/lib/api/call';
import type { JobList, JobState } from './types';

/** `/comjob/list`: the company's jobs in one state (all for ''), with the counts of every state. */
export function listJobs(input: { state: JobState | ''; page: number; pagesize: number }): Promise<JobList> {
  return call('/comjob/list', input);
}
