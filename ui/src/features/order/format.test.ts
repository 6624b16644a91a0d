import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, formatFen, localName, orderStatusTag, safePayUrl } from './format';

describe('formatFen', () => {
  it('shows integer fen as yuan with two decimals', () => {
    expect(formatFen(1990)).toBe('¥19.90');
    expect(formatFen(990)).toBe('¥9.90');
    expect(formatFen(2990)).toBe('¥29.90');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(100)).toBe('¥1.00');
  });

  it('groups thousands and keeps the sign', () => {
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(-1990)).toBe('-¥19.90');
  });
});

describe('orderStatusTag', () => {
  it('names and colours each status', () => {
    expect(ORDER_STATUSES.map(orderStatusTag)).toEqual([
      { key: 'order.status.pending', color: 'orange' },
      { key: 'order.status.paid', color: 'green' },
      { key: 'order.status.expired', color: 'default' },
      { key: 'order.status.cancelled', color: 'default' },
      { key: 'order.status.refunded', color: 'purple' },
    ]);
    expect(orderStatusTag(7)).toEqual({ key: 'order.status.unknown', color: 'default' });
  });
});

describe('safePayUrl', () => {
  it('opens our own paths and http(s) addresses only', () => {
    expect(safePayUrl('/dev/pay/ZD1')).toBe('/dev/pay/ZD1');
    expect(safePayUrl('https://pay.example.com/x')).toBe('https://pay.example.com/x');
    expect(safePayUrl('//evil.example.com/x')).toBeNull();
    expect(safePayUrl('javascript:alert(1)')).toBeNull();
    expect(safePayUrl(null)).toBeNull();
    expect(safePayUrl('')).toBeNull();
  });
});

describe('localName', () => {
  it('picks the reader’s language and falls back to the other', () => {
    expect(localName('简历置顶 7 天', 'Resume top placement, 7 days', 'en-US')).toBe('Resume top placement, 7 days');
    expect(localName('简历置顶 7 天', 'Resume top placement, 7 days', 'zh-CN')).toBe('简历置顶 7 天');
    expect(localName('简历置顶 7 天', '', 'en-US')).toBe('简历置顶 7 天');
  });
});
