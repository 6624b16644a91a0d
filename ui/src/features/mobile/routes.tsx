import type { ComponentType } from 'react';
import { matchRoutes, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/components/keep-alive/route-handle';

type Lazy = RouteObject['lazy'];

/** A page's module: its component, and a loader when it asks for its data beside the login check. */
type PageModule = { default: ComponentType; loader?: LoaderFunction };

/** Each mobile page is its own chunk: a phone fetches the layout and the page it opens, nothing of the desktop's. */
const page = (load: () => Promise<PageModule>): Lazy => async () => {
  const m = await load();
  return m.loader ? { Component: m.default, loader: m.loader } : { Component: m.default };
};

const route = (path: string | undefined, titleKey: string, load: () => Promise<PageModule>): RouteObject =>
  path === undefined
    ? { index: true, handle: { titleKey } satisfies RouteHandle, lazy: page(load) }
    : { path, handle: { titleKey } satisfies RouteHandle, lazy: page(load) };

/** The touch site under /m (issue 18): mounted by the app's router beside the desktop shells. */
export const mobileRoutes: RouteObject = {
  path: 'm',
  lazy: async () => ({ Component: (await import('./layout')).default }),
  children: [
    route(undefined, 'm.title.home', () => import('./pages/home-page')),
    route('search', 'm.title.search', () => import('./pages/search-page')),
    route('job/:id', 'm.title.job', () => import('./pages/job-page')),
    route('company/:id', 'm.title.company', () => import('./pages/company-page')),
    route('login', 'm.title.login', () => import('./pages/login-page')),
    route('register', 'm.title.register', () => import('./pages/register-page')),
    route('forgot-password', 'm.title.forgotPassword', () => import('./pages/forgot-password-page')),
    route('logout', 'm.title.logout', () => import('./pages/logout-page')),
    route('chat', 'm.title.chat', () => import('./pages/chat-page')),
    route('my', 'm.title.my', () => import('./pages/my-page')),
    route('my/apply', 'm.title.apply', () => import('./pages/apply-page')),
    route('my/collect', 'm.title.collect', () => import('./pages/collect-page')),
    route('my/set-password', 'm.title.setPassword', () => import('./pages/set-password-page')),
    route('resume/detail', 'm.title.resume', () => import('./pages/resume-detail-page')),
    route('resume/edit/:section/:itemId?', 'm.title.resumeEdit', () => import('./pages/resume-edit-page')),
    route('*', 'm.title.notFound', () => import('./pages/not-found-page')),
  ],
};

/**
 * Starts fetching the code of the layout and the page at `pathname` (what the router's `lazy` would
 * fetch once it starts). The touch site's entry calls it before the core's wasm has arrived, so on a
 * slow phone network the page's files come while the wasm is still downloading, not after it.
 */
export function prefetchMobilePage(pathname: string): void {
  const root: RouteObject = { path: '/', children: [mobileRoutes] };
  for (const { route } of matchRoutes([root], pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}
