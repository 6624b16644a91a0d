import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, dismissReport, reports, takeDown, type Report } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ChatReportsSection } from './chat-reports';
import { ReasonModal } from './reason-modal';

const PAGE_SIZE = 20;
const KINDS = ['fake', 'fraud', 'discrimination', 'fee', 'contact', 'other'];

/** /admin/reports: open job reports, newest first; take the job down with a reason, or dismiss the report. Below them, chat reports. */
export default function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.reports.title'));
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, busy, reload: load } = useServerData(() => reports(page, PAGE_SIZE), [page], { onError: (e) => message.error(t(errorKey(e))) });
  const [acting, setActing] = useState<{ report: Report; kind: 'takeDown' | 'dismiss' } | null>(null);
  const write = can(useAdmin((s) => s.admin)?.role, 'reportWrite');

  return (
    <>
      <h1>{t('admin.reports.title')}</h1>
      <div className="admin-card">
        <TableScroll label={t('admin.reports.title')}>
          <Table<Report>
            rowKey="id"
            loading={busy}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.reports.job'), dataIndex: 'jobTitle', render: (title: string, r) => <a href={`/job/${r.jobId}`} target="_blank" rel="noreferrer">{title}</a> },
              { title: t('admin.reports.company'), dataIndex: 'company' },
              { title: t('admin.reports.reason'), dataIndex: 'reason', render: (k: string) => <Tag color="orange">{KINDS.includes(k) ? t(`admin.reports.kinds.${k}`) : k}</Tag> },
              { title: t('admin.reports.detail'), dataIndex: 'detail' },
              { title: t('admin.reports.reporter'), dataIndex: 'reporter' },
              { title: t('admin.reports.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              ...(write
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      render: (_: unknown, r: Report) => (
                        <Space size={4}>
                          <Button size="small" danger onClick={() => setActing({ report: r, kind: 'takeDown' })}>
                            {t('admin.reports.takeDown')}
                          </Button>
                          <Button size="small" onClick={() => setActing({ report: r, kind: 'dismiss' })}>
                            {t('admin.reports.dismiss')}
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
        title={acting ? t(`admin.reports.${acting.kind}Title`, { title: acting.report.jobTitle }) : ''}
        help={acting?.kind === 'takeDown' ? t('admin.reports.takeDownHelp') : undefined}
        okDanger={acting?.kind === 'takeDown'}
        onCancel={() => setActing(null)}
        onOk={async ({ reason }) => {
          if (!acting) return;
          try {
            if (acting.kind === 'takeDown') await takeDown(acting.report.jobId, reason.trim());
            else await dismissReport(acting.report.id, reason.trim());
            message.success(t('admin.common.done'));
            setActing(null);
            await load();
          } catch (e) {
            message.error(t(errorKey(e)));
            throw e;
          }
        }}
      />
      <ChatReportsSection />
    </>
  );
}
