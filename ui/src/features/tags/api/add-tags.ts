import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/**
 * `/tag/addTags`: replaces the caller's tags with the whole list (sent as a JSON array).
 * Resolves with the list as saved (trimmed, duplicates dropped); rejects with BAD_INPUT
 * `tags.tooLong: <tag>`, `tags.totalTooLong` or `tags.blackWord: <tag>`, and nothing is saved.
 */
export async function addTags(tags: string[]): Promise<string[]> {
  return answered(await call('/tag/addTags', { tags: JSON.stringify(tags) }));
}
