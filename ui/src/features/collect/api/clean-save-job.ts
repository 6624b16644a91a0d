import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/pcuser/cleanSaveJob`: removes every saved job; resolves with how many were removed. */
export async function cleanSaveJob(): Promise<number> {
  const removed = answered(await request<number | undefined>('/pcuser/cleanSaveJob'));
  return typeof removed === 'number' ? removed : 0;
}
