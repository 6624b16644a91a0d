import { call } from '@/lib/api/call';
import type { AnswerOf, JobSaved } from '@/lib/api/answers';
import type { JobDetail, JobFields } from '@/components/recruit/api/types';

/** `/comjob/get`: every field of one job, its state and the refreshes left this month. */
export function getJob(id: number): Promise<JobDetail> {
  return call('/comjob/get', { id });
}

/** What a job's save or state change answers; `heldWords` while its text holds it for review. */
export type JobAnswer = JobSaved;

/** `/comjob/save`: a new job (no id; published at once unless `draft`) or an edit. */
export function saveJob(fields: JobFields, options: { id?: number; draft?: boolean }): Promise<JobAnswer> {
  return call('/comjob/save', {
    ...fields,
    id: options.id,
    draft: options.draft ? '1' : undefined,
  });
}

export type JobAction = 'publish' | 'close' | 'reopen' | 'refresh' | 'copy';

/** `/comjob/publish`, `/comjob/close`, `/comjob/reopen`, `/comjob/refresh` and `/comjob/copy`: `id`. */
export function jobAction<A extends JobAction>(action: A, id: number): Promise<AnswerOf<`/comjob/${A}`> | undefined> {
  return call(`/comjob/${action}`, { id });
}
