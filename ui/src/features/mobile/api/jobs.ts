import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import type { CompanyPictures, CompanyVideo } from '@/components/company/company-pictures';

/** The job site's calls (docs/api.md, "The job site"), as the mobile pages read them. */
export interface JobCard {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  city: string;
  category: string;
  salaryMin: number;
  salaryMax: number;
  experience: string;
  education: string;
  tags: string[];
  keywords: string[];
  postedAt: number;
  closed: boolean;
  applied: boolean;
  saved: boolean;
  /** the company is verified: the 认证 badge */
  companyVerified?: boolean;
}

export interface CompanyInfo {
  id: number;
  name: string;
  shortName: string;
  industry: string;
  companyType: string;
  companySize: string;
  city: string;
  address: string;
  intro: string;
  openJobs: number;
  /** a reviewer verified the licence: the 认证 badge */
  verified?: boolean;
  pictures?: CompanyPictures | null;
  video?: CompanyVideo | null;
}

export interface JobPage {
  list: JobCard[];
  total: number;
  page: number;
  pagesize: number;
}

export interface SearchAnswer extends JobPage {
  terms: string[];
  loose: boolean;
}

/** `/job/search`: `params` are the URL's (`q`, filters, `sort`, `page`); the server takes the keyword as `kw`. */
export async function searchJobs(params: URLSearchParams, page: number, pagesize: number): Promise<SearchAnswer> {
  const body: Record<string, string | number> = { pagesize, page };
  for (const [k, v] of params) if (k !== 'page' && k !== 'q') body[k] = v;
  body.kw = params.get('q') ?? '';
  const answer = await request<SearchAnswer | null | undefined>('/job/search', body);
  return answer ?? { list: [], total: 0, page, pagesize, terms: [], loose: false };
}

export interface Home {
  hotKeywords: string[];
  jobCount: number;
  newest: JobCard[];
  recommended: JobCard[];
}

/** `/site/home`. */
export async function getHome(): Promise<Home> {
  return answered(await request<Home | null | undefined>('/site/home'));
}

export interface MyResume {
  id: number;
  title: string;
  resumeType: number;
  filled: boolean;
}

export interface JobDetail {
  job: JobCard;
  description: string;
  company: CompanyInfo;
  similar: JobCard[];
  myResumes: MyResume[];
  shieldedResumeIds: number[];
}

/** `/job/detail`. Errors: BAD_INPUT, NOT_FOUND. */
export async function getJobDetail(jobId: string): Promise<JobDetail> {
  return answered(await request<JobDetail | null | undefined>('/job/detail', { jobid: jobId }));
}

/** `/company/detail`: a company and a page of its open jobs. */
export async function getCompany(comId: string, page: number, pagesize: number): Promise<{ company: CompanyInfo; jobs: JobPage }> {
  return answered(await request<{ company: CompanyInfo; jobs: JobPage } | null | undefined>('/company/detail', { comId, page, pagesize }));
}
