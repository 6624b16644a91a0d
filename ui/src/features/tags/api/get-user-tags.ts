import { call } from '@/lib/api/call';

/** `/tag/getUserTags`: the caller's tags, in order. */
export async function getUserTags(): Promise<string[]> {
  const tags = await call('/tag/getUserTags');
  return Array.isArray(tags) ? tags : [];
}
