import type { SearchPayload } from '@/lib/api/search-jobs';

/** The whole search lives in the URL (`/search?q=…&city=…&page=2`): shareable, and the back button works. */
export const FILTER_KEYS = ['city', 'category', 'industry', 'salary', 'experience', 'education', 'comType', 'comSize', 'posted'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Sort = 'relevance' | 'newest' | 'salary';

export interface SearchQuery {
  q: string;
  filters: Partial<Record<FilterKey, string>>;
  sort: Sort;
  page: number;
}

export function parseQuery(params: URLSearchParams): SearchQuery {
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (v) filters[k] = v;
  }
  const s = params.get('sort');
  const sort: Sort = s === 'newest' || s === 'salary' ? s : 'relevance';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { q: (params.get('q') ?? '').trim(), filters, sort, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The URL search string of a query, defaults left out (`?q=java&city=北京`). */
export function queryString(query: SearchQuery): string {
  const p = new URLSearchParams();
  if (query.q) p.set('q', query.q);
  for (const k of FILTER_KEYS) {
    const v = query.filters[k];
    if (v) p.set(k, v);
  }
  if (query.sort !== 'relevance') p.set('sort', query.sort);
  if (query.page > 1) p.set('page', String(query.page));
  const s = p.toString().replace(/\+/g, '%20');
  return s ? `?${s}` : '';
}

/** A change of keyword, filter or sort starts again at page 1. */
export function withFilter(query: SearchQuery, key: FilterKey, value: string | undefined): SearchQuery {
  const filters = { ...query.filters };
  if (value) filters[key] = value;
  else delete filters[key];
  return { ...query, filters, page: 1 };
}

/** The form the server takes (`/job/search`): `kw` for the keyword. */
export function toPayload(query: SearchQuery): SearchPayload {
  return { kw: query.q, ...query.filters, sort: query.sort, page: query.page };
}
