import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './picture-url';

describe('thumbnailUrl', () => {
  it('asks the same address for the smallest thumbnail sharp at 2×', () => {
    expect(thumbnailUrl('/ajax/company/picture/12', 44)).toBe('/ajax/company/picture/12?size=96');
    expect(thumbnailUrl('/ajax/company/picture/12', 48)).toBe('/ajax/company/picture/12?size=96');
    expect(thumbnailUrl('/ajax/company/picture/12', 64)).toBe('/ajax/company/picture/12?size=240');
    expect(thumbnailUrl('/ajax/company/picture/12', 400)).toBe('/ajax/company/picture/12?size=240');
  });

  it('keeps a query and a fragment the address has', () => {
    expect(thumbnailUrl('/ajax/resume/file/3?download=1', 40)).toBe('/ajax/resume/file/3?download=1&size=96');
    expect(thumbnailUrl('/ajax/company/picture/12#x', 40)).toBe('/ajax/company/picture/12?size=96#x');
  });
});
