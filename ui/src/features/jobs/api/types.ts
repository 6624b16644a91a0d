import type { CompanyPictures, CompanyVideo } from '@/components/company/company-pictures';
/** Shapes of the job site's calls (docs/api.md, "The job site"). */
export type { CategoryGroup, Label } from '@/lib/api/get-filters';

export interface JobCard {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  companyShortName: string;
  companyType: string;
  companySize: string;
  city: string;
  category: string;
  industry: string;
  salaryMin: number;
  salaryMax: number;
  experience: string;
  education: string;
  /** benefits */
  tags: string[];
  /** skills */
  keywords: string[];
  /** ms since the epoch */
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

export interface CompanyCard {
  id: number;
  name: string;
  shortName: string;
  industry: string;
  companyType: string;
  companySize: string;
  city: string;
  openJobs: number;
}

export interface JobPage {
  list: JobCard[];
  total: number;
  page: number;
  pagesize: number;
}
