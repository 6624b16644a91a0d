import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, AUTH_ERROR_EXTRAS, SESSION_LOST, answered, authErrorKey, offersLogin, offersRegister } from './login-error';
import authCatalogue from './i18n';

const err = (code: string, message = 'x') => ({ code, message });

type Tree = { [k: string]: string | Tree };
function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

describe('authErrorKey', () => {
  it('maps each server code of the account screens to its own message', () => {
    expect(authErrorKey(err('LOGIN_FAILED'))).toBe('auth.errors.LOGIN_FAILED');
    expect(authErrorKey(err('ACCOUNT_DISABLED'))).toBe('auth.errors.ACCOUNT_DISABLED');
    expect(authErrorKey(err('RATE_LIMITED'))).toBe('auth.errors.RATE_LIMITED');
    expect(authErrorKey(err('MOBILE_REGISTERED'))).toBe('auth.errors.MOBILE_REGISTERED');
    expect(authErrorKey(err('CODE_REQUIRED'))).toBe('auth.errors.CODE_REQUIRED');
    expect(authErrorKey(err('CODE_WRONG'))).toBe('auth.errors.CODE_WRONG');
    expect(authErrorKey(err('ORIGINAL_PASSWORD_WRONG'))).toBe('auth.errors.ORIGINAL_PASSWORD_WRONG');
    expect(authErrorKey(err('PASSWORDS_DIFFER'))).toBe('auth.errors.PASSWORDS_DIFFER');
    expect(authErrorKey(err('MOBILE_BOUND'))).toBe('auth.errors.MOBILE_BOUND');
    expect(authErrorKey(err('EMAIL_SAME'))).toBe('auth.errors.EMAIL_SAME');
    expect(authErrorKey(err('EMAIL_BOUND_OTHER'))).toBe('auth.errors.EMAIL_BOUND_OTHER');
    expect(authErrorKey(err('USER_NOT_FOUND'))).toBe('auth.errors.USER_NOT_FOUND');
    expect(authErrorKey(err('CANNOT_RECEIVE_SMS'))).toBe('auth.errors.CANNOT_RECEIVE_SMS');
    expect(authErrorKey(err('SMS_TOO_FREQUENT'))).toBe('auth.errors.SMS_TOO_FREQUENT');
    expect(authErrorKey(err('AGREEMENT_REQUIRED'))).toBe('auth.errors.AGREEMENT_REQUIRED');
    expect(authErrorKey(err('WX_ALREADY_BOUND'))).toBe('auth.errors.WX_ALREADY_BOUND');
    for (const code of AUTH_ERROR_CODES) expect(authErrorKey(err(code))).toBe(`auth.errors.${code}`);
  });

  it('reads the field or rule out of BAD_INPUT', () => {
    expect(authErrorKey(err('BAD_INPUT', 'password.onlyDigits'))).toBe('password.onlyDigits');
    expect(authErrorKey(err('BAD_INPUT', 'password.length'))).toBe('password.length');
    expect(authErrorKey(err('BAD_INPUT', 'password.space'))).toBe('password.space');
    expect(authErrorKey(err('BAD_INPUT', 'password.onlyLetters'))).toBe('password.onlyLetters');
    expect(authErrorKey(err('BAD_INPUT', 'mobile'))).toBe('auth.errors.mobileInvalid');
    expect(authErrorKey(err('BAD_INPUT', 'mobile required'))).toBe('auth.errors.mobileRequired');
    expect(authErrorKey(err('BAD_INPUT', 'oldPassword required'))).toBe('auth.errors.oldPasswordRequired');
    expect(authErrorKey(err('BAD_INPUT', 'email'))).toBe('auth.errors.emailInvalid');
    expect(authErrorKey(err('BAD_INPUT', 'scene'))).toBe('auth.errors.BAD_INPUT');
    expect(authErrorKey(err('BAD_INPUT', 'password.somethingNew'))).toBe('auth.errors.BAD_INPUT');
  });

  it('tells a lost session and network trouble apart', () => {
    expect(authErrorKey(SESSION_LOST)).toBe('auth.errors.session');
    expect(authErrorKey({ status: 403, message: 'x' })).toBe('auth.errors.session');
    expect(authErrorKey(err('NOT_LOGGED_IN'))).toBe('auth.errors.session');
    expect(authErrorKey({ status: 0, message: 'timeout' })).toBe('auth.errors.network');
    expect(authErrorKey({ status: 0, message: 'network' })).toBe('auth.errors.network');
  });

  it('falls back to a generic message', () => {
    expect(authErrorKey(err('SOMETHING_NEW'))).toBe('auth.errors.generic');
    expect(authErrorKey({ status: 500, message: 'boom' })).toBe('auth.errors.generic');
    expect(authErrorKey({ status: 0, message: 'request:repeat' })).toBe('auth.errors.generic');
    expect(authErrorKey(undefined)).toBe('auth.errors.generic');
    expect(authErrorKey('oops')).toBe('auth.errors.generic');
  });

  it('has a message in both languages for every key it can give', () => {
    const keys = [
      ...AUTH_ERROR_CODES.map((c) => `auth.errors.${c}`),
      ...AUTH_ERROR_EXTRAS.map((k) => `auth.errors.${k}`),
    ];
    for (const key of keys) {
      const zh = lookup(authCatalogue['zh-CN'], key);
      const en = lookup(authCatalogue['en-US'], key);
      expect(typeof zh, `zh-CN ${key}`).toBe('string');
      expect(typeof en, `en-US ${key}`).toBe('string');
      expect(zh as string).toMatch(/[\u4e00-\u9fff]/);
      expect(en as string).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('says the exact words of the spec for the key cases', () => {
    const zh = authCatalogue['zh-CN'].auth.errors;
    expect(zh.MOBILE_REGISTERED).toBe('该手机号已注册');
    expect(zh.LOGIN_FAILED).toBe('用户名或密码错误');
    expect(authCatalogue['en-US'].auth.errors.MOBILE_REGISTERED).toBe('This mobile number is already registered');
  });
});

describe('links offered with a message', () => {
  it('offers to log in for a registered phone, to register for an unknown one', () => {
    expect(offersLogin(err('MOBILE_REGISTERED'))).toBe(true);
    expect(offersLogin(err('CODE_WRONG'))).toBe(false);
    expect(offersLogin(undefined)).toBe(false);
    expect(offersRegister(err('USER_NOT_FOUND'))).toBe(true);
    expect(offersRegister(err('MOBILE_REGISTERED'))).toBe(false);
  });
});

describe('answered', () => {
  it('passes a value on and turns nothing into a lost session', () => {
    expect(answered(true)).toBe(true);
    expect(answered(0)).toBe(0);
    expect(() => answered(undefined)).toThrow();
    try {
      answered(null);
    } catch (e) {
      expect(authErrorKey(e)).toBe('auth.errors.session');
    }
  });
});
