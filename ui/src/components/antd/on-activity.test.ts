import { describe, expect, it, vi } from 'vitest';

describe('onFirstActivity', () => {
  it('waits for the first thing the user does, then runs everything waiting, once', async () => {
    vi.stubGlobal('window', new EventTarget());
    vi.resetModules();
    const { onFirstActivity } = await import('./on-activity');
    const first = vi.fn();
    const second = vi.fn();
    onFirstActivity(first);
    onFirstActivity(second);
    window.dispatchEvent(new Event('scroll')); // the page scrolling itself is not the user
    expect(first).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    expect(first).toHaveBeenCalledTimes(1);
    // After the user has acted, a newcomer runs at once.
    const late = vi.fn();
    onFirstActivity(late);
    expect(late).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
