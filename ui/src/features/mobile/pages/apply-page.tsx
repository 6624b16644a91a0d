import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { formatTime } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { getApplyList, type ApplyItem, type Paged } from '../api/my';
import { Invitations } from '../components/invitations';
import { JobItem } from '../components/job-item';
import { PagedList, usePaged } from '../components/paged-list';

const STATUS_CLASS: Record<number, string> = { 1: 'm-badge', 2: 'm-badge', 3: 'm-badge m-badge-green', 4: 'm-badge m-badge-green', 5: 'm-badge m-badge-grey' };

const PAGE_SIZE = 20;

/**
 * The first page, asked for as the route starts, beside the login check, rather than once the page has
 * drawn: on a slow phone network that is one round trip less before the list shows (docs/BENCHMARKS.md).
 * A visitor who is not logged in is sent to log in by the check; this answer is then dropped.
 */
export function loader(): { first: Promise<Paged<ApplyItem>> } {
  const first = getApplyList(1, PAGE_SIZE);
  first.catch(() => undefined);
  return { first };
}

/**
 * /m/my/apply: the interview invitations, to accept or decline, then the applications, newest first, with their
 * statuses. The invitations are asked for once the list has drawn (the page's largest paint comes first).
 */
export default function ApplyPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const { first } = (useLoaderData() ?? {}) as Partial<ReturnType<typeof loader>>;
  const fetch = useCallback((page: number) => getApplyList(page, PAGE_SIZE), []);
  const paged = usePaged<ApplyItem>('apply', fetch, first);
  return (
    <div data-testid="m-apply-list">
      <Invitations start={paged.data !== undefined || paged.status === 'failed'} />
      <PagedList
        paged={paged}
        render={(a) => (
          <JobItem
            key={a.id}
            job={{ id: a.jobId, title: a.jobTitle, companyName: a.companyName, city: a.city, salaryMin: a.salaryMin, salaryMax: a.salaryMax, closed: a.closed }}
            labels={labels}
            extra={
              <div className="m-job-extra">
                <span>{t('m.appliedAt', { time: formatTime(a.appliedAt, 'YYYY-MM-DD') })}</span>
                <span className={STATUS_CLASS[a.status] ?? 'm-badge'}>{t(`m.status.${a.status}`)}</span>
              </div>
            }
          />
        )}
      />
    </div>
  );
}
