import { verdictOf, type FieldProblem } from '@/components/recruit/errors';

/** `JOB_INVALID`'s message: the verdict `{field: {key, limit?}}` as core-wasm's `validateJob` gives it. */
export function jobVerdict(error: unknown): Record<string, FieldProblem> | null {
  return verdictOf(error, 'JOB_INVALID');
}

const JOB_RULES = ['required', 'select', 'maxChars', 'minChars', 'number', 'salaryRange', 'salaryOrder', 'salaryMonths', 'headcount', 'tooMany', 'itemTooLong', 'blackWord'];

/** The i18n key of one rule of the verdict (`job.v.<rule>` → `recruit.v.<rule>`). */
export function jobProblemKey(key: string): string {
  const rule = key.startsWith('job.v.') ? key.slice('job.v.'.length) : key;
  return JOB_RULES.includes(rule) ? `recruit.v.${rule}` : 'recruit.v.invalid';
}
