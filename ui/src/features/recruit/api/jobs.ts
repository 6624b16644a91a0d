import { request } from '@/lib/core';
import type { Filters, JobDetail, JobFields, JobList, JobState } from './types';

/** `/comjob/list`: the company's jobs in one state (all for ''), with the counts of every state. */
export function listJobs(input: { state: JobState | ''; page: number; pagesize: number }): Promise<JobList> {
  return request<JobList>('/comjob/list', input);
}

/** `/comjob/get`: every field of one job, its state and the refreshes left today. */
export function getJob(id: number): Promise<JobDetail> {
  return request<JobDetail>('/comjob/get', { id });
}

/** `/comjob/save`: a new job (no id; published at once unless `draft`) or an edit. */
/** What a job's save or state change answers; `heldWords` while its text holds it for review. */
export interface JobAnswer {
  id: number;
  state: JobState;
  heldWords?: string | null;
}

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

let filters: Promise<Filters> | null = null;

/** `/job/filters`: cities, categories, experience, education and the company's choices; asked once per page load. */
export function getFilters(): Promise<Filters> {
  if (!filters) {
    filters = request<Filters | null>('/job/filters').then((f) => {
      if (!f) throw { status: 0, message: 'empty' };
      return f;
    });
    filters.catch(() => {
      filters = null;
    });
  }
  return filters;
}
