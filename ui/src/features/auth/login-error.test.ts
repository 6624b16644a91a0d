import { describe, expect, it } from 'vitest';
import { loginErrorKey } from './login-error';

describe('loginErrorKey', () => {
  it('maps the server codes', () => {
    expect(loginErrorKey({ code: 'LOGIN_FAILED', message: 'x' })).toBe('login.errors.LOGIN_FAILED');
    expect(loginErrorKey({ code: 'ACCOUNT_DISABLED', message: 'x' })).toBe('login.errors.ACCOUNT_DISABLED');
    expect(loginErrorKey({ code: 'RATE_LIMITED', message: 'x' })).toBe('login.errors.RATE_LIMITED');
  });

  it('tells network trouble apart', () => {
    expect(loginErrorKey({ status: 0, message: 'timeout' })).toBe('login.errors.network');
    expect(loginErrorKey({ status: 0, message: 'network' })).toBe('login.errors.network');
  });

  it('falls back to a generic message', () => {
    expect(loginErrorKey({ code: 'SOMETHING_NEW', message: 'x' })).toBe('login.errors.generic');
    expect(loginErrorKey({ status: 500, message: 'boom' })).toBe('login.errors.generic');
    expect(loginErrorKey(undefined)).toBe('login.errors.generic');
  });
});
