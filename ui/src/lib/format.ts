/** How the site shows times and salaries, the same on every page. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { Language } from '@/i18n';
import { salaryParts } from '@/lib/core';

dayjs.extend(utc);

/** Beijing time (UTC+8, no daylight saving): the site's times read the same wherever the browser is. */
const BEIJING_MINUTES = 8 * 60;

/** `YYYY-MM-DD HH:mm` in Beijing time; empty for a missing time. */
export function formatTime(ms: number | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  return dayjs(ms).utcOffset(BEIJING_MINUTES).format(pattern);
}

/** Monthly yuan, short: 35000 is 3.5万 in Chinese and 35K in English (core-wasm's salary.rs). */
export function compactYuan(yuan: number, lang: Language): string {
  return salaryParts(yuan, yuan, lang === 'en-US')[1] ?? String(yuan);
}

/** An i18n key and its values. */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A monthly salary range: `2万-3.5万/月` / `¥20K-35K/month`; one end only reads "from" or "up to";
 * nothing at all is "negotiable". Keys under `salary` in the app catalogue; the form and the amounts
 * are core-wasm's (salary.rs), the same code the server-rendered pages use.
 */
export function salaryText(min: number | null | undefined, max: number | null | undefined, lang: Language): Text {
  const [kind, a, b] = salaryParts(min ?? 0, max ?? 0, lang === 'en-US');
  const key = `salary.${kind}`;
  if (b !== undefined) return { key, values: { min: a ?? '', max: b } };
  if (a !== undefined) return { key, values: { amount: a } };
  return { key };
}
