import { request } from '@/lib/core';

export interface Block {
  comId: number;
  comname: string;
  shortName: string;
  city: string;
  industry: string;
  /** the resume hidden from the company (and its group) */
  resumeId: number;
  resumeTitle: string;
  /** ms since the epoch */
  createdAt: number;
}

/** `/pcuser/shieldList`: the caller's blocks, newest first. */
export async function getShieldList(): Promise<Block[]> {
  const list = await request<Block[] | null | undefined>('/pcuser/shieldList');
  return Array.isArray(list) ? list : [];
}
