import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/ui/page-loading';

// What the app's router fetches for /admin/*: only this; the console itself comes with the next request,
// so no candidate page ever downloads it.
const AdminApp = lazy(() => import('./admin-app'));

export default function Admin() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminApp />
    </Suspense>
  );
}
