import { request } from '@/lib/core';

export interface SavedJob {
  jobId: number;
  title: string;
  companyId: number;
  companyName: string;
  city: string;
  salaryMin: number;
  salaryMax: number;
  experience: string;
  education: string;
  /** closed since it was saved: it stays listed */
  closed: boolean;
  /** the caller has applied for it */
  applied: boolean;
  /** ms since the epoch */
  savedAt: number;
}

export interface SavedPage {
  list: SavedJob[];
  total: number;
  page: number;
  pagesize: number;
}

/** `/pcuser/saveList`: one page of the caller's saved jobs, newest first. */
export async function getSaveList(page: number, pagesize: number): Promise<SavedPage> {
  const answer = await request<SavedPage | null | undefined>('/pcuser/saveList', { page, pagesize });
  return answer ?? { list: [], total: 0, page, pagesize };
}
