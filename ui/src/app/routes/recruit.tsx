import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/ui/page-loading';

// What the app's router fetches for /recruit/*: only this, so the candidate pages' first load carries no list of
// the recruiter site's files; the site itself (and its preloads) comes with the next request.
const RecruitApp = lazy(() => import('./recruit-app'));

export default function Recruit() {
  return (
    <Suspense fallback={<PageLoading />}>
      <RecruitApp />
    </Suspense>
  );
}
