import { request } from '@/lib/core';
import type { JobPage } from './job-types';

export interface SearchAnswer extends JobPage {
  /** words to highlight, lower-case, longest first */
  terms: string[];
  /** no job held every word: these hold some */
  loose: boolean;
}

/** A search as the server takes it: `kw` the keyword, the filters by name, `sort` and `page`. */
export type SearchPayload = Record<string, string | number> & { page: number };

/** `/job/search`. Errors: BAD_INPUT. */
export async function searchJobs(payload: SearchPayload, pagesize: number): Promise<SearchAnswer> {
  const answer = await request<SearchAnswer | null | undefined>('/job/search', { ...payload, pagesize });
  return answer ?? { list: [], total: 0, page: payload.page, pagesize, terms: [], loose: false };
}
