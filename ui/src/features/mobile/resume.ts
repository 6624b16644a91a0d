import type { TFunction } from 'i18next';
import type { FieldProblem, ResumeField, ResumeSection } from '@/lib/core';
import type { SectionValues } from '@/components/resume-view/types';

/** A core-wasm problem (`resume.v.<rule>`) in the reader's language: the touch site's wording of it, else the resume's. */
export function problemText(t: TFunction, problem: FieldProblem, label: string): string {
  const rule = problem.key.startsWith('resume.v.') ? problem.key.slice('resume.v.'.length) : '';
  for (const key of rule ? [`m.v.${rule}`, problem.key] : []) {
    const text = t(key, { label, limit: problem.limit });
    if (text && text !== key) return text;
  }
  return t('m.v.other', { label });
}

/** Every field of the section, saved values over blanks. */
export function formValues(section: ResumeSection, saved: SectionValues | null | undefined): SectionValues {
  const blank = Object.fromEntries(section.fields.map((f) => [f.name, f.widget.type === 'keywords' ? [] : '']));
  return { ...blank, ...(saved ?? {}) };
}

/** The keyboard a field wants on a phone. */
export function inputAttrs(field: ResumeField): { type: string; inputMode?: 'text' | 'tel' | 'email' | 'url' | 'numeric'; autoComplete?: string } {
  switch (field.widget.type) {
    case 'month':
    case 'monthOrNow':
      return { type: 'month' };
    case 'date':
      return { type: 'date' };
    case 'number':
      return { type: 'text', inputMode: 'numeric' };
    default:
      break;
  }
  switch (field.format) {
    case 'mobile':
      return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel' };
    case 'emails':
      return { type: 'text', inputMode: 'email', autoComplete: 'email' };
    case 'mobileOrEmail':
      return { type: 'text', inputMode: 'email' };
    case 'url':
      return { type: 'url', inputMode: 'url' };
    case 'qq':
    case 'postalCode':
      return { type: 'text', inputMode: 'numeric' };
    default:
      return { type: 'text' };
  }
}
