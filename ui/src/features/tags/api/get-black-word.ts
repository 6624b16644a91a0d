import { call } from '@/lib/api/call';

/** `/tag/getBlackWord`: the words no tag may contain (the same list the server checks against). */
export async function getBlackWord(): Promise<string[]> {
  const words = await call('/tag/getBlackWord');
  return Array.isArray(words) ? words : [];
}
