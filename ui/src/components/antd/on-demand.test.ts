import { describe, expect, it, vi } from 'vitest';
import { onDemand, prefetch } from './on-demand';

describe('onDemand', () => {
  it('fetches once, however many ask', async () => {
    const importer = vi.fn(async () => ({ name: 'm' }));
    const m = onDemand(importer);
    expect(m.current()).toBeNull();
    const [a, b] = await Promise.all([m.load(), m.load()]);
    expect(a).toBe(b);
    expect(m.current()).toBe(a);
    await m.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 42;
    });
    const m = onDemand(importer);
    await expect(m.load()).rejects.toThrow('offline');
    expect(m.current()).toBeNull();
    fail = false;
    await expect(m.load()).resolves.toBe(42);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('prefetch swallows a failure, and the next load repairs it', async () => {
    let fail = true;
    const m = onDemand(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    prefetch(m);
    await new Promise((r) => setTimeout(r, 0));
    fail = false;
    await expect(m.load()).resolves.toBe('ok');
  });
});
