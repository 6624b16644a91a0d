import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLoaderData, useLocation, useMatches, useRouteError } from 'react-router';
import { Result } from '@/components/ui/result';
import { lastHandle } from '@/components/keep-alive/route-handle';
import { scrollMemory } from '@/components/keep-alive/scroll-memory';
import { Header } from '@/components/layouts/header';
import { ZgzxHeader } from '@/features/zgzx/components/zgzx-header';
import { useAuth } from '@/lib/auth';
import { usePageTitleStore } from '@/lib/page-title';
import { useBrand } from '@/lib/site-config';
import type { GuardData } from '../guard';

/** After each navigation: title, scroll (top, or where a kept-alive page was left), keep-alive list. */
function useRouteEffects() {
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

  useEffect(() => {
    const onScroll = () => {
      if (currentKept.current) scrollMemory.save(currentKept.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

export function Root() {
  const data = useLoaderData() as GuardData | undefined;
  useRouteEffects();
  if (data?.blocked) return null;
  return (
    <div className="app-shell">
      <Outlet />
    </div>
  );
}

export function DefaultShell() {
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}

export function ZgzxShell() {
  return (
    <>
      <ZgzxHeader />
      <Outlet />
    </>
  );
}

export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return <Result status="error" pageHeading title={t('common.error')} action={{ label: t('common.reload'), onClick: () => window.location.reload() }} />;
}
