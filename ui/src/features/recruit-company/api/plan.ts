import { request } from '@/lib/core';

/** Shapes of `/complan/*` (docs/api.md, "Plans and quotas"). */
export interface Quotas {
  resumeViews: number;
  downloads: number;
  refreshes: number;
}

export const QUOTA_KEYS = ['resumeViews', 'downloads', 'refreshes'] as const;

export interface Trial {
  companyId: number;
  contact: string;
  note: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  reviewedBy: string;
  createdAt: number;
  updatedAt: number;
  endsAt: number | null;
}

export interface PlanStatus {
  /** free, trial, or the code of the paid plan in effect (plan-order.ts). */
  plan: 'free' | 'trial' | 'basic_30d' | 'pro_30d';
  /** When the paid plan or trial in effect ends. */
  until: number | null;
  month: string;
  quotas: Quotas;
  used: Quotas;
  trial: Trial | null;
}

/** `/complan/get`: the plan, the month's quotas and their use. */
export function getPlan(): Promise<PlanStatus> {
  return request<PlanStatus>('/complan/get');
}

/** `/complan/applyTrial` (owner): a trial application, approved in the admin console. */
export function applyTrial(contact: string, note: string): Promise<PlanStatus> {
  return request<PlanStatus>('/complan/applyTrial', { contact, note });
}
