import { call } from '@/lib/api/call';
import type { SearchAnswer } from '@/lib/api/answers';
import type { SearchQuery } from '../search-query';
import { toPayload } from '../search-query';

/** A page of results; `terms`: words to highlight, lower-case, longest first; `loose`: no job held every word, these hold some. */
export type { SearchAnswer } from '@/lib/api/answers';

/** `/job/search`. Errors: BAD_INPUT. */
export async function searchJobs(q: SearchQuery, pagesize: number): Promise<SearchAnswer> {
  const answer: SearchAnswer | null | undefined = await call('/job/search', { ...toPayload(q), pagesize });
  return answer ?? { list: [], total: 0, page: q.page, pagesize, terms: [], loose: false };
}
