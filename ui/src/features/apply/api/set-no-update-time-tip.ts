import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/pcjob/setNoUpdateTimeTip`: dismisses the stale-resume tip until the resume is updated again. */
export async function setNoUpdateTimeTip(): Promise<true> {
  answered(await call('/pcjob/setNoUpdateTimeTip'));
  return true;
}
