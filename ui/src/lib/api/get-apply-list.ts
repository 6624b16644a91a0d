import { call } from '@/lib/api/call';
import type { ApplyItem, ApplyPage } from '@/lib/api/answers';

export type { ApplyItem, ApplyPage };

/** `/pcuser/applyList`: one page of the caller's applications, newest first. */
export async function getApplyList(page: number, pagesize: number): Promise<ApplyPage> {
  const answer = await call('/pcuser/applyList', { page, pagesize });
  return answer ?? { list: [], total: 0, page, pagesize, updateTip: false };
}
