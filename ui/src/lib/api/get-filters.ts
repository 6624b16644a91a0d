import { request } from '@/lib/core';
import type { Filters } from './answers';

/** `Label`: a stored value (Chinese) and its English label, as `/job/filters` lists them (docs/api.md, "The job site"). */
export type { CategoryGroup, Filters, Label } from './answers';

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
