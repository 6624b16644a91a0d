import { call } from '@/lib/api/call';
import type { CompanyAnswer } from './answers';

/** A company and a page of its open jobs: the server's type (answers.ts). */
export type { CompanyAnswer } from './answers';

/** `/company/detail`: a company and a page of its open jobs. Errors: BAD_INPUT, NOT_FOUND. */
export async function getCompany(comId: string, page: number, pagesize: number): Promise<CompanyAnswer> {
  const answer = await call('/company/detail', { comId, page, pagesize });
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
