import { describe, expect, it } from 'vitest';
import { errorKey as collectErrorKey } from './errors';

// A feature's own wording for a code, through lib/call-errors' callErrorKey (its test is beside it, in lib/).
describe('collect errorKey', () => {
  it("uses the feature's own wording for the codes it names", () => {
    expect(collectErrorKey({ code: 'ALREADY_APPLIED', message: '' })).toBe('collect.errors.ALREADY_APPLIED');
    expect(collectErrorKey({ code: 'NOT_FOUND', message: '' })).toBe('collect.errors.NOT_FOUND');
  });
});
