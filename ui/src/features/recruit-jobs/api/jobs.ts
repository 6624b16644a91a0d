import { request } from '@/lib/core';
import type { JobDetail, JobFields, JobState } from '@/components/recruit/api/types';

/** `/comjob/get`: every field of one job, its state and the refreshes left today. */
export function getJob(id: number): Promise<JobDetail> {
  return request<JobDetail>('/comjob/get', { id });
}

/** What a job's save or state change answers; `heldWords` while its text holds it for review. */
export interface JobAnswer {
  id: number;
  state: JobState;
  heldWords?: string | null;
}

/** `/comjob/save`: a new job (no id; published at once unless `draft`) or an edit. */
export function saveJob(fields: JobFields, options: { id?: number; draft?: boolean }): Promise<JobAnswer> {
  return request<JobAnswer>('/comjob/save', {
    ...fields,
    id: options.id,
    draft: options.draft ? '1' : undefined,
  });
}

export type JobAction = 'publish' | 'close' | 'reopen' | 'refresh' | 'copy';

/** `/comjob/publish`, `/comjob/close`, `/comjob/reopen`, `/comjob/refresh` and `/comjob/copy`: `id`. */
export function jobAction(action: JobAction, id: number): Promise<JobAnswer | undefined> {
  return request<JobAnswer | undefined>(`/comjob/${action}`, { id });
}
