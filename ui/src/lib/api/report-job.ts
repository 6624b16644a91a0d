import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** The reasons `/pcjob/report` takes, in the order the report form lists them (labels: `report.reason.*`). */
export const REPORT_REASONS = ['fake', 'fraud', 'discrimination', 'fee', 'contact', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The most a report's detail may hold (the server refuses more with BAD_INPUT `detail`). */
export const REPORT_DETAIL_MAX = 500;

/** `/pcjob/report`: a logged-in candidate reports a job (举报); it waits in the admin console's queue. */
export async function reportJob(jobId: number, reason: ReportReason, detail: string): Promise<void> {
  answered(await request<boolean | undefined>('/pcjob/report', { jobid: String(jobId), reason, detail: detail.trim() }));
}
