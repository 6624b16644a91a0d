import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { getFilters, type Filters } from './api/get-filters';
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
  const [filters, setFilters] = useState<Filters | null>(null);
  useEffect(() => {
    if (lang !== 'en-US' || filters) return;
    let live = true;
    getFilters().then(
      (f) => live && setFilters(f),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [lang, filters]);
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
