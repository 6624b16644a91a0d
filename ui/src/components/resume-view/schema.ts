import type { TFunction } from 'i18next';
import { type ResumeField, type ResumeSchema, type ResumeSection } from '@/lib/core';
import { resumeSchema } from '@/lib/core/rules';
import type { SectionValues } from './types';

let cached: ResumeSchema | null = null;

/** The sections and fields of core-wasm, read once. */
export function schema(): ResumeSchema {
  cached ??= resumeSchema();
  return cached;
}

export function sectionOf(name: string): ResumeSection {
  const s = schema().sections.find((x) => x.name === name);
  if (!s) throw new Error(`no resume section ${name}`);
  return s;
}

export function fieldLabel(t: TFunction, section: string, field: string): string {
  // Files sections share the attachment's one field, its name.
  if (section === 'resumeFile' || section === 'attachment') return t('resume.fileName');
  return t(`resume.field.${section}.${field}`);
}

/** A stored value as shown: option codes as their labels, "now" as "to date", keywords joined. */
export function shownValue(t: TFunction, field: ResumeField, value: string | string[] | undefined): string {
  if (value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join('、');
  if (field.widget.type === 'select') return t(`resume.opt.${field.widget.options}.${value}`);
  if (field.widget.type === 'monthOrNow' && value === 'now') return t('resume.now');
  return value;
}

/** The period of an entry, "2018-07 – 至今". */
export function period(t: TFunction, values: SectionValues): string {
  const start = typeof values.start === 'string' ? values.start : '';
  const end = typeof values.end === 'string' ? values.end : '';
  if (!start && !end) return '';
  if (!end) return start;
  return `${start} – ${end === 'now' ? t('resume.now') : end}`;
}
