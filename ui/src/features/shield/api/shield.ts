import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/pcuser/shield`: hides the resume from the company and its group. Blocking twice keeps one block. */
export async function shield(comId: number, resumeId: number | string): Promise<true> {
  answered(await call('/pcuser/shield', { comId: String(comId), resumeId: String(resumeId) }));
  return true;
}
