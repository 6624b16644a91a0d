import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Result } from '@/components/ui/result';
import { Skeleton } from '@/components/ui/skeleton';
import { SpinContainer } from '@/components/ui/spin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageAnswer, usePagedList } from '@/lib/use-paged-list';

type PagedList<A extends PageAnswer<unknown>> = ReturnType<typeof usePagedList<A>>;

interface Props<A extends PageAnswer<unknown>> {
  list: PagedList<A>;
  pageSize: number;
  /** Prefix of the class names (`<prefix>-failure`, `<prefix>-pager`) the page styles and tests find. */
  prefix: string;
  /** The title shown when the first page could not be loaded. */
  loadFailed: string;
  /** Shown when the list holds nothing at all. */
  empty: ReactNode;
  /** The rows of the current page (the answer is there and not empty). */
  children: (answer: A) => ReactNode;
  skeletonRows?: number;
}

/**
 * The states every paged list of the personal centre goes through: loading, failed (with a
 * retry), empty, and a page of rows with its pager. A failed reload keeps the rows on screen
 * and says why above them.
 */
export function PagedListBody<A extends PageAnswer<unknown>>({ list, pageSize, prefix, loadFailed, empty, children, skeletonRows = 6 }: Props<A>) {
  const { t } = useTranslation();
  const { page, goTo, answer, status, failure, busy, reload } = list;
  if (status === 'loading') return <Skeleton rows={skeletonRows} />;
  if (status === 'failed' || !answer) {
    return <Result status="warning" title={loadFailed} subTitle={failure ? t(failure) : undefined} action={{ label: t('common.retry'), onClick: () => reload() }} />;
  }
  if (answer.total === 0) return <>{empty}</>;
  return (
    <>
      {failure && (
        <Alert
          className={`${prefix}-failure`}
          type="error"
          message={t(failure)}
          action={
            <Button size="small" onClick={() => reload()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <SpinContainer spinning={busy}>{children(answer)}</SpinContainer>
      <Pagination className={`${prefix}-pager`} current={page} pageSize={pageSize} total={answer.total} onChange={goTo} />
    </>
  );
}
