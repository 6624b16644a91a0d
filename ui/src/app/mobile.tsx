import { createBrowserRouter, Outlet, RouterProvider, useLoaderData, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { mobileRoutes } from '@/features/mobile/routes';
import { installBehaviourLog } from '@/lib/behaviour-log';
import { guardLoader, type GuardData } from './guard';
import { RootError, useRouteEffects } from './routes/route-effects';

/**
 * The touch site's own app (issue 18), started by m.html (src/mobile-main.tsx), which the server
 * answers for every /m address: the login check and the /m routes, without the desktop's header,
 * frames, antd scopes or desktop pages, so a phone's first load carries none of them.
 */
function MobileRoot() {
  const data = useLoaderData() as GuardData | undefined;
  useRouteEffects();
  if (data?.blocked) return null;
  return <Outlet />;
}

/** An address outside /m (a link to the desktop site): a full load, which gets the desktop app. */
const elsewhere: RouteObject = {
  path: '*',
  loader: ({ request }) => {
    window.location.assign(request.url);
    return null;
  },
  Component: PageLoading,
};

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: () => true,
    Component: MobileRoot,
    HydrateFallback: PageLoading,
    ErrorBoundary: RootError,
    children: [mobileRoutes, elsewhere],
  },
];

export function createMobileApp() {
  const router = createBrowserRouter(routes);
  installBehaviourLog(router);
  return function MobileApp() {
    return <RouterProvider router={router} />;
  };
}
