import { callErrorKey } from '@/lib/call-errors';

/** The codes the console words itself (`admin.errors.*`). */
export const OWN_ERROR_CODES: readonly string[] = [
  'LOGIN_FAILED',
  'RATE_LIMITED',
  'LAST_SUPER_ADMIN',
  'FORBIDDEN_ROLE',
  'BAD_INPUT',
  'NOT_LOGGED_IN',
  'ACCOUNT_DISABLED',
  'NOT_FOUND',
  // Refunds (issue 19).
  'ORDER_NOT_REFUNDABLE',
  'ORDER_REFUNDED',
  'REFUND_TOO_MUCH',
  'REFUND_FAILED',
];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'admin', OWN_ERROR_CODES);
}
