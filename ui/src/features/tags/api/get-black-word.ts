import { request } from '@/lib/core';

/** `/tag/getBlackWord`: the words no tag may contain (the same list the server checks against). */
export async function getBlackWord(): Promise<string[]> {
  const words = await request<string[] | null | undefined>('/tag/getBlackWord');
  return Array.isArray(words) ? words : [];
}
