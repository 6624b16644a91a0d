import { ChatBadge } from '@/components/chat/chat-badge';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useLocation, useMatches, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { lastHandle } from '@/components/keep-alive/route-handle';
import resumeViewCatalogue from '@/components/resume-view/i18n';
import { currentLanguage, registerCatalogue, setLanguage } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { desktopCookie, desktopTarget } from '@/lib/core';
import { useBrand, useSiteConfig } from '@/lib/site-config';
import { ToastHost } from './components/toast';
import mobileCatalogue from './i18n';
import { M, loginPath, mPaths, needsLogin } from './paths';
import './mobile.css';

registerCatalogue(resumeViewCatalogue);
registerCatalogue(mobileCatalogue);

/** Where each page was left, by history entry: a back (or forward) move returns there. */
const scrollByKey = new Map<string, number>();

function useScrollMemory() {
  const location = useLocation();
  const navType = useNavigationType();
  const navigating = useNavigation().state !== 'idle';
  // Where scrolls are recorded: the entry shown, set before the app's own scroll to the top (a parent's
  // layout effect, after this child's), and nothing while a navigation is under way.
  const current = useRef({ key: location.key, frozen: false });
  // Where a back (or forward) move returns to, read in a layout effect: the app's scroll to the top fires a
  // scroll event at the next frame, which records 0 for this entry and may come before a passive effect runs.
  const restoreTo = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (current.current.key !== location.key) restoreTo.current = navType === 'POP' ? scrollByKey.get(location.key) : undefined;
    current.current = { key: location.key, frozen: navigating };
  }, [location.key, navigating, navType]);
  useEffect(() => {
    const onScroll = () => {
      if (!current.current.frozen) scrollByKey.set(current.current.key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (navType !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const y = restoreTo.current;
    if (!y) return;
    // The app scrolls to the top on each navigation (in a layout effect, before this); the page's
    // content may still be on its way, so try until it is tall enough, for up to 5 s.
    const until = performance.now() + 5000;
    let frame = 0;
    const attempt = () => {
      window.scrollTo(0, y);
      if (Math.abs(window.scrollY - y) > 2 && performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key, navType]);
}

function TopBar({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const top = ['/m', '/m/', mPaths.my, mPaths.search].includes(location.pathname);
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(mPaths.home);
  };
  return (
    <header className="m-bar">
      {top ? (
        <span className="m-bar-side" />
      ) : (
        <button type="button" className="m-bar-side m-back" onClick={back} aria-label={t('m.back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
            <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <h1 className="m-bar-title">{title}</h1>
      <span className="m-bar-side" />
    </header>
  );
}

function TabBar() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'm-tab active' : 'm-tab');
  return (
    <nav className="m-tabs" aria-label={t('m.site')}>
      <NavLink to={mPaths.home} end className={cls}>
        <svg viewBox="0 0 24 24" aria-hidden><path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" /></svg>
        {t('m.tab.home')}
      </NavLink>
      <NavLink to={mPaths.search} className={cls}>
        <svg viewBox="0 0 24 24" aria-hidden><path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" /></svg>
        {t('m.tab.search')}
      </NavLink>
      <NavLink to={mPaths.chat} className={cls} data-testid="m-tab-chat">
        <svg viewBox="0 0 24 24" aria-hidden><path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm3 6v2h2v-2H7zm4 0v2h2v-2h-2zm4 0v2h2v-2h-2z" /></svg>
        <span className="m-tab-label">
          {t('m.tab.chat')}
          <ChatBadge face={user ? 'chat' : null} className="m-tab-badge" live />
        </span>
      </NavLink>
      <NavLink to={mPaths.my} className={cls}>
        <svg viewBox="0 0 24 24" aria-hidden><path d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5z" /></svg>
        {t('m.tab.my')}
      </NavLink>
    </nav>
  );
}

function Footer() {
  const { t } = useTranslation();
  const location = useLocation();
  const { mobileBase } = useSiteConfig();
  const toDesktop = () => {
    // The choice sticks: main.tsx sends no browser with this cookie to the mobile site.
    document.cookie = `${desktopCookie()}=1; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    window.location.assign(desktopTarget(location.pathname + location.search, mobileBase || M));
  };
  const other = currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <footer className="m-footer">
      <button type="button" className="m-link-btn" onClick={toDesktop} data-testid="m-desktop">
        {t('m.desktop')}
      </button>
      <span aria-hidden>|</span>
      <button type="button" className="m-link-btn" lang={other} onClick={() => void setLanguage(other)}>
        {t(`lang.${other}`)}
      </button>
    </footer>
  );
}

/** The frame of every /m page: a bar with back and title, the page, the footer, the tab bar. Guards /m/my and /m/resume. */
export default function MobileLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const handle = lastHandle(useMatches());
  const user = useAuth((s) => s.user);
  const brand = useBrand();
  const title = handle.titleKey ? t(handle.titleKey) : t('m.site');
  useScrollMemory();
  // The title as on the desktop: the page's, then the site's name.
  useEffect(() => {
    document.title = `${title} - ${brand}`;
  }, [title, brand, location.key]);
  useEffect(() => {
    document.documentElement.classList.add('m-root');
    return () => document.documentElement.classList.remove('m-root');
  }, []);
  if (needsLogin(location.pathname) && !user) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return (
    <div className="m-app">
      <TopBar title={title} />
      <main className="m-main">
        <Outlet />
      </main>
      <Footer />
      <TabBar />
      <ToastHost />
    </div>
  );
}
