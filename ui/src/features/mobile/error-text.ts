import type { TFunction } from 'i18next';

/** A failed call as a message: the server's code when the catalogue has it, else a general one. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  const key = `m.auth.errors.${code}`;
  const text = code ? t(key) : '';
  return text && text !== key ? text : t('m.auth.failed');
}
