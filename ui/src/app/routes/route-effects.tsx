import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useRouteError } from 'react-router';
import { Result } from '@/components/ui/result';
import { lastHandle } from '@/components/keep-alive/route-handle';
import { scrollMemory } from '@/components/keep-alive/scroll-memory';
import { useAuth } from '@/lib/auth';
import { usePageTitleStore } from '@/lib/page-title';
import { useBrand } from '@/lib/site-config';
import { dropServerPage, hasServerPage } from '@/lib/ssr-handoff';

// What the desktop app's root (./root.tsx) and the touch site's (../mobile.tsx) share, without either's frame.

/** How long a server-rendered page may wait for the app's page to say it is ready. */
const SSR_HANDOFF_LIMIT_MS = 10_000;

/** After each navigation: title, scroll (top, or where a kept-alive page was left), keep-alive list. */
export function useRouteEffects() {
  const location = useLocation();
  const handle = lastHandle(useMatches());
  const { t, i18n } = useTranslation();
  const addKeepAlive = useAuth((s) => s.addKeepAlive);
  const currentKept = useRef<string | undefined>(undefined);
  const site = useBrand();
  const pageTitle = usePageTitleStore((s) => s.title);

  useLayoutEffect(() => {
    currentKept.current = handle.keepAlive;
    if (handle.keepAlive) addKeepAlive(handle.keepAlive);
    const y = handle.keepAlive ? scrollMemory.get(handle.keepAlive) : undefined;
    window.scrollTo(0, y ?? 0);
    // Every navigation (location.key), also one that stays on the same route.
  }, [location.key, handle.keepAlive, addKeepAlive]);

  useEffect(() => {
    const page = pageTitle ?? (handle.titleKey ? t(handle.titleKey) : '');
    document.title = page ? `${page} - ${site}` : site;
  }, [location.key, handle.titleKey, i18n.language, t, site, pageTitle]);

  // A server-rendered page (lib/ssr-handoff.ts) goes when the reader moves on, or after a while if
  // the page never said it was ready, so the app is never left hidden behind it.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) dropServerPage();
  }, [location.key]);
  useEffect(() => {
    if (!hasServerPage()) return;
    const timer = window.setTimeout(dropServerPage, SSR_HANDOFF_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onScroll = () => {
      if (currentKept.current) scrollMemory.save(currentKept.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return <Result status="error" pageHeading title={t('common.error')} action={{ label: t('common.reload'), onClick: () => window.location.reload() }} />;
}
