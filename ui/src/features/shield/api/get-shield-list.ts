import { call } from '@/lib/api/call';
import type { Block } from '@/lib/api/answers';

export type { Block };

/** `/pcuser/shieldList`: the caller's blocks, newest first. */
export async function getShieldList(): Promise<Block[]> {
  const list = await call('/pcuser/shieldList');
  return Array.isArray(list) ? list : [];
}
