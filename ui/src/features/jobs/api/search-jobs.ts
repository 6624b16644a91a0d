import { request } from '@/lib/core';
import type { SearchQuery } from '../search-query';
import { toPayload } from '../search-query';
import type { JobPage } from './types';

export interface SearchAnswer extends JobPage {
  /** words to highlight, lower-case, longest first */
  terms: string[];
  /** no job held every word: these hold some */
  loose: boolean;
}

/** `/job/search`. Errors: BAD_INPUT. */
export async function searchJobs(q: SearchQuery, pagesize: number): Promise<SearchAnswer> {
  const answer = await request<SearchAnswer | null | undefined>('/job/search', { ...toPayload(q), pagesize });
  return answer ?? { list: [], total: 0, page: q.page, pagesize, terms: [], loose: false };
}
