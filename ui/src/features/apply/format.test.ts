import { describe, expect, it } from 'vitest';
import { APPLY_STATUSES, statusTag } from './format';

describe('statusTag', () => {
  it('names and colours each status', () => {
    expect(APPLY_STATUSES.map(statusTag)).toEqual([
      { key: 'apply.status.delivered', color: 'blue' },
      { key: 'apply.status.viewed', color: 'cyan' },
      { key: 'apply.status.interested', color: 'green' },
      { key: 'apply.status.interview', color: 'orange' },
      { key: 'apply.status.unsuitable', color: 'default' },
      { key: 'apply.status.hired', color: 'gold' },
    ]);
  });

  it('has a fallback for a status it does not know', () => {
    expect(statusTag(0)).toEqual({ key: 'apply.status.unknown', color: 'default' });
    expect(statusTag(7)).toEqual({ key: 'apply.status.unknown', color: 'default' });
  });
});
