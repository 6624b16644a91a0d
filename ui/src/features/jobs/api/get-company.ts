import { call } from '@/lib/api/call';
import type { CompanyAnswer } from '@/lib/api/answers';

export type { CompanyAnswer } from '@/lib/api/answers';

/** `/company/detail`: a company and a page of its open jobs. Errors: BAD_INPUT, NOT_FOUND. */
export async function getCompany(comId: string, page: number, pagesize: number): Promise<CompanyAnswer> {
  const answer = await call('/company/detail', { comId, page, pagesize });
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
