import { getCookie, setCookie } from './cookie';

export const FINGER_COOKIE = 'finger';

/** 128 random bits as hex; works outside secure contexts too (unlike randomUUID). */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sets the fingerprint cookie on the first visit; returns its value. */
export function ensureFinger(): string {
  const existing = getCookie(FINGER_COOKIE);
  if (existing) return existing;
  const id = randomId();
  setCookie(FINGER_COOKIE, id, { days: 365, path: '/', sameSite: 'Lax' });
  return id;
}

export function currentFinger(): string | undefined {
  return getCookie(FINGER_COOKIE);
}
