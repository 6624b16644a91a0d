import { call } from '@/lib/api/call';
import type { FoundCompany } from '@/lib/api/answers';

export type { FoundCompany };

/** `/pcuser/shieldSearch`: up to 20 companies whose full or short name contains `comname` (1-50 characters). */
export async function shieldSearch(comname: string): Promise<FoundCompany[]> {
  const list = await call('/pcuser/shieldSearch', { comname });
  return Array.isArray(list) ? list : [];
}
