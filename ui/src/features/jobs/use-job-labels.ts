import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { useServerData } from '@/lib/use-server-data';
import { getFilters } from './api/get-filters';
import { labelOf } from './labels';

export interface JobLabels {
  city(value: string): string;
  experience(value: string): string;
  education(value: string): string;
  industry(value: string): string;
  companyType(value: string): string;
  companySize(value: string): string;
}

/** Job and company values (stored in Chinese) in the reader's language. In English they are
 *  looked up in `/job/filters`, asked once per page load; until it answers, or for a value it
 *  does not list, the stored text shows. */
export function useJobLabels(): JobLabels {
  useTranslation(); // re-renders on a language switch
  const lang = currentLanguage();
  // A failure leaves the stored text.
  const filters = useServerData(() => (lang === 'en-US' ? getFilters() : Promise.resolve(null)), [lang]).data ?? null;
  return useMemo(
    () => ({
      city: (v) => labelOf(v, filters?.cities, lang),
      experience: (v) => labelOf(v, filters?.experience, lang),
      education: (v) => labelOf(v, filters?.education, lang),
      industry: (v) => labelOf(v, filters?.industries, lang),
      companyType: (v) => labelOf(v, filters?.companyTypes, lang),
      companySize: (v) => labelOf(v, filters?.companySizes, lang),
    }),
    [filters, lang],
  );
}
