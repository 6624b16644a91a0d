import type { TFunction } from 'i18next';
import { disabledReasonText } from '@/lib/call-errors';

/** A failed call as a message: the server's code when the catalogue has it, else a general one. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  // A new password the server refused (its rule or the common-password list) says which rule.
  const message = (error as { message?: unknown } | null)?.message;
  if (code === 'BAD_INPUT' && typeof message === 'string' && message.startsWith('password.') && t(message) !== message) return t(message);
  const key = `m.auth.errors.${code}`;
  const text = code ? t(key) : '';
  return `${text && text !== key ? text : t('m.auth.failed')} ${disabledReasonText(t, error)}`.trim();
}
