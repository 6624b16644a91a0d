import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`jobs.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['ALREADY_APPLIED', 'JOB_CLOSED', 'NOT_FOUND'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'jobs', OWN_ERROR_CODES);
}
