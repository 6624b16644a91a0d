import { request } from '@/lib/core';

export interface FoundCompany {
  comId: number;
  comname: string;
  /** the group's name, shared by the companies of one group */
  shortName: string;
  city: string;
  industry: string;
  /** blocked by the caller already */
  shielded: boolean;
}

/** `/pcuser/shieldSearch`: up to 20 companies whose full or short name contains `comname` (1-50 characters). */
export async function shieldSearch(comname: string): Promise<FoundCompany[]> {
  const list = await request<FoundCompany[] | null | undefined>('/pcuser/shieldSearch', { comname });
  return Array.isArray(list) ? list : [];
}
