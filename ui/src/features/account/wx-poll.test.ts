import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiredByClock, startPolling, wxView, WX_POLL_MS } from './wx-poll';

describe('wxView', () => {
  it('turns the poll status into what the QR modal shows', () => {
    expect(wxView('waiting', false)).toEqual({ state: 'waiting' });
    expect(wxView('bound', true)).toEqual({ state: 'bound' });
    expect(wxView('refused', false)).toEqual({ state: 'refused', key: 'account.wechat.refused' });
    expect(wxView('expired', false)).toEqual({ state: 'expired', key: 'account.wechat.expired' });
    expect(wxView(undefined, true)).toEqual({ state: 'bound' });
    expect(wxView(undefined, false)).toEqual({ state: 'waiting' });
  });

  it('knows a code past its time', () => {
    expect(expiredByClock(1000, 999)).toBe(false);
    expect(expiredByClock(1000, 1000)).toBe(true);
    expect(expiredByClock(0, 5)).toBe(false);
  });
});

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 2 s until the answer says stop', async () => {
    const answers = ['waiting', 'waiting', 'bound'];
    const poll = vi.fn(() => Promise.resolve(answers.shift() ?? 'bound'));
    const seen: string[] = [];
    startPolling(poll, (a) => {
      seen.push(a);
      return a === 'waiting';
    });
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WX_POLL_MS - 1);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(WX_POLL_MS * 5);
    expect(seen).toEqual(['waiting', 'waiting', 'bound']);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('waits for an answer before asking again, and goes on after a failure', async () => {
    let calls = 0;
    let release: (v: string) => void = () => {};
    const poll = vi.fn(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('network'));
      return new Promise<string>((r) => {
        release = r;
      });
    });
    startPolling(poll, () => true, 1000);
    await vi.advanceTimersByTimeAsync(1000); // 1st: fails
    await vi.advanceTimersByTimeAsync(1000); // 2nd: hangs
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).toHaveBeenCalledTimes(2);
    release('waiting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('stops when told, even with an answer on its way', async () => {
    let release: (v: string) => void = () => {};
    const poll = vi.fn(() => new Promise<string>((r) => (release = r)));
    const onAnswer = vi.fn(() => true);
    const stop = startPolling(poll, onAnswer, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    release('bound');
    await vi.advanceTimersByTimeAsync(5000);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(poll).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
