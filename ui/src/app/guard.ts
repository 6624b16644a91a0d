import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { fetchLoginUser, useAuth } from '@/lib/auth';
import { guardDecision } from '@/lib/core';
import { inFrame, postToParent } from '@/lib/frame';
import { partnerLinkOf, withoutPartnerLink } from '@/lib/partner-link';

export interface GuardData {
  /** true when the parent frame was told to log out: nothing is shown */
  blocked: boolean;
}

/**
 * Runs before every navigation: asks `/pclogin/islogin`, stores the user, and applies the core's decision.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData> {
  const url = new URL(request.url);
  const partner = partnerLinkOf(url);
  let user = useAuth.getState().user;
  try {
    user = await fetchLoginUser(partner);
  } catch {
    // Transport trouble: keep what we knew.
  }
  useAuth.getState().setUser(user);
  // The signature has done its work (or failed): keep it out of the address bar.
  if (partner) throw redirect(withoutPartnerLink(url));
  const decision = guardDecision(url.pathname + url.search, user, inFrame());
  if (decision.action === 'redirect') throw redirect(decision.url);
  if (decision.action === 'postLogout') {
    postToParent({ type: 'logout' });
    return { blocked: true };
  }
  return { blocked: false };
}
