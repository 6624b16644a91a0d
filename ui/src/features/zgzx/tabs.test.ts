import { describe, expect, it } from 'vitest';
import { initialZgzxTab } from './tabs';

describe('initialZgzxTab', () => {
  it("is 'jl' by default", () => {
    expect(initialZgzxTab('/zgzx/')).toBe('jl');
    expect(initialZgzxTab('/zgzx/my/tags')).toBe('jl');
    expect(initialZgzxTab('/search/')).toBe('jl');
  });

  it("is 'grzx' on application and favourites pages", () => {
    expect(initialZgzxTab('/zgzx/my/apply')).toBe('grzx');
    expect(initialZgzxTab('/zgzx/my/collect/')).toBe('grzx');
  });
});
