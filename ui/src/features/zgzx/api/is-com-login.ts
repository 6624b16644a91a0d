import { request } from '@/lib/core';

/** `/pclogin/isComLogin`: truthy when a company user is logged in on the recruiter site. */
export function isComLogin(): Promise<unknown> {
  return request<unknown>('/pclogin/isComLogin');
}
