import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsLocale, setupDayjs } from './dates';

describe('week start', () => {
  setupDayjs();
  // 2025-01-01 is a Wednesday.
  const wednesday = '2025-01-01';

  it.each(['zh-CN', 'en-US'] as const)('%s weeks start on Monday', (lang) => {
    const d = dayjs(wednesday).locale(dayjsLocale(lang));
    expect(d.startOf('week').format('YYYY-MM-DD')).toBe('2024-12-30');
    expect(d.localeData().firstDayOfWeek()).toBe(1);
  });
});
