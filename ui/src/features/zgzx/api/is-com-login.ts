import { call } from '@/lib/api/call';

/** `/pclogin/isComLogin`: truthy when a company user is logged in on the recruiter site. */
export function isComLogin(): Promise<unknown> {
  return call('/pclogin/isComLogin');
}
