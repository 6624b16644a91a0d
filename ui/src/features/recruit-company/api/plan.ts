import { call } from '@/lib/api/call';
import type { CompanyTrial, PlanStatus, Quotas } from '@/lib/api/answers';

/** Shapes of `/complan/*` (docs/api.md, "Plans and quotas"). */
export type { PlanStatus, Quotas };
export type Trial = CompanyTrial;

export const QUOTA_KEYS = ['resumeViews', 'downloads', 'refreshes'] as const;

/** `/complan/get`: the plan, the month's quotas and their use. */
export function getPlan(): Promise<PlanStatus> {
  return call('/complan/get');
}

/** `/complan/applyTrial` (owner): a trial application, approved in the admin console. */
export function applyTrial(contact: string, note: string): Promise<PlanStatus> {
  return call('/complan/applyTrial', { contact, note });
}
