import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyPopconfirm } from '@/components/antd/lazy';
import { PagedListBody } from '@/components/paged-list/paged-list-body';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Icon } from '@/components/ui/icon';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { PageCard } from '@/components/ui/page-card';
import { paths } from '@/config/paths';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { applyJob } from '@/lib/api/apply-job';
import { unsaveJob } from '@/lib/api/save-job';
import { useAuth } from '@/lib/auth';
import { formatTime, salaryText } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { isRepeatRefusal } from '@/lib/request-error';
import { useOnReturn, usePagedList } from '@/lib/use-paged-list';
import { cleanSaveJob } from './api/clean-save-job';
import { getSaveList, type SavedJob } from '@/lib/api/get-save-list';
import { errorKey } from './errors';
import collectCatalogue from './i18n';
import './collect.css';

registerCatalogue(collectCatalogue);

export const COLLECT_PAGE_SIZE = 10;

export default function CollectPage() {
  const { t } = useTranslation();
  const resumeId = useAuth((s) => s.user?.resumeId);
  const list = usePagedList(getSaveList, COLLECT_PAGE_SIZE, errorKey);
  const { goTo, answer, reload } = list;
  /** Jobs applied for from this page, shown as applied before the list is fetched again. */
  const [appliedNow, setAppliedNow] = useState<number[]>([]);
  const [working, setWorking] = useState<string | null>(null);

  useOnReturn('collect', () => reload(true));

  const fail = (e: unknown) => {
    if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
  };

  const onApply = async (job: SavedJob) => {
    if (!resumeId || resumeId === '0') {
      toast.warning(t('collect.noResume'));
      return;
    }
    setWorking(`apply:${job.jobId}`);
    try {
      await applyJob(job.jobId, resumeId);
      setAppliedNow((ids) => [...ids, job.jobId]);
      toast.success(t('collect.appliedNow'));
      reload(true);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'ALREADY_APPLIED') setAppliedNow((ids) => [...ids, job.jobId]);
      if (code === 'ALREADY_APPLIED' || code === 'JOB_CLOSED') reload(true);
      fail(e);
    } finally {
      setWorking(null);
    }
  };

  const onUnsave = async (job: SavedJob) => {
    setWorking(`unsave:${job.jobId}`);
    try {
      await unsaveJob(job.jobId);
      toast.success(t('collect.unsaved'));
    } catch (e) {
      fail(e);
    } finally {
      setWorking(null);
      reload(true);
    }
  };

  const onClear = async () => {
    setWorking('clear');
    try {
      const count = await cleanSaveJob();
      toast.success(t('collect.cleared', { count }));
      goTo(1);
    } catch (e) {
      fail(e);
    } finally {
      setWorking(null);
      reload(true);
    }
  };

  const total = answer?.total ?? 0;

  const body = (
    <PagedListBody
      list={list}
      pageSize={COLLECT_PAGE_SIZE}
      prefix="collect"
      loadFailed={t('collect.loadFailed')}
      empty={
        <Empty className="collect-empty" description={t('collect.noneYet')}>
          <Link to={paths.search}>
            <Button type="primary">{t('collect.goSearch')}</Button>
          </Link>
        </Empty>
      }
    >
      {(a) => (
        <>
          <div className="collect-summary muted">{t('collect.total', { count: a.total })}</div>
          <ul className="collect-list" data-testid="collect-list">
            {a.list.map((job) => (
              <CollectRow
                key={job.jobId}
                job={job}
                applied={job.applied || appliedNow.includes(job.jobId)}
                working={working}
                onApply={onApply}
                onUnsave={onUnsave}
              />
            ))}
          </ul>
        </>
      )}
    </PagedListBody>
  );

  return (
    <PageCard
      title={t('title.collect')}
      extra={
        total > 0 && (
          <LazyPopconfirm
            title={t('collect.clearTitle')}
            description={t('collect.clearText')}
            okText={t('collect.confirm')}
            cancelText={t('collect.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onClear}
            placement="bottomRight"
          >
            <Button danger icon={<Icon svg={DeleteOutlined} />} loading={working === 'clear'} data-testid="collect-clear">
              {t('collect.clearAll')}
            </Button>
          </LazyPopconfirm>
        )
      }
    >
      {body}
    </PageCard>
  );
}

interface RowProps {
  job: SavedJob;
  applied: boolean;
  working: string | null;
  onApply: (job: SavedJob) => void;
  onUnsave: (job: SavedJob) => void;
}

function CollectRow({ job, applied, working, onApply, onUnsave }: RowProps) {
  const { t } = useTranslation();
  const salary = salaryText(job.salaryMin, job.salaryMax, currentLanguage());
  const labels = useJobLabels();
  const facts = [job.city && labels.city(job.city), job.experience && labels.experience(job.experience), job.education && labels.education(job.education)].filter(Boolean);
  return (
    <li className={job.closed ? 'collect-row closed' : 'collect-row'} data-job={job.jobId} data-closed={job.closed}>
      <div className="collect-main">
        <div className="collect-title-line">
          <span className="collect-title">{job.title}</span>
          {applied && (
            <Tag color="green" className="collect-badge" data-testid="applied-badge">
              {t('collect.applied')}
            </Tag>
          )}
          {job.closed && (
            <Tag className="collect-badge" data-testid="closed-badge">
              {t('collect.closed')}
            </Tag>
          )}
        </div>
        <div className="collect-company">{job.companyName}</div>
        <div className="collect-meta">
          <div className="collect-meta-line">
            <span className="collect-fact collect-salary">{t(salary.key, salary.values)}</span>
            {facts.map((f, i) => (
              <span key={i} className="collect-fact">
                {f}
              </span>
            ))}
          </div>
        </div>
      </div>
      <div className="collect-side">
        <div className="collect-time">{t('collect.savedAt', { time: formatTime(job.savedAt) })}</div>
        <div className="collect-actions">
          {job.closed ? (
            <span className="collect-closed-hint">{t('collect.closedHint')}</span>
          ) : (
            !applied && (
              <Button type="primary" size="small" loading={working === `apply:${job.jobId}`} onClick={() => onApply(job)}>
                {t('collect.apply')}
              </Button>
            )
          )}
          <LazyPopconfirm
            title={t('collect.unsaveTitle')}
            okText={t('collect.confirm')}
            cancelText={t('collect.cancel')}
            onConfirm={() => onUnsave(job)}
            placement="topRight"
          >
            <Button size="small" loading={working === `unsave:${job.jobId}`} className="collect-unsave">
              {t('collect.unsave')}
            </Button>
          </LazyPopconfirm>
        </div>
      </div>
    </li>
  );
}
