import type { TFunction } from 'i18next';
import type { FieldProblem, ResumeSection } from '@/lib/core';
import type { SectionValues } from './api/types';

// How the resume reads (the schema, labels, values as shown) is components/resume-view's, shared with the recruiter site.
export { fieldLabel, period, schema, sectionOf, shownValue } from '@/components/resume-view/schema';

/** A problem in the user's language; core-wasm's keys are `resume.v.<rule>` and `resume.upload.<rule>`. */
export function problemText(t: TFunction, problem: FieldProblem, label: string): string {
  const vars = { label, limit: problem.limit };
  if (problem.key.startsWith('resume.upload.')) return t(`resume.upload.${problem.key.slice('resume.upload.'.length)}`, vars);
  return t(`resume.v.${problem.key.slice('resume.v.'.length)}`, vars);
}

/** Empty values for every field of a section. */
export function blankValues(section: ResumeSection): SectionValues {
  return Object.fromEntries(section.fields.map((f) => [f.name, f.widget.type === 'keywords' ? [] : '']));
}

/** Saved values completed with blanks, so a form always holds every field. */
export function formValues(section: ResumeSection, saved: SectionValues | null | undefined): SectionValues {
  return { ...blankValues(section), ...(saved ?? {}) };
}
