import { request } from '@/lib/core';
import type { Member } from './types';

/** `/comlogin/me`: the company member of this session, or null. */
export function getMe(): Promise<Member | null> {
  return request<Member | null>('/comlogin/me').then((m) => m ?? null);
}

/** `/comlogin/logout`: ends the company session. */
export function logout(): Promise<unknown> {
  return request('/comlogin/logout');
}
