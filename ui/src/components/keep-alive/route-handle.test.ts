import { describe, expect, it } from 'vitest';
import { lastHandle } from './route-handle';

describe('lastHandle', () => {
  it('takes the deepest route that declares something', () => {
    const matches = [
      { handle: undefined },
      { handle: { titleKey: 'title.edit' } },
      { handle: { titleKey: 'title.tags', keepAlive: 'tags' } },
      { handle: {} },
    ];
    expect(lastHandle(matches)).toEqual({ titleKey: 'title.tags', keepAlive: 'tags' });
    expect(lastHandle(matches.slice(0, 2))).toEqual({ titleKey: 'title.edit' });
    expect(lastHandle([])).toEqual({});
  });
});
