import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from '@/i18n';
import { getFilters, type Label } from './api/get-filters';
import { useServerData } from './use-server-data';

/** A data value (Chinese) as the reader's language shows it. */
export function labelOf(value: string, list: Label[] | undefined, lang: Language): string {
  if (lang !== 'en-US') return value;
  return list?.find((l) => l.value === value)?.en ?? value;
}

export function labelText(l: Label, lang: Language): string {
  return lang === 'en-US' ? l.en : l.value;
}

export interface JobLabels {
  city(value: string): string;
  experience(value: string): string;
  education(value: string): string;
  industry(value: string): string;
  category(value: string): string;
  companyType(value: string): string;
  companySize(value: string): string;
  benefit(value: string): string;
}

/**
 * Job and company values (stored in Chinese: city, industry, experience, education, company type and
 * size, job category, benefits) in the reader's language, for every page that shows them (the job site, saved
 * jobs, applications, blocked companies). In English they are looked up in `/job/filters`, asked once
 * per page load; until it answers, or for a value it does not list, the stored text shows.
 */
export function useJobLabels(): JobLabels {
  useTranslation(); // re-renders on a language switch
  const lang = currentLanguage();
  // A failure leaves the stored text.
  const filters = useServerData(() => (lang === 'en-US' ? getFilters() : Promise.resolve(null)), [lang]).data ?? null;
  return useMemo(() => {
    const categories = filters?.categories.flatMap((g) => [g, ...g.categories]);
    return {
      city: (v) => labelOf(v, filters?.cities, lang),
      experience: (v) => labelOf(v, filters?.experience, lang),
      education: (v) => labelOf(v, filters?.education, lang),
      industry: (v) => labelOf(v, filters?.industries, lang),
      category: (v) => labelOf(v, categories, lang),
      companyType: (v) => labelOf(v, filters?.companyTypes, lang),
      companySize: (v) => labelOf(v, filters?.companySizes, lang),
      benefit: (v) => labelOf(v, filters?.benefits, lang),
    };
  }, [filters, lang]);
}
