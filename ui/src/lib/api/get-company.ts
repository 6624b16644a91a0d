import { request } from '@/lib/core';
import type { CompanyInfo, JobPage } from './job-types';

export interface CompanyAnswer {
  company: CompanyInfo;
  jobs: JobPage;
}

/** `/company/detail`: a company and a page of its open jobs. Errors: BAD_INPUT, NOT_FOUND. */
export async function getCompany(comId: string, page: number, pagesize: number): Promise<CompanyAnswer> {
  const answer = await request<CompanyAnswer | null | undefined>('/company/detail', { comId, page, pagesize });
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
