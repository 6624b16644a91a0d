import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`shield.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['BAD_INPUT', 'NOT_FOUND'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'shield', OWN_ERROR_CODES);
}
