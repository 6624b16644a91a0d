import { request } from '@/lib/core';
import type { CompanyInfo, JobCard } from './job-types';

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
  const answer = await request<JobDetail | null | undefined>('/job/detail', { jobid: jobId });
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
