/**
 * Shapes of the recruiter site's calls (docs/api.md, "The recruiter site"): the server's answers are
 * generated (lib/api/answers.ts) and only re-exported here under the names the recruiter features use;
 * what the ui sends (`JobFields`) is its own.
 */
export type {
  Member,
  MemberRole as Role,
  Company,
  JobState,
  JobRow,
  CompanyJobList as JobList,
  PostedJob as JobDetail,
  StageCount as Stage,
  BoardCard as Application,
  BoardPage as ApplicationPage,
  PipelineNote as Note,
  PipelineMove as Move,
  ResumeHit,
} from '@/lib/api/answers';
import type { BoardCard, CardScore } from '@/lib/api/answers';

/** A card's assessment score: an application's, when an assessment was sent to it (an uploaded candidate has none). */
export function cardScore(card: BoardCard): CardScore | null {
  return card.source === 'apply' ? (card.assessment ?? null) : null;
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
