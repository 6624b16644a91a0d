import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/pcuser/cleanSaveJob`: removes every saved job; resolves with how many were removed. */
export async function cleanSaveJob(): Promise<number> {
  const removed = answered(await call('/pcuser/cleanSaveJob'));
  return typeof removed === 'number' ? removed : 0;
}
