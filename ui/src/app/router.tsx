import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/components/keep-alive/route-handle';
import { CentreFrame, SideMenuLayout } from '@/components/layouts/centre-layout';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageLoading } from '@/components/ui/page-loading';
import { CENTRE_PAGES, type CentrePage } from '@/config/paths';
import { mobileRoutes } from '@/features/mobile/routes';
import { guardLoader } from './guard';
import { DefaultShell, Root, RootError, ZgzxShell } from './routes/root';

type Lazy = RouteObject['lazy'];

/** A light page: no antd in its first load (it fetches antd's pieces itself when they are wanted). */
const page = (load: () => Promise<{ default: ComponentType }>): Lazy => async () => ({
  Component: (await load()).default,
});

/** A page drawn with antd: the route fetches it together with antd's scope (theme, locale, toasts). */
const antdPage = (load: () => Promise<{ default: ComponentType }>): Lazy => async () => {
  const [{ default: Page }, { AntdScope }] = await Promise.all([load(), import('@/components/antd/scope')]);
  return {
    Component: () => (
      <AntdScope>
        <Page />
      </AntdScope>
    ),
  };
};

const centrePages: Record<CentrePage, Lazy> = {
  tags: page(() => import('@/features/tags/tags-page')),
  chat: page(() => import('@/features/chat/chat-page')),
  apply: page(() => import('@/features/apply/apply-page')),
  collect: page(() => import('@/features/collect/collect-page')),
  shield: page(() => import('@/features/shield/shield-page')),
  order: page(() => import('@/features/order/order-page')),
  account: page(() => import('@/features/account/account-page')),
};

const notFound: RouteObject = {
  path: '*',
  handle: { titleKey: 'title.notFound' } satisfies RouteHandle,
  lazy: antdPage(() => import('./routes/not-found')),
};

/** The personal centre, the same under both variants; `base` is '' or '/zgzx'. */
function centreRoutes(base: string): RouteObject {
  return {
    path: 'my',
    Component: CentreFrame,
    children: [
      { index: true, loader: () => redirect(`${base}/my/tags`) },
      {
        path: 'edit',
        handle: { titleKey: 'title.edit' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('@/features/resume/resume-page')).ResumeEditPage }),
      },
      {
        path: 'preview',
        handle: { titleKey: 'title.preview' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('@/features/resume/resume-page')).ResumePreviewPage }),
      },
      {
        element: <SideMenuLayout base={base} />,
        children: CENTRE_PAGES.map((name) => ({
          path: name,
          handle: { titleKey: `title.${name}`, keepAlive: name } satisfies RouteHandle,
          lazy: centrePages[name],
        })),
      },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The login check runs before every navigation, not only when params change.
    shouldRevalidate: () => true,
    Component: Root,
    HydrateFallback: PageLoading,
    ErrorBoundary: RootError,
    children: [
      {
        Component: DefaultShell,
        children: [
          {
            Component: MainLayout,
            children: [
              { index: true, handle: { titleKey: 'title.home' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/jobs/home-page')) },
              { path: 'search', handle: { titleKey: 'title.search' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/jobs/search-page')) },
              { path: 'job/:id', handle: { titleKey: 'title.job' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/jobs/job-page')) },
              { path: 'company/:id', handle: { titleKey: 'title.company' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/jobs/company-page')) },
              { path: 'login', handle: { titleKey: 'title.login' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/auth/login-page')) },
              {
                path: 'register',
                handle: { titleKey: 'auth.titles.register' } satisfies RouteHandle,
                lazy: antdPage(() => import('@/features/auth/register-page')),
              },
              {
                path: 'forgot-password',
                handle: { titleKey: 'auth.titles.forgotPassword' } satisfies RouteHandle,
                lazy: antdPage(() => import('@/features/auth/forgot-password-page')),
              },
              notFound,
            ],
          },
          centreRoutes(''),
        ],
      },
      // The recruiter site: its own layout, guard and routes, fetched only when a /recruit/ address is opened.
      { path: 'recruit/*', lazy: antdPage(() => import('./routes/recruit')) },
      // The admin console: its own layout, guard and routes, fetched only when an /admin/ address is opened.
      { path: 'admin/*', lazy: antdPage(() => import('@/features/admin')) },
      // The touch site under /m: its own layout and pages, each fetched on its own; no antd in their first load.
      mobileRoutes,
      {
        path: 'zgzx',
        Component: ZgzxShell,
        children: [
          {
            Component: MainLayout,
            children: [
              { index: true, handle: { titleKey: 'title.home' } satisfies RouteHandle, lazy: antdPage(() => import('@/features/jobs/home-page')) },
              notFound,
            ],
          },
          centreRoutes('/zgzx'),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
