import { request } from '@/lib/core';

/** `/tag/getUserTags`: the caller's tags, in order. */
export async function getUserTags(): Promise<string[]> {
  const tags = await request<string[] | null | undefined>('/tag/getUserTags');
  return Array.isArray(tags) ? tags : [];
}
