import { call } from '@/lib/api/call';
import type { ApplicationDetail, Moved } from '@/lib/api/answers';
import type { Application, ApplicationPage, Note, Stage } from './types';

export type { ApplicationDetail };

/** `/comresume/stages`: the company's stages in order, each with its count of applications. */
export async function getStages(): Promise<Stage[]> {
  return (await call('/comresume/stages')) ?? [];
}

/**
 * `/comresume/applyresume`: a page of applications, newest first. `stageId` is a stage's id, a small n for the
 * n-th stage, or 0 for every stage; `stageOppId` a job's id, or a number below 1000 for every job.
 */
export function listApplications(input: { stageId: number | string; stageOppId: number | string; page: number; pagesize: number }): Promise<ApplicationPage> {
  return call('/comresume/applyresume', input);
}

/** A chosen notice template (0: none) as the moves' optional `template`. */
export function withTemplate<T extends object>(input: T, template = 0): T | (T & { template: number }) {
  return template > 0 ? { ...input, template } : input;
}

/** `/comresume/move`: the application, in its new stage; `template` (optional) is sent to its candidate. */
export function moveApplication(applyId: number, stageId: number, template?: number): Promise<Application> {
  return call('/comresume/move', withTemplate({ applyId, stageId }, template));
}

/** `/comresume/reject`: to the first "not suitable" stage; `template` (optional) is sent to the candidates. */
export function rejectApplications(applyIds: number[], template?: number): Promise<Moved> {
  return call('/comresume/reject', withTemplate({ applyIds: applyIds.join(',') }, template));
}

/** `/comresume/detail`: the application, the whole resume, notes and moves; marks it viewed. */
export function getApplication(applyId: number): Promise<ApplicationDetail> {
  return call('/comresume/detail', { applyId });
}

/** `/comresume/note`: a note only the company's members see. */
export function addNote(applyId: number, text: string): Promise<Note> {
  return call('/comresume/note', { applyId, text });
}

/** `GET /ajax/comresume/file/{id}`: a file of a resume the company may read. */
export function resumeFileUrl(fileId: number): string {
  return `/ajax/comresume/file/${fileId}`;
}
