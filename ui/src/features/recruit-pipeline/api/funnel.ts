import { call } from '@/lib/api/call';
import type { HiringFunnel, HiringSteps, JobFunnel } from '@/lib/api/answers';

/** Shapes of `/comresume/hiringFunnel` and `/comresume/funnel` (docs/api.md). */
export type { HiringFunnel };
export type Steps = HiringSteps;
export type JobViews = JobFunnel;

export const STEP_KEYS = ['applied', 'viewed', 'interview', 'offer', 'hired'] as const;

/** `/comresume/hiringFunnel`: of one job (`jobId`) or all (0). */
export function getHiringFunnel(input: { days: number; jobId: number }): Promise<HiringFunnel> {
  return call('/comresume/hiringFunnel', input);
}

/** `/comresume/funnel`: each job's impressions, views, saves and applications. */
export async function getJobViews(days: number): Promise<JobViews[]> {
  return (await call('/comresume/funnel', { days: Math.min(days, 90) })) ?? [];
}
