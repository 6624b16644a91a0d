import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intervalSeconds, secondsLeft, startCountdown } from './countdown';

describe('secondsLeft', () => {
  it('rounds up to whole seconds and stops at 0', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
    expect(secondsLeft(Number.NaN, 0)).toBe(0);
  });
});

describe('intervalSeconds', () => {
  it('takes the server interval, with 60 when it is missing or bad', () => {
    expect(intervalSeconds(60)).toBe(60);
    expect(intervalSeconds(0)).toBe(0);
    expect(intervalSeconds(2.2)).toBe(3);
    expect(intervalSeconds('45')).toBe(45);
    expect(intervalSeconds(undefined)).toBe(60);
    expect(intervalSeconds(-1)).toBe(60);
    expect(intervalSeconds('soon')).toBe(60);
    expect(intervalSeconds(1e9)).toBe(3600);
  });
});

describe('startCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks once a second from the interval down to 0, then stops', () => {
    const ticks: number[] = [];
    startCountdown(3, (s) => ticks.push(s));
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([3, 2]);
    vi.advanceTimersByTime(2000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    vi.advanceTimersByTime(5000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts 60 seconds for a 60-second interval', () => {
    const ticks: number[] = [];
    startCountdown(60, (s) => ticks.push(s));
    vi.advanceTimersByTime(59_000);
    expect(ticks.at(-1)).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)).toBe(0);
    expect(ticks).toHaveLength(61);
  });

  it('can be stopped early', () => {
    const ticks: number[] = [];
    const stop = startCountdown(10, (s) => ticks.push(s));
    vi.advanceTimersByTime(2000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([10, 9, 8]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with 0 seconds says 0 and sets no timer', () => {
    const ticks: number[] = [];
    startCountdown(0, (s) => ticks.push(s));
    expect(ticks).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock, not the number of timer calls (a throttled tab)', () => {
    const ticks: number[] = [];
    startCountdown(60, (s) => ticks.push(s));
    // The tab slept: the next timer runs 30 s late.
    vi.setSystemTime(1_000_000 + 30_000);
    vi.advanceTimersByTime(250);
    expect(ticks.at(-1)).toBe(30);
  });
});
