import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { getApplyList, type ApplyItem } from '@/lib/api/get-apply-list';
import { JobItem } from '../components/job-item';
import { PagedList, usePaged, type Paged } from '../components/paged-list';
import { Segments } from '../components/segments';
import { Loading } from '../components/states';

const STATUS_CLASS: Record<number, string> = { 1: 'm-badge', 2: 'm-badge', 3: 'm-badge m-badge-green', 4: 'm-badge m-badge-green', 5: 'm-badge m-badge-grey' };

const PAGE_SIZE = 20;

type Tab = 'applied' | 'interviews';
type Panel = typeof import('../components/invitations').InvitationsPanel;

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
 * /m/my/apply: two tabs, the applications (newest first, with their statuses) and the interview invitations
 * (`?tab=interviews`, to accept or decline), the second tab counting those waiting for an answer. The
 * invitations' code and call come once the applications have drawn (or at once on their own tab): nothing
 * of them before the list, the page's largest paint.
 */
export default function ApplyPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'interviews' ? 'interviews' : 'applied';
  const { first } = (useLoaderData() ?? {}) as Partial<ReturnType<typeof loader>>;
  const fetch = useCallback((page: number) => getApplyList(page, PAGE_SIZE), []);
  const paged = usePaged<ApplyItem>('apply', fetch, first);
  const drawn = tab === 'interviews' || paged.data !== undefined || paged.status === 'failed';
  const [Invitations, setInvitations] = useState<Panel | null>(null);
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (!drawn) return;
    let live = true;
    import('../components/invitations').then(
      (m) => live && setInvitations(() => m.InvitationsPanel),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [drawn]);
  const tabs = [
    { key: 'applied' as const, label: t('m.iv.tabApplied') },
    { key: 'interviews' as const, label: pending ? t('m.iv.tabCount', { count: pending }) : t('m.iv.tab') },
  ];
  return (
    <div data-testid="m-apply-list">
      <Segments items={tabs} value={tab} onChange={(k) => setParams(k === 'interviews' ? { tab: k } : {}, { replace: true })} />
      {tab === 'applied' && (
        <div role="tabpanel" aria-label={tabs[0].label}>
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
      )}
      {Invitations ? <Invitations show={tab === 'interviews'} label={tabs[1].label} onPending={setPending} /> : tab === 'interviews' && <Loading />}
    </div>
  );
}
