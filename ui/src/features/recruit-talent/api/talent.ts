import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import { upload } from '@/lib/upload';
import type { SectionValues } from '@/components/resume-view/types';
import type { Application, Move, Note } from '@/components/recruit/api/types';

/** The analysis's and a private candidate's sections: forms an object or null, lists `[{id, data}]` (docs/api.md, "Resume analysis"). */
export type TalentSections = Record<string, SectionValues | { id: number | null; data: SectionValues }[] | null>;

export interface TalentItem {
  id: number;
  name: string;
  mobile: string;
  email: string;
  jobId: number | null;
  jobTitle: string | null;
  originalName: string;
  createdAt: number;
}

/** A place of the candidate on a job's pipeline: its card (as the board lists it), notes and moves. */
export interface TalentPipeline extends Application {
  notes: Note[];
  moves: Move[];
}

export interface TalentView extends Omit<TalentItem, 'originalName'> {
  sections: TalentSections;
  file: { originalName: string; contentType: string; size: number; url: string };
  /** The jobs' pipelines it is on, oldest first. */
  pipelines: TalentPipeline[];
}

/** A possible duplicate: a private candidate of the company, or one of its applications. */
export type Duplicate =
  | { kind: 'talent'; id: number; name: string; mobile: string; email: string; jobTitle: string | null; createdAt: number }
  | { kind: 'applicant'; applicationId: number; name: string; jobTitle: string; createdAt: number };

/** What `/comresume/analyze` found in a file: its sections, and the plain text they were read from (at most 100 KB). */
export interface Analysis {
  sections: TalentSections;
  text: string;
}

/** `/comresume/analyze`: the file's sections as found, and its text (RESUME_ANALYSIS_FAILED when nothing usable). */
export async function analyzeResume(file: File): Promise<Analysis> {
  return answered(await upload<Analysis>('/comresume/analyze', { file }));
}

/** `/comtalent/save`: the reviewed sections with the original file; TALENT_DUPLICATE unless `confirmDuplicate`. */
export async function saveTalent(file: File, sections: TalentSections, options: { jobId?: number; confirmDuplicate: boolean }): Promise<{ id: number }> {
  return answered(
    await upload<{ id: number }>('/comtalent/save', {
      file,
      sections: JSON.stringify(sections),
      jobId: options.jobId ? String(options.jobId) : undefined,
      confirmDuplicate: options.confirmDuplicate ? '1' : undefined,
    }),
  );
}

export async function findDuplicates(mobile: string, email: string): Promise<Duplicate[]> {
  return (await request<{ list: Duplicate[] }>('/comtalent/duplicates', { mobile, email })).list;
}

export function listTalent(query: { keyword: string; jobId: string; page: number; pagesize: number }): Promise<{ total: number; list: TalentItem[] }> {
  return request('/comtalent/list', query);
}

export function getTalent(id: number): Promise<TalentView> {
  return request('/comtalent/get', { id });
}

/** `/comtalent/addToJob`: onto the job's pipeline, in the first stage (a candidate already there keeps its place); its card. */
export function addTalentToJob(id: number, jobId: number): Promise<Application> {
  return request('/comtalent/addToJob', { id, jobId });
}

/** `/comtalent/text`: the saved original's text as the analysis reads it ("" when it no longer reads), for formats the browser cannot show. */
export async function talentText(id: number): Promise<string> {
  return (await request<{ text: string }>('/comtalent/text', { id })).text;
}

export function deleteTalent(id: number): Promise<boolean> {
  return request('/comtalent/delete', { id });
}
