import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PagedListBody } from '@/components/paged-list/paged-list-body';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Icon } from '@/components/ui/icon';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { PageCard } from '@/components/ui/page-card';
import { paths } from '@/config/paths';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { formatTime, salaryText } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { isRepeatRefusal } from '@/lib/request-error';
import { useOnReturn, usePagedList } from '@/lib/use-paged-list';
import { getApplyList, type ApplyItem } from '@/lib/api/get-apply-list';
import { setNoUpdateTimeTip } from './api/set-no-update-time-tip';
import { AssessmentsPanel } from './assessment/assessments-panel';
import { errorKey } from './errors';
import { Invitations } from './invitations';
import { statusTag } from './format';
import applyCatalogue from './i18n';
import './apply.css';

registerCatalogue(applyCatalogue);

export const APPLY_PAGE_SIZE = 10;

export default function ApplyPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/zgzx/') ? '/zgzx' : '';
  const list = usePagedList(getApplyList, APPLY_PAGE_SIZE, errorKey);
  const { answer, reload } = list;
  const [tipHidden, setTipHidden] = useState(false);
  const [tipTurn, setTipTurn] = useState(0);

  // Back from another menu page: same page number, fresh rows.
  useOnReturn('apply', () => reload(true));

  const dismissTip = () => {
    setTipHidden(true);
    setNoUpdateTimeTip().then(
      () => toast.success(t('apply.tipDismissed')),
      (e: unknown) => {
        if (isRepeatRefusal(e)) return;
        toast.error(t(errorKey(e)));
        setTipHidden(false);
        setTipTurn((n) => n + 1); // the closed alert comes back
      },
    );
  };

  const body = (
    <PagedListBody
      list={list}
      pageSize={APPLY_PAGE_SIZE}
      prefix="apply"
      loadFailed={t('apply.loadFailed')}
      empty={
        <Empty className="apply-empty" description={t('apply.noneYet')}>
          <Link to={paths.search}>
            <Button type="primary">{t('apply.goSearch')}</Button>
          </Link>
        </Empty>
      }
    >
      {(a) => (
        <>
          <div className="apply-summary muted">{t('apply.total', { count: a.total })}</div>
          <ul className="apply-list" data-testid="apply-list">
            {a.list.map((item) => (
              <ApplyRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </PagedListBody>
  );

  return (
    <PageCard title={t('title.apply')}>
      {answer?.updateTip && !tipHidden && (
        <Alert
          key={tipTurn}
          className="apply-tip"
          data-testid="update-tip"
          type="warning"
          message={
            <span>
              {t('apply.tip')} <Link to={`${base}${paths.my.edit}`}>{t('apply.tipLink')}</Link>
            </span>
          }
          action={
            <button type="button" className="ui-alert-close apply-tip-closer" aria-label={t('apply.tipClose')} onClick={dismissTip}>
              <span className="apply-tip-close">{t('apply.tipClose')}</span>
              <Icon svg={CloseOutlined} className="apply-tip-x" />
            </button>
          }
        />
      )}
      <Invitations />
      <AssessmentsPanel />
      {body}
    </PageCard>
  );
}

function ApplyRow({ item }: { item: ApplyItem }) {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const salary = salaryText(item.salaryMin, item.salaryMax, currentLanguage());
  const tag = statusTag(item.status);
  return (
    <li className={item.closed ? 'apply-row closed' : 'apply-row'} data-status={item.status} data-job={item.jobId}>
      <div className="apply-head">
        <div className="apply-title-line">
          <span className="apply-title">{item.jobTitle}</span>
          {item.closed && <Tag className="apply-closed">{t('apply.closed')}</Tag>}
        </div>
        <Tag className="apply-status" color={tag.color}>
          {t(tag.key)}
        </Tag>
      </div>
      <div className="apply-body">
        <div className="apply-main">
          <div className="apply-company">{item.companyName}</div>
          <div className="apply-meta">
            <span className="apply-salary">{t(salary.key, salary.values)}</span>
            <span className="apply-dot" aria-hidden="true" />
            <span>{labels.city(item.city)}</span>
          </div>
        </div>
        <div className="apply-side">
          <div className="apply-time">{t('apply.appliedAt', { time: formatTime(item.appliedAt) })}</div>
          <div className="apply-resume">{t('apply.resumeUsed', { title: item.resumeTitle })}</div>
        </div>
      </div>
    </li>
  );
}
