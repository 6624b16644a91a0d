import { request } from '@/lib/core';
import type { ResumeHit } from '@/components/recruit/api/types';

export interface ResumeQuery {
  keyword: string;
  city: string;
  education: string;
  /** Years of work: `1-3`, `3-5`, `5-10`, `10-`, or empty. */
  experience: string;
  category: string;
}

/** `/comresume/search`: filled resumes this company may see, those with top placement first. */
export function searchResumes(query: ResumeQuery, page: number, pagesize: number): Promise<{ total: number; list: ResumeHit[] }> {
  return request<{ total: number; list: ResumeHit[] }>('/comresume/search', { ...query, page, pagesize });
}
