import { request } from '@/lib/core';
import type { CategoryGroup, Label } from './types';

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
}

let cached: Promise<Filters> | null = null;

/** `/job/filters`: the values a search can filter on; asked once per page load. */
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
