import { call } from '@/lib/api/call';
import type { Member } from './types';

/** `/comlogin/me`: the company member of this session, or null. */
export async function getMe(): Promise<Member | null> {
  return (await call('/comlogin/me')) ?? null;
}

/** `/comlogin/logout`: ends the company session. */
export function logout(): Promise<boolean> {
  return call('/comlogin/logout');
}
