import { describe, expect, it } from 'vitest';
import { coveredByGroup, searchTerm } from './format';

describe('searchTerm', () => {
  it('trims, refuses nothing, and keeps at most 50 characters', () => {
    expect(searchTerm('  腾讯 ')).toBe('腾讯');
    expect(searchTerm('   ')).toBeNull();
    expect(searchTerm('字'.repeat(60))).toBe('字'.repeat(50));
  });
});

describe('coveredByGroup', () => {
  const shenzhen = { comId: 1, shortName: '腾讯' };
  const beijing = { comId: 2, shortName: '腾讯' };
  const ali = { comId: 3, shortName: '阿里巴巴' };
  const nameless = { comId: 4, shortName: ' ' };

  it('names the group when another company of it is blocked', () => {
    expect(coveredByGroup(beijing, [shenzhen])).toBe('腾讯');
  });

  it('is null for the blocked company itself, other groups and companies without a group', () => {
    expect(coveredByGroup(shenzhen, [shenzhen])).toBeNull();
    expect(coveredByGroup(ali, [shenzhen])).toBeNull();
    expect(coveredByGroup(nameless, [{ comId: 5, shortName: ' ' }])).toBeNull();
  });
});
