import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`jobs.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['ALREADY_APPLIED', 'JOB_CLOSED', 'NOT_FOUND'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'jobs', OWN_ERROR_CODES);
}

/** A job or company that is not there (or whose id is not one): the page says "not found", not "failed". */
export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NOT_FOUND' || code === 'BAD_INPUT';
}
