import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`apply.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['ASSESSMENT_TIME_UP', 'ASSESSMENT_SUBMITTED', 'BAD_INPUT'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'apply', OWN_ERROR_CODES);
}
