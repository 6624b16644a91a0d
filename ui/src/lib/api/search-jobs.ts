import { call } from '@/lib/api/call';
import type { SearchAnswer } from './answers';

/** A page of results; `terms`: words to highlight, lower-case, longest first; `loose`: no job held every word, these hold some. */
export type { SearchAnswer } from './answers';

/** A search as the server takes it: `kw` the keyword, the filters by name, `sort` and `page`. */
export type SearchPayload = Record<string, string | number> & { page: number };

/** `/job/search`. Errors: BAD_INPUT. */
export async function searchJobs(payload: SearchPayload, pagesize: number): Promise<SearchAnswer> {
  const answer: SearchAnswer | null | undefined = await call('/job/search', { ...payload, pagesize });
  return answer ?? { list: [], total: 0, page: payload.page, pagesize, terms: [], loose: false };
}
