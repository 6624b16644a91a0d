import type { Resume, ResumeEntry, SectionValues } from '@/lib/api/resume-types';

/** The resume's shapes are the calls' (lib/api); here, how a page reads a section of one. */
export type { Resume, ResumeEntry, ResumeFile, SectionValues } from '@/lib/api/resume-types';

export function singleValues(resume: Resume, section: string): SectionValues | null {
  const v = resume.sections[section];
  return v && !Array.isArray(v) ? v : null;
}

export function entries(resume: Resume, section: string): ResumeEntry[] {
  const v = resume.sections[section];
  return Array.isArray(v) ? v : [];
}
