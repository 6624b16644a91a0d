import type { TFunction } from 'i18next';
import { isRepeatRefusal } from '@/lib/request-error';

/** Codes every call can meet; their messages live in the app catalogue under `errors`. */
const COMMON_CODES = ['BAD_INPUT', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL', 'DB_UNAVAILABLE'] as const;

/** What a write rejects with when the transport ignored a 401/403 (the session ended). */
export const SESSION_LOST = { status: 401, message: 'session' } as const;

/**
 * A failed call as an i18n key. Rejections are `{code, message}` (the server said no) or
 * `{status, message}` (the call did not get through). A feature names the codes it words
 * itself (`<feature>.errors.<CODE>`); the rest read the same on every page (`errors.*`).
 */
export function callErrorKey(error: unknown, feature: string, ownCodes: readonly string[]): string {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; status?: unknown };
  if (typeof e.code === 'string') {
    if (ownCodes.includes(e.code)) return `${feature}.errors.${e.code}`;
    return (COMMON_CODES as readonly string[]).includes(e.code) ? `errors.${e.code}` : 'errors.generic';
  }
  if (e.status === 401 || e.status === 403) return 'errors.session';
  if (typeof e.status === 'number') return 'errors.network';
  return 'errors.generic';
}

/** Every key `callErrorKey` can give for a feature, for the catalogue tests. */
export function callErrorKeys(feature: string, ownCodes: readonly string[]): string[] {
  const common = COMMON_CODES.filter((c) => !ownCodes.includes(c)).map((c) => `errors.${c}`);
  return [...ownCodes.map((c) => `${feature}.errors.${c}`), ...common, 'errors.session', 'errors.network', 'errors.generic'];
}

/** The reason an administrator gave for disabling the account, when a log-in was refused for it. */
export function disabledReason(error: unknown): string | null {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; message?: unknown };
  return e.code === 'ACCOUNT_DISABLED' && typeof e.message === 'string' && e.message.trim() ? e.message.trim() : null;
}

/** "Reason: …" under a refused log-in's message, or '' when there is no reason to show. */
export function disabledReasonText(t: TFunction, error: unknown): string {
  const reason = disabledReason(error);
  return reason ? t('errors.disabledReason', { reason }) : '';
}

/** A call answered with nothing means the transport swallowed a 401/403. */
export function answered<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw SESSION_LOST;
  return value;
}

/**
 * Runs a read; while the core refuses it as a repeat of an identical call still in flight,
 * tries again shortly, so the answer reflects the state after anything done meanwhile.
 */
export async function notRepeated<T>(call: () => Promise<T>, tries = 50): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await call();
    } catch (e) {
      if (!isRepeatRefusal(e) || i >= tries) throw e;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
}
