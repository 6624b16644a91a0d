import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/pcjob/setNoUpdateTimeTip`: dismisses the stale-resume tip until the resume is updated again. */
export async function setNoUpdateTimeTip(): Promise<true> {
  answered(await request<boolean | undefined>('/pcjob/setNoUpdateTimeTip'));
  return true;
}
