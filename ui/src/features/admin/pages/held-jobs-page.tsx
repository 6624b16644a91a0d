import { Alert, App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { approveJob, can, heldJobs, takeDown, type HeldJob } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';

const PAGE_SIZE = 20;

/** /admin/held-jobs: jobs held because their text hit black words, oldest first; approve (publish) or take down. */
export default function HeldJobsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.heldJobs.title'));
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, busy, reload: load } = useServerData(() => heldJobs(page, PAGE_SIZE), [page], { onError: (e) => message.error(t(errorKey(e))) });
  const [acting, setActing] = useState<{ job: HeldJob; kind: 'approve' | 'takeDown' } | null>(null);
  const write = can(useAdmin((s) => s.admin)?.role, 'reportWrite');

  return (
    <>
      <h1>{t('admin.heldJobs.title')}</h1>
      <div className="admin-card">
        <Alert type="info" showIcon message={t('admin.heldJobs.help')} style={{ marginBottom: 12 }} />
        <TableScroll label={t('admin.heldJobs.title')}>
          <Table<HeldJob>
            rowKey="jobId"
            loading={busy}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.heldJobs.job'), dataIndex: 'title' },
              { title: t('admin.heldJobs.company'), dataIndex: 'company', render: (name: string, r) => <a href={`/company/${r.companyId}`} target="_blank" rel="noreferrer">{name}</a> },
              {
                title: t('admin.heldJobs.words'),
                dataIndex: 'words',
                render: (words: string) => words.split('、').map((w) => <Tag color="orange" key={w}>{w}</Tag>),
              },
              { title: t('admin.heldJobs.heldAt'), dataIndex: 'heldAt', render: (ms: number) => formatTime(ms) },
              ...(write
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      render: (_: unknown, r: HeldJob) => (
                        <Space size={4}>
                          <Button size="small" type="primary" onClick={() => setActing({ job: r, kind: 'approve' })} data-testid={`approve-${r.jobId}`}>
                            {t('admin.heldJobs.approve')}
                          </Button>
                          <Button size="small" danger onClick={() => setActing({ job: r, kind: 'takeDown' })} data-testid={`takedown-${r.jobId}`}>
                            {t('admin.heldJobs.takeDown')}
                          </Button>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </TableScroll>
      </div>
      <ReasonModal
        open={!!acting}
        title={acting ? t(`admin.heldJobs.${acting.kind}Title`, { title: acting.job.title }) : ''}
        help={acting?.kind === 'takeDown' ? t('admin.heldJobs.takeDownHelp') : undefined}
        optional={acting?.kind === 'approve'}
        okDanger={acting?.kind === 'takeDown'}
        onCancel={() => setActing(null)}
        onOk={async ({ reason }) => {
          if (!acting) return;
          try {
            if (acting.kind === 'approve') await approveJob(acting.job.jobId, reason?.trim() ?? '');
            else await takeDown(acting.job.jobId, reason.trim());
            message.success(t('admin.common.done'));
            setActing(null);
            await load();
          } catch (e) {
            message.error(t(errorKey(e)));
            throw e;
          }
        }}
      />
    </>
  );
}
