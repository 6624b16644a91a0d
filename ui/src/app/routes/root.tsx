import { Outlet, useLoaderData } from 'react-router';
import { Header } from '@/components/layouts/header';
import { ZgzxHeader } from '@/features/zgzx/components/zgzx-header';
import type { GuardData } from '../guard';
import { useRouteEffects } from './route-effects';

export { RootError } from './route-effects';

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
