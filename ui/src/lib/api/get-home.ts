import { call } from '@/lib/api/call';
import type { Home } from './answers';

export type { Home } from './answers';

/** `/site/home`: everything the home page shows, in one call. */
export async function getHome(): Promise<Home> {
  const answer = await call('/site/home');
  if (!answer) throw { status: 0, message: 'empty' };
  return answer;
}
