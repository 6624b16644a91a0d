import { describe, expect, it } from 'vitest';
import { cookieString, parseCookies } from './cookie';

describe('cookie helper', () => {
  it('defaults to one day, path / and SameSite=Lax', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(cookieString('a', 'b c', {}, now)).toBe(
      'a=b%20c; expires=Thu, 02 Jan 2025 00:00:00 GMT; path=/; SameSite=Lax',
    );
  });

  it('honours days and domain', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(cookieString('finger', 'x', { days: 365, domain: 'example.cn' }, now)).toBe(
      'finger=x; expires=Thu, 01 Jan 2026 00:00:00 GMT; path=/; domain=example.cn; SameSite=Lax',
    );
  });

  it('parses a cookie header, first value wins', () => {
    expect(parseCookies('token=abc; finger=f%201; token=zzz; junk')).toEqual({ token: 'abc', finger: 'f 1' });
  });
});
