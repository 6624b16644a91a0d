/** The shapes the job site's calls share (docs/api.md, "The job site"), as the desktop and the touch site read them. */

/** A picture a company sent, as the server links it (`/ajax/company/picture/{id}`). */
export interface CompanyPicture {
  id: number;
  url: string;
}

/** The company's public pictures: logo, photos and the video's cover (the licence is never public). */
export interface CompanyPictures {
  logo: CompanyPicture | null;
  photos: CompanyPicture[];
  videoCover: CompanyPicture | null;
}

export interface CompanyVideo {
  url: string;
  title: string;
}

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
