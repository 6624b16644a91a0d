import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { getApplyList, type ApplyItem } from '../api/my';
import { JobItem } from '../components/job-item';
import { PagedList, usePaged } from '../components/paged-list';

const STATUS_CLASS: Record<number, string> = { 1: 'm-badge', 2: 'm-badge', 3: 'm-badge m-badge-green', 4: 'm-badge m-badge-green', 5: 'm-badge m-badge-grey' };

/** /m/my/apply: the applications, newest first, with their statuses (an interview invitation among them). */
export default function ApplyPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const fetch = useCallback((page: number) => getApplyList(page, 20), []);
  const paged = usePaged<ApplyItem>('apply', fetch);
  return (
    <div data-testid="m-apply-list">
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
