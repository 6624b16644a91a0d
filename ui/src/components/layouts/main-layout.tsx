import { Outlet } from 'react-router';
import { useBrand } from '@/lib/site-config';

/** The main layout: a region for the child page, and a footer with the product name only. */
export function MainLayout() {
  const brand = useBrand();
  return (
    <>
      <main className="site-main">
        <Outlet />
      </main>
      <footer className="simple-footer">{brand}</footer>
    </>
  );
}
