import { request } from '@/lib/core';

/** A stored value (Chinese) and its English label, as `/job/filters` lists them (docs/api.md, "The job site"). */
export interface Label {
  value: string;
  en: string;
}

export interface CategoryGroup extends Label {
  categories: Label[];
}

export interface Filters {
  cities: Label[];
  categories: CategoryGroup[];
  industries: Label[];
  salaries: Label[];
  experience: Label[];
  education: Label[];
  companyTypes: Label[];
  companySizes: Label[];
  posted: Label[];
  /** Benefits a job may list; a company may also write its own, shown as written. */
  benefits: Label[];
}

let cached: Promise<Filters> | null = null;

/** `/job/filters`: the values a search can filter on, with their English labels; asked once per page load. */
export function getFilters(): Promise<Filters> {
  if (!cached) {
    cached = request<Filters | null | undefined>('/job/filters').then((f) => {
      if (!f) throw { status: 0, message: 'empty' };
      return f;
    });
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}
