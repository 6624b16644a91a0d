import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`collect.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['NOT_FOUND', 'ALREADY_APPLIED', 'JOB_CLOSED'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'collect', OWN_ERROR_CODES);
}
