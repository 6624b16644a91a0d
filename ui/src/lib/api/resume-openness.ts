import { answered } from '@/lib/call-errors';
import { request, type Openness } from '@/lib/core';
import type { ResumeOpenness } from './answers';

/** One of the caller's resumes with its openness to employers (the server's type, ./answers.ts). */
export type { Openness, ResumeOpenness };

/** `/pcuser/typeList`: the caller's resumes with their openness, Chinese first. */
export async function getResumeOpenness(): Promise<ResumeOpenness[]> {
  const list = await request<ResumeOpenness[] | null | undefined>('/pcuser/typeList');
  return Array.isArray(list) ? list : [];
}

/** `/pcuser/updateType`: who may find the resume (public), only companies applied to (applied), or nobody by search (hidden). Errors: BAD_INPUT, NOT_FOUND. */
export async function updateResumeOpenness(resumeId: number, type: Openness): Promise<void> {
  answered(await request<boolean | undefined>('/pcuser/updateType', { resumeId: String(resumeId), type }));
}
