import { describe, expect, it } from 'vitest';
import { newClientId } from './client-id';
import { draftKey, loadDraft, saveDraft, type DraftStorage } from './draft';

function memory(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('chat drafts', () => {
  it('keeps one draft per face and conversation', () => {
    const s = memory();
    saveDraft('chat', 1, 'hello\nthere', s);
    saveDraft('chat', 2, 'other', s);
    saveDraft('comchat', 1, 'member', s);
    expect(loadDraft('chat', 1, s)).toBe('hello\nthere');
    expect(loadDraft('chat', 2, s)).toBe('other');
    expect(loadDraft('comchat', 1, s)).toBe('member');
    expect(loadDraft('chat', 3, s)).toBe('');
    expect(s.data.has(draftKey('chat', 1))).toBe(true);
  });

  it('removes a draft emptied or sent', () => {
    const s = memory();
    saveDraft('chat', 1, 'x', s);
    saveDraft('chat', 1, '  ', s);
    expect(s.data.size).toBe(0);
  });

  it('survives a storage that refuses', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(() => saveDraft('chat', 1, 'x', broken)).not.toThrow();
    expect(loadDraft('chat', 1, broken)).toBe('');
  });
});

describe('client ids', () => {
  it('are 1-64 of the allowed characters and differ', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newClientId()).not.toBe(a);
  });
});
