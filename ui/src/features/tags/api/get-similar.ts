import { call } from '@/lib/api/call';

/** `/tag/getSimilar`: up to 12 tags related to the given ones, best first, the given ones excluded. */
export async function getSimilar(tags: string[]): Promise<string[]> {
  const similar = await call('/tag/getSimilar', { tags: JSON.stringify(tags) });
  return Array.isArray(similar) ? similar : [];
}
