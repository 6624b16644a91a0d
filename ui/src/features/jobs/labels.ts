import type { Language } from '@/i18n';
import type { Label } from './api/types';

/** A data value (Chinese) as the reader's language shows it. */
export function labelOf(value: string, list: Label[] | undefined, lang: Language): string {
  if (lang !== 'en-US') return value;
  return list?.find((l) => l.value === value)?.en ?? value;
}

export function labelText(l: Label, lang: Language): string {
  return lang === 'en-US' ? l.en : l.value;
}
