/** Cookie helper: path / and a 1-day life unless told otherwise. */

export interface CookieOptions {
  /** life in days; default 1 */
  days?: number;
  path?: string;
  domain?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export const DEFAULT_COOKIE_DAYS = 1;

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export function cookieString(name: string, value: string, options: CookieOptions = {}, now = Date.now()): string {
  const days = options.days ?? DEFAULT_COOKIE_DAYS;
  const expires = new Date(now + days * 24 * 60 * 60 * 1000).toUTCString();
  let s = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=${options.path ?? '/'}`;
  if (options.domain) s += `; domain=${options.domain}`;
  s += `; SameSite=${options.sameSite ?? 'Lax'}`;
  return s;
}

export function getCookie(name: string): string | undefined {
  return parseCookies(document.cookie)[name];
}

export function setCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = cookieString(name, value, options);
}

export function removeCookie(name: string, options: Omit<CookieOptions, 'days'> = {}): void {
  document.cookie = cookieString(name, '', { ...options, days: -1 });
}
