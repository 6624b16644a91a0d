import type { CompanyPicture, CompanyPictures } from '@/components/company/company-pictures';
/** Shapes of the recruiter site's calls (docs/api.md, "The recruiter site"). */

export type Role = 'owner' | 'hr' | 'interviewer';

/** `/comlogin/me`: the company member logged in. */
export interface Member {
  id: number;
  name: string;
  mobile: string;
  role: Role;
  company: { id: number; name: string; shortName: string };
}

export interface Company {
  id: number;
  name: string;
  shortName: string;
  industry: string;
  companyType: string;
  companySize: string;
  city: string;
  address: string;
  intro: string;
  videoUrl: string;
  videoTitle: string;
  /** Answered by get and save, never sent. */
  pictures?: CompanyPictures;
  /** The business licence, to the owner only. */
  licence?: CompanyPicture | null;
  /** The admins' review, null before any; a rejection carries its reason. */
  review?: { status: 'pending' | 'verified' | 'rejected'; reason: string } | null;
}

export type JobState = 'open' | 'draft' | 'closed';

export interface JobRow {
  id: number;
  title: string;
  city: string;
  category: string;
  salaryMin: number;
  salaryMax: number;
  state: JobState;
  applications: number;
  newApplications: number;
  createdAt: number;
  updatedAt: number;
  refreshedAt: number | null;
  /** Why a reviewer took the job down, while it is down; editing and saving resubmits it. */
  takedownReason: string | null;
  /** The black words that hold it for the site's review, while it waits (issue 19). */
  heldWords: string | null;
}

export interface JobList {
  total: number;
  counts: Record<JobState, number>;
  list: JobRow[];
}

/** What `/comjob/save` takes; numbers as typed. */
export interface JobFields {
  title: string;
  category: string;
  city: string;
  district: string;
  salaryMin: string;
  salaryMax: string;
  salaryMonths: string;
  experience: string;
  education: string;
  headcount: string;
  tags: string;
  keywords: string;
  description: string;
  contact: string;
}

/** `/comjob/get`. Lists may come as arrays or comma-separated text; numbers as numbers. */
export interface JobDetail {
  id: number;
  state: JobState;
  refreshesLeft: number;
  [field: string]: unknown;
}

export interface Stage {
  id: number;
  name: string;
  /** The candidate-side status: 1 delivered, 2 viewed, 3 interested, 4 interview, 5 not suitable, 6 hired. */
  status: number;
  position: number;
  count: number;
}

export interface Application {
  /** The card's id: an application's, or an uploaded private candidate's place on the job's pipeline (`source: 'upload'`). */
  applyId: number;
  jobId: number;
  jobTitle: string;
  /** Null for an uploaded private candidate: it has no account and no resume on the site. */
  resumeId: number | null;
  userId: number | null;
  /** `apply`: a candidate's application; `upload`: a private candidate of the talent pool (opened by `talentId`). */
  source?: 'apply' | 'upload';
  talentId?: number;
  name: string;
  gender: string;
  city: string;
  education: string;
  workSince: string;
  stageId: number;
  stageName: string;
  status: number;
  viewed: boolean;
  appliedAt: number;
  stageAt: number;
  /** The assessments sent to it, scored together; absent when none was sent. */
  assessment?: { score: number; maxScore: number; pending: boolean };
}

export interface ApplicationPage {
  total: number;
  list: Application[];
}

export interface Note {
  id: number;
  text: string;
  memberName: string;
  createdAt: number;
}

export interface Move {
  /** The stage's name or id; null for the landing in the first stage. */
  fromStage: string | number | null;
  toStage: string | number;
  memberName: string;
  at: number;
}

export interface ResumeHit {
  resumeId: number;
  name: string;
  title: string;
  city: string;
  education: string;
  workSince: string;
  targetCategory: string;
  keywords: string[] | string;
  updatedAt: number;
  top: boolean;
}
