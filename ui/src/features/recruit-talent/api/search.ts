import { call } from '@/lib/api/call';
import type { ResumeHitPage } from '@/lib/api/answers';

export interface ResumeQuery {
  keyword: string;
  city: string;
  education: string;
  /** Years of work: `1-3`, `3-5`, `5-10`, `10-`, or empty. */
  experience: string;
  category: string;
}

/** `/comresume/search`: filled resumes this company may see, those with top placement first. */
export function searchResumes(query: ResumeQuery, page: number, pagesize: number): Promise<ResumeHitPage> {
  return call('/comresume/search', { ...query, page, pagesize });
}
