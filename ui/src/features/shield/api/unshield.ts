import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/pcuser/unshield`: lifts the block of that company for that resume. Errors: NOT_FOUND (no such block). */
export async function unshield(comId: number, resumeId: number | string): Promise<true> {
  answered(await call('/pcuser/unshield', { comId: String(comId), resumeId: String(resumeId) }));
  return true;
}
