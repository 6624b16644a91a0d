import { callErrorKey } from '@/lib/call-errors';
import { authErrorKey } from '@/components/auth-form/login-error';

/** The codes the recruiter site words itself (`recruit.errors.*`); account codes read as on the account screens. */
export const OWN_ERROR_CODES: readonly string[] = [
  'COMPANY_NAME_EXISTS',
  'BRAND_EXISTS',
  'FORBIDDEN_ROLE',
  'JOB_INVALID',
  'REFRESH_LIMIT',
  'JOB_HELD',
  'JOB_TAKEN_DOWN',
  'MOBILE_REGISTERED',
  'NOT_LOGGED_IN',
  'NOT_FOUND',
  // Recruiter tools (issue 16).
  'TEMPLATE_NAME_EXISTS',
  'INTERVIEWER_MOBILE_EXISTS',
  'INTERVIEWER_EMAIL_EXISTS',
  'INTERVIEW_CONFLICT',
  'FIELDS_INVALID',
  // Assessments (issue 16).
  'ASSESSMENT_NAME_EXISTS',
  'ASSESSMENT_ALREADY_SENT',
  'FIELDS_INVALID',
  // Plans and quotas (issue 16).
  'QUOTA_EXCEEDED',
  'TRIAL_EXISTS',
  // Company orders (issue 16).
  'ORDER_NOT_PAYABLE',
  // The talent pool (issue 17).
  'TALENT_DUPLICATE',
  'RESUME_ANALYSIS_FAILED',
  'FILE_TOO_BIG',
];

/** The i18n key of a failed recruiter call (jobs, candidates, the company). */
export function errorKey(error: unknown): string {
  return callErrorKey(error, 'recruit', OWN_ERROR_CODES);
}

/** The i18n key of a failed account call (log-in, registration, password): our codes, then the account screens' words. */
export function accountErrorKey(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && OWN_ERROR_CODES.includes(code)) return `recruit.errors.${code}`;
  return authErrorKey(error);
}

export interface FieldProblem {
  key: string;
  limit?: number;
}

/** `FIELDS_INVALID`'s message (an assessment's): the verdict as core-wasm's `validateAssessment` gives it. */
export function fieldsVerdict(error: unknown): Record<string, FieldProblem> | null {
  return verdictOf(error, 'FIELDS_INVALID');
}

/** A `{field: {key, limit?}}` verdict, the message of a refusal with the code `wanted`. */
export function verdictOf(error: unknown, wanted: string): Record<string, FieldProblem> | null {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  if (e.code !== wanted || typeof e.message !== 'string') return null;
  try {
    const v = JSON.parse(e.message) as unknown;
    if (!v || typeof v !== 'object') return null;
    const out: Record<string, FieldProblem> = {};
    for (const [field, p] of Object.entries(v as Record<string, unknown>)) {
      const key = (p as { key?: unknown } | null)?.key;
      const limit = (p as { limit?: unknown } | null)?.limit;
      if (typeof key === 'string') out[field] = { key, limit: typeof limit === 'number' ? limit : undefined };
    }
    return out;
  } catch {
    return null;
  }
}
