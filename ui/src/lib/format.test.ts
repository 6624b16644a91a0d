import { describe, expect, it } from 'vitest';
import { compactYuan, formatTime, salaryText } from './format';

describe('salaryText', () => {
  it('shows a monthly range in 万 for Chinese', () => {
    expect(salaryText(20000, 35000, 'zh-CN')).toEqual({ key: 'salary.range', values: { min: '2万', max: '3.5万' } });
    expect(salaryText(8000, 12500, 'zh-CN')).toEqual({ key: 'salary.range', values: { min: '8000', max: '1.25万' } });
  });

  it('shows a monthly range in K for English', () => {
    expect(salaryText(20000, 35000, 'en-US')).toEqual({ key: 'salary.range', values: { min: '20K', max: '35K' } });
  });

  it('puts a reversed range right', () => {
    expect(salaryText(35000, 20000, 'en-US').values).toEqual({ min: '20K', max: '35K' });
  });

  it('reads one end as from / up to, the same ends as exact, nothing as negotiable', () => {
    expect(salaryText(20000, 0, 'zh-CN')).toEqual({ key: 'salary.from', values: { amount: '2万' } });
    expect(salaryText(null, 30000, 'zh-CN')).toEqual({ key: 'salary.upTo', values: { amount: '3万' } });
    expect(salaryText(15000, 15000, 'en-US')).toEqual({ key: 'salary.exact', values: { amount: '15K' } });
    expect(salaryText(0, 0, 'zh-CN')).toEqual({ key: 'salary.negotiable' });
    expect(salaryText(undefined, undefined, 'en-US')).toEqual({ key: 'salary.negotiable' });
  });

  it('takes the next unit when the amount rounds up to it, as the server-rendered pages do', () => {
    expect(compactYuan(999_999, 'en-US')).toBe('1M');
    expect(compactYuan(999_994, 'en-US')).toBe('999.99K');
    expect(salaryText(999_995, 0, 'en-US')).toEqual({ key: 'salary.from', values: { amount: '1M' } });
  });

  it('keeps small amounts whole', () => {
    expect(compactYuan(800, 'zh-CN')).toBe('800');
    expect(compactYuan(800, 'en-US')).toBe('800');
  });
});

describe('formatTime', () => {
  it('shows Beijing time whatever the machine zone', () => {
    // 2024-01-31T16:30:00Z is 2024-02-01 00:30 in Beijing.
    expect(formatTime(Date.UTC(2024, 0, 31, 16, 30))).toBe('2024-02-01 00:30');
    expect(formatTime(Date.UTC(2024, 0, 31, 16, 30), 'YYYY-MM-DD')).toBe('2024-02-01');
  });

  it('is empty for a missing time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });
});
