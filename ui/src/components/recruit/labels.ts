import type { TFunction } from 'i18next';
import { sectionOf } from '@/components/resume-view/schema';

/**
 * A resume value the recruiter calls give as stored (option codes such as `bachelor`, `5to10`), in the user's
 * language, as the resume itself reads it; a value that is no option of the field is shown as it is.
 */
export function optionText(t: TFunction, section: string, field: string, value: string | null | undefined): string {
  if (!value) return '';
  let widget: { type: string; options?: string } | undefined;
  try {
    widget = sectionOf(section).fields.find((f) => f.name === field)?.widget as { type: string; options?: string } | undefined;
  } catch {
    return value;
  }
  if (widget?.type !== 'select' || !widget.options) return value;
  return t(`resume.opt.${widget.options}.${value}`, { defaultValue: value });
}

/** Gender, education, city and years of work of an applicant or a found resume, joined by dots. */
export function basicsLine(t: TFunction, v: { gender?: string; education?: string; city?: string; workSince?: string }): string {
  return [
    optionText(t, 'basic', 'gender', v.gender),
    optionText(t, 'basic', 'education', v.education),
    optionText(t, 'basic', 'city', v.city),
    optionText(t, 'basic', 'workSince', v.workSince),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The stages every company starts with are stored by their Chinese names (server/src/domain/pipeline.rs
 * DEFAULT_STAGES); in English they read as these. A stage the company named itself shows as named.
 */
const DEFAULT_STAGE_KEYS: Record<string, string> = {
  新投递: 'new',
  待沟通: 'toContact',
  初筛通过: 'screened',
  邀请面试: 'interview',
  已录用: 'hired',
  不合适: 'rejected',
};

export function stageLabel(t: TFunction, name: string | null | undefined): string {
  if (!name) return '';
  const key = DEFAULT_STAGE_KEYS[name];
  return key ? t(`recruit.stages.default.${key}`, { defaultValue: name }) : name;
}
