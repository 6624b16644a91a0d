/** How the site shows times and salaries, the same on every page. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { Language } from '@/i18n';

dayjs.extend(utc);

/** Beijing time (UTC+8, no daylight saving): the site's times read the same wherever the browser is. */
const BEIJING_MINUTES = 8 * 60;

/** `YYYY-MM-DD HH:mm` in Beijing time; empty for a missing time. */
export function formatTime(ms: number | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  return dayjs(ms).utcOffset(BEIJING_MINUTES).format(pattern);
}

/** Monthly yuan, short: 35000 is 3.5万 in Chinese and 35K in English. */
export function compactYuan(yuan: number, lang: Language): string {
  return new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 2 }).format(yuan);
}

/** An i18n key and its values. */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A monthly salary range: `2万-3.5万/月` / `¥20K-35K/month`; one end only reads "from" or "up to";
 * nothing at all is "negotiable". Keys under `salary` in the app catalogue.
 */
export function salaryText(min: number | null | undefined, max: number | null | undefined, lang: Language): Text {
  const lo = min && min > 0 ? min : 0;
  const hi = max && max > 0 ? max : 0;
  if (!lo && !hi) return { key: 'salary.negotiable' };
  if (lo && hi && lo !== hi) {
    const [a, b] = lo < hi ? [lo, hi] : [hi, lo];
    return { key: 'salary.range', values: { min: compactYuan(a, lang), max: compactYuan(b, lang) } };
  }
  if (lo && hi) return { key: 'salary.exact', values: { amount: compactYuan(lo, lang) } };
  if (lo) return { key: 'salary.from', values: { amount: compactYuan(lo, lang) } };
  return { key: 'salary.upTo', values: { amount: compactYuan(hi, lang) } };
}
