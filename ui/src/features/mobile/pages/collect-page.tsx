import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { unsaveJob } from '@/lib/api/save-job';
import { formatTime } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { getSaveList, type SavedJob } from '@/lib/api/get-save-list';
import { JobItem } from '../components/job-item';
import { PagedList, usePaged } from '../components/paged-list';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';

/** /m/my/collect: the saved jobs, each removable. */
export default function CollectPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const fetch = useCallback((page: number) => getSaveList(page, 20), []);
  const paged = usePaged<SavedJob>('collect', fetch);
  const remove = async (jobId: number) => {
    try {
      await unsaveJob(jobId);
      paged.update((list) => list.filter((j) => j.jobId !== jobId));
      mToast.info(t('m.job.unsaveDone'));
    } catch (e) {
      mToast.error(errorText(t, e));
    }
  };
  return (
    <PagedList
      paged={paged}
      render={(s) => (
        <JobItem
          key={s.jobId}
          job={{ ...s, id: s.jobId }}
          labels={labels}
          extra={
            <div className="m-job-extra">
              <span>{t('m.savedAt', { time: formatTime(s.savedAt, 'YYYY-MM-DD') })}</span>
              <button type="button" className="m-link-btn" onClick={() => void remove(s.jobId)}>
                {t('m.unsave')}
              </button>
            </div>
          }
        />
      )}
    />
  );
}
