import { describe, expect, it } from 'vitest';
import { loginPath, needsLogin, safeReturn } from './paths';

describe('mobile paths', () => {
  it('guards the user centre and the resume only', () => {
    expect(needsLogin('/m/my')).toBe(true);
    expect(needsLogin('/m/my/apply')).toBe(true);
    expect(needsLogin('/m/resume/detail')).toBe(true);
    expect(needsLogin('/m/search')).toBe(false);
    expect(needsLogin('/m/myself')).toBe(false);
    expect(needsLogin('/m/')).toBe(false);
  });
  it('comes back only to a page of the mobile site', () => {
    expect(loginPath('/m/my/apply')).toBe('/m/login?returnUrl=%2Fm%2Fmy%2Fapply');
    expect(safeReturn('/m/job/3')).toBe('/m/job/3');
    expect(safeReturn('https://evil.example/m/')).toBe('/m/my');
    expect(safeReturn('/my/apply')).toBe('/m/my');
    expect(safeReturn(null)).toBe('/m/my');
  });
});
