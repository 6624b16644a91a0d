import { answered } from '@/lib/call-errors';
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
  resumeTitle: string;
  /** 1 delivered, 2 viewed, 3 interested, 4 interview invited, 5 not suitable */
  status: number;
  closed: boolean;
  appliedAt: number;
}

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
  closed: boolean;
  applied: boolean;
  savedAt: number;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pagesize: number;
}

/** `/pcuser/applyList`: the caller's applications, newest first. */
export async function getApplyList(page: number, pagesize: number): Promise<Paged<ApplyItem>> {
  return (await request<Paged<ApplyItem> | null | undefined>('/pcuser/applyList', { page, pagesize })) ?? { list: [], total: 0, page, pagesize };
}

/** `/pcuser/saveList`: the caller's saved jobs, newest first. */
export async function getSaveList(page: number, pagesize: number): Promise<Paged<SavedJob>> {
  return (await request<Paged<SavedJob> | null | undefined>('/pcuser/saveList', { page, pagesize })) ?? { list: [], total: 0, page, pagesize };
}

/** `/pcuser/modifypassword`: sets or changes the password (the old one when there is one). */
export async function modifyPassword(input: { oldPassword?: string; password: string; confirmPassword: string }): Promise<void> {
  answered(await request<boolean>('/pcuser/modifypassword', { oldPassword: input.oldPassword ?? '', ...input }));
}
