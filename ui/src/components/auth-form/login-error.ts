/**
 * The one mapping from a failed account call to the message shown, as an i18n key:
 * server codes (docs/api.md) under `auth.errors`, the password rule under `password`,
 * and transport trouble. Used by /login, /register, /forgot-password and /my/account.
 * (`answered` and `SESSION_LOST` are lib/call-errors' own, passed on here for the account forms.)
 *
 * Rejections are `{code, message}` (the server said no) or `{status, message}` (the call did not get through).
 */
export { answered, SESSION_LOST } from '@/lib/call-errors';

export const AUTH_ERROR_CODES = [
  'BAD_INPUT',
  'LOGIN_FAILED',
  'ACCOUNT_DISABLED',
  'RATE_LIMITED',
  'CODE_REQUIRED',
  'CODE_WRONG',
  'SMS_TOO_FREQUENT',
  'CANNOT_RECEIVE_SMS',
  'SMS_FAILED',
  'MAIL_FAILED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_FAILED',
  'MOBILE_REGISTERED',
  'USER_NOT_FOUND',
  'ORIGINAL_PASSWORD_WRONG',
  'PASSWORDS_DIFFER',
  'AGREEMENT_REQUIRED',
  'MOBILE_BOUND',
  'MOBILE_SAME',
  'EMAIL_SAME',
  'EMAIL_BOUND_OTHER',
  'WX_ALREADY_BOUND',
  'WX_NOT_BOUND',
  'WX_FAILED',
  'NOT_FOUND',
  'INTERNAL',
] as const;

/** Keys for problems that are not a server code of their own. */
export const AUTH_ERROR_EXTRAS = [
  'mobileRequired',
  'mobileInvalid',
  'oldPasswordRequired',
  'emailInvalid',
  'session',
  'network',
  'generic',
] as const;

const PASSWORD_KEYS = ['password.length', 'password.space', 'password.onlyDigits', 'password.onlyLetters', 'password.common'];

/** `BAD_INPUT`'s message names the field or the broken rule. */
const BAD_INPUT_MESSAGES: Record<string, string> = {
  'mobile required': 'auth.errors.mobileRequired',
  mobile: 'auth.errors.mobileInvalid',
  'oldPassword required': 'auth.errors.oldPasswordRequired',
  'password required': 'auth.errors.oldPasswordRequired',
  'oldCode required': 'auth.errors.CODE_REQUIRED',
  email: 'auth.errors.emailInvalid',
};

interface Failure {
  code?: unknown;
  status?: unknown;
  message?: unknown;
}

function failureOf(error: unknown): Failure {
  return (error && typeof error === 'object' ? error : {}) as Failure;
}

export function errorCode(error: unknown): string | undefined {
  const code = failureOf(error).code;
  return typeof code === 'string' ? code : undefined;
}

/** The i18n key of the message shown for a failed account call. */
export function authErrorKey(error: unknown): string {
  const e = failureOf(error);
  if (typeof e.code === 'string') {
    if (e.code === 'BAD_INPUT' && typeof e.message === 'string') {
      const message = e.message.trim();
      if (PASSWORD_KEYS.includes(message)) return message;
      if (BAD_INPUT_MESSAGES[message]) return BAD_INPUT_MESSAGES[message];
    }
    if (e.code === 'NOT_LOGGED_IN') return 'auth.errors.session';
    return (AUTH_ERROR_CODES as readonly string[]).includes(e.code) ? `auth.errors.${e.code}` : 'auth.errors.generic';
  }
  if (e.status === 401 || e.status === 403) return 'auth.errors.session';
  if (e.status === 0 && (e.message === 'network' || e.message === 'timeout')) return 'auth.errors.network';
  return 'auth.errors.generic';
}

/** A phone that already has an account: the message comes with a link to log in. */
export function offersLogin(error: unknown): boolean {
  return errorCode(error) === 'MOBILE_REGISTERED';
}

/** A phone without an account: the message comes with a link to register. */
export function offersRegister(error: unknown): boolean {
  return errorCode(error) === 'USER_NOT_FOUND';
}
