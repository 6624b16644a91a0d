import { call } from '@/lib/api/call';
import type { SavedJob, SavedPage } from '@/lib/api/answers';

export type { SavedJob, SavedPage };

/** `/pcuser/saveList`: one page of the caller's saved jobs, newest first. */
export async function getSaveList(page: number, pagesize: number): Promise<SavedPage> {
  const answer = await call('/pcuser/saveList', { page, pagesize });
  return answer ?? { list: [], total: 0, page, pagesize };
}
