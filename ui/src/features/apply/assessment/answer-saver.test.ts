import { describe, expect, it } from 'vitest';
import { AnswerSaver, type SaverState } from './answer-saver';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  } as Storage;
}

describe('AnswerSaver', () => {
  it('keeps an unsent answer in storage and sends it when the connection is back', async () => {
    const storage = memory();
    const sent: Array<[number, string]> = [];
    let online = false;
    const states: SaverState[] = [];
    const send = (q: number, a: string) => (online ? (sent.push([q, a]), Promise.resolve({})) : Promise.reject({ status: 0, message: 'network' }));
    const saver = new AnswerSaver({ send, storage, key: 'k', onState: (s) => states.push(s), retryMs: 60_000 });
    saver.save(0, '1');
    await saver.flush();
    expect(states).toContain('offline');
    expect(JSON.parse(storage.getItem('k') ?? '{}')).toEqual({ '0': '1' });

    // The page is reloaded while offline: the new saver finds the answer and sends it.
    saver.stop();
    online = true;
    const again = new AnswerSaver({ send, storage, key: 'k', onState: (s) => states.push(s) });
    expect(again.unsent()).toEqual({ '0': '1' });
    expect(await again.flush()).toBe(true);
    expect(sent).toEqual([[0, '1']]);
    expect(storage.getItem('k')).toBeNull();
    expect(states.at(-1)).toBe('saved');
  });

  it('sends the latest answer of a question, one call at a time', async () => {
    const storage = memory();
    const sent: Array<[number, string]> = [];
    let release: () => void = () => {};
    const send = (q: number, a: string) => {
      sent.push([q, a]);
      return sent.length === 1 ? new Promise((r) => (release = () => r({}))) : Promise.resolve({});
    };
    const saver = new AnswerSaver({ send, storage, key: 'k', onState: () => {} });
    saver.save(0, '0');
    saver.save(0, '1');
    saver.save(1, 'x');
    expect(sent).toEqual([[0, '0']]);
    release();
    await new Promise((r) => setTimeout(r, 0));
    await saver.flush();
    expect(sent).toEqual([
      [0, '0'],
      [0, '1'],
      [1, 'x'],
    ]);
    expect(storage.getItem('k')).toBeNull();
  });

  it('stops when the server closes the answers', async () => {
    const storage = memory();
    let closed: unknown = null;
    const saver = new AnswerSaver({
      send: () => Promise.reject({ code: 'ASSESSMENT_TIME_UP', message: '' }),
      storage,
      key: 'k',
      onState: (s, e) => {
        if (s === 'closed') closed = e;
      },
    });
    saver.save(2, 'late');
    expect(await saver.flush()).toBe(false);
    expect(closed).toEqual({ code: 'ASSESSMENT_TIME_UP', message: '' });
  });
});
