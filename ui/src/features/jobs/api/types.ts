/** Shapes of the job site's calls (docs/api.md, "The job site"): the server's, generated (lib/api/answers.ts). */
export type { CategoryGroup, CompanyCard, CompanyInfo, JobCard, JobPage, Label } from '@/lib/api/answers';
