import { request } from '@/lib/core';
import type { CategoryGroup, Label } from './get-filters';
import type { CompanyCard, JobCard } from './job-types';

export interface Home {
  hotKeywords: string[];
  categories: CategoryGroup[];
  cities: Label[];
  jobCount: number;
  newest: JobCard[];
  tags: string[];
  recommended: JobCard[];
  companies: CompanyCard[];
}

/** `/site/home`: everything the home page shows, in one call. */
export async function getHome(): Promise<Home> {
  const answer = await request<Home | null | undefined>('/site/home');
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
