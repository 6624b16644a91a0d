import { describe, expect, it } from 'vitest';
import { INITIAL, answeredWith, failedWith, pause, started, type ServerState } from './use-server-data';

const ready: ServerState<string> = { status: 'ready', data: 'old', error: undefined, busy: false };
const failed: ServerState<string> = { status: 'failed', data: undefined, error: { status: 0 }, busy: false };

describe('server data states', () => {
  it('shows loading for a first fetch, and for a fetch that does not keep what is shown', () => {
    expect(started(INITIAL, 'show')).toEqual({ status: 'loading', data: undefined, error: undefined, busy: true });
    expect(started(ready, 'show')).toEqual({ status: 'loading', data: 'old', error: undefined, busy: true });
    expect(started(failed, 'show')).toMatchObject({ status: 'loading', busy: true });
  });

  it('keeps an answer on screen, busy, when told to', () => {
    expect(started(ready, 'keep')).toEqual({ ...ready, busy: true });
    expect(started(ready, 'show', true)).toEqual({ ...ready, busy: true });
    // Nothing on screen to keep: loading.
    expect(started(failed, 'keep')).toMatchObject({ status: 'loading', busy: true });
    expect(started(INITIAL, 'show', true)).toMatchObject({ status: 'loading', busy: true });
  });

  it('changes nothing for a quiet fetch until it ends', () => {
    expect(started(ready, 'quiet')).toBe(ready);
    expect(started(failed, 'quiet')).toBe(failed);
  });

  it('takes an answer, clearing the last failure', () => {
    expect(answeredWith('new')).toEqual({ status: 'ready', data: 'new', error: undefined, busy: false });
  });

  it('fails, keeping the last answer; a quiet fetch leaves a shown answer ready', () => {
    const e = { code: 'INTERNAL' };
    expect(failedWith({ ...ready, busy: true }, e, 'show')).toEqual({ status: 'failed', data: 'old', error: e, busy: false });
    expect(failedWith({ ...ready, busy: true }, e, 'keep')).toEqual({ status: 'failed', data: 'old', error: e, busy: false });
    expect(failedWith(ready, e, 'quiet')).toEqual({ status: 'ready', data: 'old', error: e, busy: false });
    expect(failedWith(INITIAL, e, 'quiet')).toMatchObject({ status: 'failed', error: e });
  });
});

describe('pause', () => {
  it('waits, or rejects once its fetch is dropped', async () => {
    await expect(pause(1, new AbortController().signal)).resolves.toBeUndefined();
    const dropped = new AbortController();
    const waiting = pause(10_000, dropped.signal);
    dropped.abort();
    await expect(waiting).rejects.toBeDefined();
  });
});
