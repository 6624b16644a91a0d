import { call } from '@/lib/api/call';
import type { AnswerOf, ResumeAnalysis, TalentDuplicate, TalentItem, TalentPage, TalentPipelineEntry, TalentSaved, TalentView, UploadCard } from '@/lib/api/answers';
import { answered } from '@/lib/call-errors';
import { upload } from '@/lib/upload';

export type { TalentItem, TalentView };
/** The analysis's and a private candidate's sections: forms an object or null, lists `[{id, data}]` (docs/api.md, "Resume analysis"). */
export type TalentSections = TalentView['sections'];
/** A place of the candidate on a job's pipeline: its card (as the board lists it), notes and moves. */
export type TalentPipeline = TalentPipelineEntry;
/** A possible duplicate: a private candidate of the company, or one of its applications. */
export type Duplicate = TalentDuplicate;
/** What `/comresume/analyze` found in a file: its sections, and the plain text they were read from (at most 100 KB). */
export type Analysis = ResumeAnalysis;

/** `/comresume/analyze`: the file's sections as found, and its text (RESUME_ANALYSIS_FAILED when nothing usable). */
export async function analyzeResume(file: File): Promise<Analysis> {
  return answered(await upload<AnswerOf<'/comresume/analyze'>>('/comresume/analyze', { file }));
}

/** `/comtalent/save`: the reviewed sections with the original file; TALENT_DUPLICATE unless `confirmDuplicate`. */
export async function saveTalent(file: File, sections: TalentSections, options: { jobId?: number; confirmDuplicate: boolean }): Promise<TalentSaved> {
  return answered(
    await upload<AnswerOf<'/comtalent/save'>>('/comtalent/save', {
      file,
      sections: JSON.stringify(sections),
      jobId: options.jobId ? String(options.jobId) : undefined,
      confirmDuplicate: options.confirmDuplicate ? '1' : undefined,
    }),
  );
}

export async function findDuplicates(mobile: string, email: string): Promise<Duplicate[]> {
  return (await call('/comtalent/duplicates', { mobile, email })).list;
}

export function listTalent(query: { keyword: string; jobId: string; page: number; pagesize: number }): Promise<TalentPage> {
  return call('/comtalent/list', query);
}

export function getTalent(id: number): Promise<TalentView> {
  return call('/comtalent/get', { id });
}

/** `/comtalent/addToJob`: onto the job's pipeline, in the first stage (a candidate already there keeps its place); its card. */
export function addTalentToJob(id: number, jobId: number): Promise<UploadCard> {
  return call('/comtalent/addToJob', { id, jobId });
}

/** `/comtalent/text`: the saved original's text as the analysis reads it ("" when it no longer reads), for formats the browser cannot show. */
export async function talentText(id: number): Promise<string> {
  return (await call('/comtalent/text', { id })).text;
}

export function deleteTalent(id: number): Promise<boolean> {
  return call('/comtalent/delete', { id });
}
