import { request } from '@/lib/core';

/** Shapes of `/comresume/hiringFunnel` and `/comresume/funnel` (docs/api.md). */
export interface Steps {
  applied: number;
  viewed: number;
  interview: number;
  offer: number;
  hired: number;
}

export const STEP_KEYS = ['applied', 'viewed', 'interview', 'offer', 'hired'] as const;

export interface HiringFunnel {
  days: number;
  jobId: number | null;
  /** Job pages opened in the window: the step before applying. */
  views: number;
  /** steps.applied / views. */
  viewConversion: number;
  steps: Steps;
  /** Each step over the one before it. */
  conversion: number[];
  stageTimes: Array<{ stageId: number; name: string; status: number; applications: number; averageHours: number }>;
  sources: Array<{ source: string; applications: number }>;
  jobs: Array<{ jobId: number; title: string; views: number; steps: Steps; conversion: number[] }>;
}

export interface JobViews {
  jobId: number;
  title: string;
  closed: boolean;
  impressions: number;
  views: number;
  saves: number;
  applications: number;
  conversion: number;
}

/** `/comresume/hiringFunnel`: of one job (`jobId`) or all (0). */
export function getHiringFunnel(input: { days: number; jobId: number }): Promise<HiringFunnel> {
  return request<HiringFunnel>('/comresume/hiringFunnel', input);
}

/** `/comresume/funnel`: each job's impressions, views, saves and applications. */
export function getJobViews(days: number): Promise<JobViews[]> {
  return request<JobViews[] | null>('/comresume/funnel', { days: Math.min(days, 90) }).then((l) => l ?? []);
}
