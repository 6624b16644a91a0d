import { callErrorKey } from '@/lib/call-errors';

/** The codes this feature words itself (`order.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['NOT_FOUND', 'ORDER_NOT_PAYABLE'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'order', OWN_ERROR_CODES);
}
