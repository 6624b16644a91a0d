import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`tags.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['BAD_INPUT'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'tags', OWN_ERROR_CODES);
}
