import { App, Button, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, decideTrial, trialList, type TrialApplication, type TrialStatus } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';

const STATUSES: TrialStatus[] = ['pending', 'approved', 'rejected'];

/** /admin/trials: the companies' trial applications for the paid recruiter services; approve, or reject with a reason (audited). */
export default function TrialsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.trials.title'));
  const { message } = App.useApp();
  const admin = useAdmin((s) => s.admin);
  const write = can(admin?.role, 'companyWrite');
  const [status, setStatus] = useState<TrialStatus>('pending');
  const { data: list, busy, reload: load } = useServerData(() => trialList(status), [status], { onError: (e) => message.error(t(errorKey(e))) });
  const [rejecting, setRejecting] = useState<TrialApplication | null>(null);

  const decide = async (r: TrialApplication, decision: 'approved' | 'rejected', reason = '') => {
    try {
      await decideTrial(r.companyId, decision, reason);
      message.success(t('admin.common.done'));
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
      throw e;
    }
  };

  return (
    <>
      <h1>{t('admin.trials.title')}</h1>
      <div className="admin-card" data-testid="trials">
        <Tabs activeKey={status} onChange={(k) => setStatus(k as TrialStatus)} items={STATUSES.map((s) => ({ key: s, label: t(`admin.trials.${s}`) }))} />
        <TableScroll label={t('admin.trials.title')}>
          <Table<TrialApplication>
            rowKey="companyId"
            loading={busy}
            dataSource={list ?? []}
            pagination={false}
            columns={[
              { title: t('admin.trials.company'), dataIndex: 'companyName', render: (n: string, r) => <a href={`/company/${r.companyId}`} target="_blank" rel="noreferrer">{n}</a> },
              { title: t('admin.trials.contact'), dataIndex: 'contact' },
              { title: t('admin.trials.note'), dataIndex: 'note' },
              { title: t('admin.trials.appliedAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              ...(status !== 'pending'
                ? [
                    { title: t('admin.common.reason'), dataIndex: 'reason' },
                    { title: t('admin.trials.reviewedBy'), dataIndex: 'reviewedBy' },
                    { title: t('admin.trials.endsAt'), dataIndex: 'endsAt', render: (ms: number | null) => (ms ? formatTime(ms) : '—') },
                  ]
                : []),
              ...(write && status === 'pending'
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      render: (_: unknown, r: TrialApplication) => (
                        <Space size={4}>
                          <Button size="small" type="primary" onClick={() => decide(r, 'approved').catch(() => undefined)} data-testid="trial-approve">
                            {t('admin.trials.approve')}
                          </Button>
                          <Button size="small" danger onClick={() => setRejecting(r)}>
                            {t('admin.trials.reject')}
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
        open={!!rejecting}
        title={t('admin.trials.rejectTitle', { name: rejecting?.companyName ?? '' })}
        reasonLabel={t('admin.common.reason')}
        okDanger
        onCancel={() => setRejecting(null)}
        onOk={async ({ reason }) => {
          await decide(rejecting!, 'rejected', reason?.trim() ?? '');
          setRejecting(null);
        }}
      />
    </>
  );
}
