import { describe, expect, it } from 'vitest';
import { isRepeatRefusal } from './request-error';

describe('isRepeatRefusal', () => {
  it('recognises the core refusal only', () => {
    expect(isRepeatRefusal({ status: 0, message: 'request:repeat' })).toBe(true);
    expect(isRepeatRefusal({ status: 0, message: 'timeout' })).toBe(false);
    expect(isRepeatRefusal({ code: 'LOGIN_FAILED', message: 'request:repeat' })).toBe(false);
    expect(isRepeatRefusal(null)).toBe(false);
  });
});
