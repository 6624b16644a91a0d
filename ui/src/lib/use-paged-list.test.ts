import { describe, expect, it } from 'vitest';
import { lastPage } from './use-paged-list';

describe('lastPage', () => {
  it('is the last page holding items, at least 1', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });
});
