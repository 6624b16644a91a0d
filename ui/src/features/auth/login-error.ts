const KNOWN_CODES = ['LOGIN_FAILED', 'ACCOUNT_DISABLED', 'RATE_LIMITED', 'BAD_INPUT'];

/** The i18n key of the message shown for a failed login. */
export function loginErrorKey(error: unknown): string {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; status?: unknown; message?: unknown };
  if (typeof e.code === 'string' && KNOWN_CODES.includes(e.code)) return `login.errors.${e.code}`;
  if (e.status === 0 && (e.message === 'network' || e.message === 'timeout')) return 'login.errors.network';
  return 'login.errors.generic';
}
