import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Popconfirm, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { answered } from '@/lib/call-errors';
import { formatTime, salaryText } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { useJobLabels } from '@/lib/job-labels';
import { listJobs } from '@/components/recruit/api/jobs';
import type { JobRow, JobState } from '@/components/recruit/api/types';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { candidatesPath, editJobPath, recruitPaths } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { handOver, listMembers } from './api/handover';
import { getJob, jobAction, type JobAction } from './api/jobs';
import { HandOverDialog, handedText } from './hand-over';
import recruitJobsCatalogue from './i18n';

registerCatalogue(recruitJobsCatalogue);

const STATES: JobState[] = ['open', 'draft', 'closed'];
const PAGE_SIZE = 10;
const STATE_COLOR: Record<JobState, string> = { open: 'green', draft: 'gold', closed: 'default' };

function isState(s: string | null): s is JobState {
  return s === 'open' || s === 'draft' || s === 'closed';
}

/** /recruit/job/: the company's jobs by state, with their applications, and what can be done with each. */
export default function JobsPage() {
  const { t } = useTranslation();
  // The city and category are stored in Chinese: shown in the reader's language.
  const labels = useJobLabels();
  usePageTitle(t('recruit.title.jobs'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state: JobState = isState(params.get('state')) ? (params.get('state') as JobState) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useServerData(() => listJobs({ state, page, pagesize: PAGE_SIZE }), [state, page], { keep: true });
  const [acting, setActing] = useState<string | null>(null);
  const lang = currentLanguage();
  // Who answers each job's chats, and the owner's 转交 (issue 32).
  const owner = useRecruiter((s) => s.member?.role === 'owner');
  const members = useServerData(() => listMembers(), []);
  const [handing, setHanding] = useState<JobRow | null>(null);
  const recruiterOf = (job: number) => members.data?.list.find((m) => m.jobs.includes(job)) ?? null;

  const go = (next: { state?: JobState; page?: number }) => {
    const q = new URLSearchParams(params);
    if (next.state) q.set('state', next.state);
    q.set('page', String(next.page ?? 1));
    setParams(q);
  };

  const act = async (action: JobAction, job: JobRow) => {
    setActing(`${action}-${job.id}`);
    try {
      const answer = answered(await jobAction(action, job.id));
      if (action === 'copy') {
        message.success(t('recruit.jobs.copied'));
        navigate(editJobPath(answer.id));
        return;
      }
      if (action === 'refresh') {
        const left = await getJob(job.id).then(
          (j) => j.refreshesLeft,
          () => null,
        );
        message.success(left === null ? t('recruit.jobs.refreshed') : t('recruit.jobs.refreshedLeft', { count: left }));
      } else {
        message.success(t(`recruit.jobs.done.${action}`));
      }
      jobs.reload('keep');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setActing(null);
    }
  };

  const actions = (job: JobRow) => (
    <Space size={0} wrap className="rc-actions">
      <Button type="link" size="small" onClick={() => navigate(editJobPath(job.id))}>
        {t('recruit.jobs.edit')}
      </Button>
      {job.state === 'draft' && (
        <Button type="link" size="small" loading={acting === `publish-${job.id}`} onClick={() => void act('publish', job)}>
          {t('recruit.jobs.publish')}
        </Button>
      )}
      {job.state === 'open' && (
        <Button type="link" size="small" loading={acting === `refresh-${job.id}`} onClick={() => void act('refresh', job)}>
          {t('recruit.jobs.refresh')}
        </Button>
      )}
      {job.state === 'open' && (
        <Popconfirm title={t('recruit.jobs.closeConfirm')} okText={t('recruit.jobs.close')} cancelText={t('recruit.common.cancel')} onConfirm={() => act('close', job)}>
          <Button type="link" size="small" danger loading={acting === `close-${job.id}`}>
            {t('recruit.jobs.close')}
          </Button>
        </Popconfirm>
      )}
      {/* A held job waits for the site's review, a taken-down one for an edit: the server refuses to reopen either. */}
      {job.state === 'closed' && !job.heldWords && !job.takedownReason && (
        <Button type="link" size="small" loading={acting === `reopen-${job.id}`} onClick={() => void act('reopen', job)}>
          {t('recruit.jobs.reopen')}
        </Button>
      )}
      <Button type="link" size="small" loading={acting === `copy-${job.id}`} onClick={() => void act('copy', job)}>
        {t('recruit.jobs.copy')}
      </Button>
      {owner && (
        <Button type="link" size="small" onClick={() => setHanding(job)} aria-label={t('recruit.handover.jobLabel', { title: job.title })} data-testid="handover-job">
          {t('recruit.handover.action')}
        </Button>
      )}
    </Space>
  );

  const counts = jobs.data?.counts;
  const columns: TableColumnsType<JobRow> = [
    {
      title: t('recruit.jobs.col.job'),
      key: 'job',
      render: (_, job) => (
        <div className="rc-job-cell">
          <Link to={editJobPath(job.id)} className="rc-job-title">
            {job.title}
          </Link>
          <div className="rc-job-meta">
            <span className="rc-salary">{(({ key, values }) => t(key, values))(salaryText(job.salaryMin, job.salaryMax, lang))}</span>
            <span>{labels.city(job.city)}</span>
            <span>{labels.category(job.category)}</span>
            {recruiterOf(job.id) && <span data-testid="job-recruiter">{t('recruit.handover.recruiter', { name: recruiterOf(job.id)?.name })}</span>}
          </div>
          {job.takedownReason && (
            <div className="rc-takedown" data-testid="takedown">
              {t('recruit.jobs.takenDown', { reason: job.takedownReason })}
            </div>
          )}
          {job.heldWords && (
            <div className="rc-held" data-testid="held">
              {t('recruit.jobs.held', { words: job.heldWords })}
            </div>
          )}
          {/* On a phone the actions column is left out and the actions sit under the title. */}
          <div className="rc-inline-actions">{actions(job)}</div>
        </div>
      ),
    },
    {
      title: t('recruit.jobs.col.applications'),
      key: 'applications',
      width: 120,
      render: (_, job) => (
        <Link to={candidatesPath(0, job.id)} className="rc-apps" title={t('recruit.jobs.applicationsLabel', { count: job.applications, fresh: job.newApplications })}>
          <strong>{job.applications}</strong>
          {job.newApplications > 0 && <span className="rc-unread">{t('recruit.jobs.new', { count: job.newApplications })}</span>}
        </Link>
      ),
    },
    {
      title: t('recruit.jobs.col.state'),
      key: 'state',
      width: 100,
      responsive: ['sm'],
      render: (_, job) =>
        job.takedownReason ? (
          <Tag color="red">{t('recruit.jobs.state.takenDown')}</Tag>
        ) : job.heldWords ? (
          <Tag color="gold">{t('recruit.jobs.state.held')}</Tag>
        ) : (
          <Tag color={STATE_COLOR[job.state]}>{t(`recruit.jobs.state.${job.state}`)}</Tag>
        ),
    },
    {
      title: t('recruit.jobs.col.updated'),
      key: 'updated',
      width: 170,
      responsive: ['md'],
      render: (_, job) => (
        <div className="rc-times">
          <div>{formatTime(toMs(job.refreshedAt) ?? toMs(job.updatedAt))}</div>
          {job.refreshedAt ? <div className="rc-muted">{t('recruit.jobs.refreshedAt')}</div> : null}
        </div>
      ),
    },
    {
      title: t('recruit.jobs.col.actions'),
      key: 'actions',
      width: 260,
      responsive: ['sm'],
      render: (_, job) => actions(job),
    },
  ];

  return (
    <div className="rc-page" data-testid="jobs-page">
      <PageHead
        title={t('recruit.title.jobs')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(recruitPaths.newJob)} data-testid="new-job">
            {t('recruit.jobs.post')}
          </Button>
        }
      />
      <div className="rc-card">
        <Tabs
          activeKey={state}
          onChange={(k) => go({ state: k as JobState })}
          items={STATES.map((s) => ({
            key: s,
            label: (
              <span data-testid={`tab-${s}`}>
                {t(`recruit.jobs.tab.${s}`)}
                <span className="rc-count">{counts ? counts[s] : '–'}</span>
              </span>
            ),
          }))}
        />
        {jobs.status === 'failed' && !jobs.data && (
          <Alert type="error" showIcon message={t(errorKey(jobs.error))} action={<Button onClick={() => jobs.reload()}>{t('common.retry')}</Button>} />
        )}
        <Table<JobRow>
          rowKey="id"
          data-testid="jobs-table"
          columns={columns}
          dataSource={jobs.data?.list ?? []}
          loading={jobs.status === 'loading' || jobs.busy}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t(`recruit.jobs.empty.${state}`)} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: jobs.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (p) => go({ page: p }),
          }}
        />
      </div>
      <HandOverDialog
        open={handing !== null}
        title={t('recruit.handover.jobTitle', { title: handing?.title ?? '' })}
        intro={t('recruit.handover.jobIntro', { name: handing ? (recruiterOf(handing.id)?.name ?? '–') : '–' })}
        members={members.data?.list ?? []}
        exclude={handing ? (recruiterOf(handing.id)?.id ?? null) : null}
        onClose={() => setHanding(null)}
        onHand={async (memberId) => {
          const job = handing as JobRow;
          const done = answered(await handOver(job.id, memberId));
          const name = members.data?.list.find((m) => m.id === memberId)?.name ?? '';
          message.success(handedText(done, name, t));
          setHanding(null);
          members.reload('quiet');
          return done;
        }}
      />
    </div>
  );
}
