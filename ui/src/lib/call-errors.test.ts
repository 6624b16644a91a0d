import { describe, expect, it } from 'vitest';
import { answered, callErrorKey, callErrorKeys, notRepeated, SESSION_LOST } from './call-errors';

describe('callErrorKey', () => {
  it("uses the feature's own wording for the codes it names", () => {
    expect(callErrorKey({ code: 'ORDER_NOT_PAYABLE', message: '' }, 'order', ['ORDER_NOT_PAYABLE'])).toBe('order.errors.ORDER_NOT_PAYABLE');
  });

  it('words the common codes the same everywhere', () => {
    expect(callErrorKey({ code: 'RATE_LIMITED', message: '' }, 'tags', ['BAD_INPUT'])).toBe('errors.RATE_LIMITED');
    expect(callErrorKey({ code: 'NOT_FOUND', message: '' }, 'apply', [])).toBe('errors.NOT_FOUND');
    expect(callErrorKey({ code: 'INTERNAL', message: '' }, 'apply', [])).toBe('errors.INTERNAL');
    expect(callErrorKey({ code: 'DB_UNAVAILABLE', message: '' }, 'apply', [])).toBe('errors.DB_UNAVAILABLE');
    expect(callErrorKey({ code: 'SOMETHING_NEW', message: '' }, 'apply', [])).toBe('errors.generic');
  });

  it('tells a lost session from a failed transport', () => {
    expect(callErrorKey({ status: 401, message: 'session' }, 'apply', [])).toBe('errors.session');
    expect(callErrorKey({ status: 403, message: '' }, 'apply', [])).toBe('errors.session');
    expect(callErrorKey({ status: 0, message: 'timeout' }, 'apply', [])).toBe('errors.network');
    expect(callErrorKey({ status: 502, message: 'HTTP 502' }, 'apply', [])).toBe('errors.network');
    expect(callErrorKey(new Error('boom'), 'apply', [])).toBe('errors.generic');
    expect(callErrorKey(null, 'apply', [])).toBe('errors.generic');
  });

  it('lists every key it can give', () => {
    expect(callErrorKeys('shield', ['BAD_INPUT'])).toEqual([
      'shield.errors.BAD_INPUT',
      'errors.NOT_FOUND',
      'errors.RATE_LIMITED',
      'errors.INTERNAL',
      'errors.DB_UNAVAILABLE',
      'errors.session',
      'errors.network',
      'errors.generic',
    ]);
  });
});

describe('answered', () => {
  it('treats a write answered with nothing as a lost session', () => {
    expect(answered(true)).toBe(true);
    expect(answered(0)).toBe(0);
    expect(() => answered(undefined)).toThrow();
    expect(() => answered(null)).toThrow();
    try {
      answered(undefined);
    } catch (e) {
      expect(e).toBe(SESSION_LOST);
      expect(callErrorKey(e, 'collect', [])).toBe('errors.session');
    }
  });
});

describe('notRepeated', () => {
  it('retries while the core refuses a repeat, then gives the answer', async () => {
    let calls = 0;
    const answer = await notRepeated(async () => {
      calls += 1;
      if (calls < 3) throw { status: 0, message: 'request:repeat' };
      return 'fresh';
    });
    expect(answer).toBe('fresh');
    expect(calls).toBe(3);
  });

  it('passes any other failure straight on', async () => {
    let calls = 0;
    const failure = { code: 'INTERNAL', message: '' };
    await expect(
      notRepeated(async () => {
        calls += 1;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
  });
});
