import { call } from '@/lib/api/call';
import type { FoundSections } from '../fill-from-file';

/** `/resume/analyzeFile`: one of the candidate's resume files read into sections (RESUME_ANALYSIS_FAILED when nothing usable). Saves nothing. */
export async function analyzeFile(fileId: number): Promise<FoundSections> {
  return (await call('/resume/analyzeFile', { fileId })).sections;
}
