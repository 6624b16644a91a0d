import { request } from '@/lib/core';

export interface ApplyItem {
  id: number;
  jobId: number;
  jobTitle: string;
  companyId: number;
  companyName: string;
  city: string;
  salaryMin: number;
  salaryMax: number;
  resumeId: number;
  resumeTitle: string;
  /** 1 delivered, 2 viewed by the employer, 3 interested, 4 interview invited, 5 not suitable */
  status: number;
  closed: boolean;
  /** ms since the epoch */
  appliedAt: number;
  updatedAt: number;
}

export interface ApplyPage {
  list: ApplyItem[];
  total: number;
  page: number;
  pagesize: number;
  /** the newest resume is over 30 days old and the tip was not dismissed */
  updateTip: boolean;
}

/** `/pcuser/applyList`: one page of the caller's applications, newest first. */
export async function getApplyList(page: number, pagesize: number): Promise<ApplyPage> {
  const answer = await request<ApplyPage | null | undefined>('/pcuser/applyList', { page, pagesize });
  return answer ?? { list: [], total: 0, page, pagesize, updateTip: false };
}
