import type { Resume, ResumeFile } from '@/lib/api/answers';

// The resume as `/resume/get` answers it (docs/api.md, "The resume"), and as an employer's calls show it.

/** A form section's values (and a list entry's): field -> a string or a list of strings. */
export type SectionValues = Record<string, string | string[]>;

/** An entry of a list section. */
export type ResumeEntry = Extract<Resume['sections'][string], unknown[]>[number];

/** `/resume/get`'s answer, the server's type (lib/api/answers.ts). */
export type { Resume, ResumeFile };

export function singleValues(resume: Resume, section: string): SectionValues | null {
  const v = resume.sections[section];
  return v && !Array.isArray(v) ? v : null;
}

export function entries(resume: Resume, section: string): ResumeEntry[] {
  const v = resume.sections[section];
  return Array.isArray(v) ? v : [];
}
