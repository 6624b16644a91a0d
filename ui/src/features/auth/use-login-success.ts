import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { safeReturnUrl, type User } from '@/lib/core';
import { useSiteConfig } from '@/lib/site-config';

/** The `returnUrl` of the current address, passed on to links between the account screens. */
export function useReturnUrl(): string | null {
  const [params] = useSearchParams();
  return params.get('returnUrl');
}

/** `path` with the current `returnUrl` carried along. */
export function withReturnUrl(path: string, returnUrl: string | null): string {
  return returnUrl ? `${path}?returnUrl=${encodeURIComponent(returnUrl)}` : path;
}

/**
 * After any log-in (password, code, registration): store the user and go to the return URL,
 * checked by the core (an outside host falls back to /my), or /my.
 */
export function useLoginSuccess(): (user: User | null | undefined) => void {
  const returnUrl = useReturnUrl();
  const navigate = useNavigate();
  const mainHosts = useSiteConfig((s) => s.mainHosts);
  const setUser = useAuth((s) => s.setUser);
  return (user) => {
    setUser(user ?? null);
    const target = safeReturnUrl(returnUrl ?? paths.my.root, mainHosts, window.location.host);
    // A path stays in the app (the guard reloads the user); our other hosts get a full load.
    if (target.startsWith('/')) navigate(target, { replace: true });
    else window.location.href = target;
  };
}
