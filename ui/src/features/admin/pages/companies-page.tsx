import { App, Button, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, companyQueue, disableCompany, enableCompany, reviewCompany, type CompanyReview, type ReviewStatus } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';

const STATUSES: ReviewStatus[] = ['pending', 'verified', 'rejected'];
const CANNED = ['license', 'name', 'info', 'fake'] as const;
const PAGE_SIZE = 20;

/** /admin/companies: the review queue by status; verify, or reject with a canned reason and a note. */
export default function CompaniesPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.companies.title'));
  const { message } = App.useApp();
  const admin = useAdmin((s) => s.admin);
  const write = can(admin?.role, 'companyWrite');
  const disabling = can(admin?.role, 'companyDisable');
  const [disablingOne, setDisablingOne] = useState<CompanyReview | null>(null);
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<CompanyReview | null>(null);
  const { data, busy, reload: load } = useServerData(() => companyQueue(status, page, PAGE_SIZE), [status, page], { onError: (e) => message.error(t(errorKey(e))) });

  const review = async (c: CompanyReview, decision: 'verified' | 'rejected', reason = '', note = '') => {
    try {
      await reviewCompany(c.companyId, decision, reason, note);
      message.success(t('admin.common.done'));
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
      throw e;
    }
  };

  const enable = async (c: CompanyReview) => {
    try {
      await enableCompany(c.companyId);
      message.success(t('admin.common.done'));
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
      throw e;
    }
  };

  return (
    <>
      <h1>{t('admin.companies.title')}</h1>
      <div className="admin-card">
        <Tabs
          activeKey={status}
          onChange={(k) => {
            setStatus(k as ReviewStatus);
            setPage(1);
          }}
          items={STATUSES.map((s) => ({ key: s, label: t(`admin.companies.${s}`) }))}
        />
        <TableScroll label={t('admin.companies.title')}>
          <Table<CompanyReview>
            rowKey="companyId"
            loading={busy}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: 'ID', dataIndex: 'companyId', width: 80 },
              { title: t('admin.companies.name'), dataIndex: 'name', render: (n: string, r) => (
                  <>
                    <a href={`/company/${r.companyId}`} target="_blank" rel="noreferrer">
                      {n}
                    </a>
                    {r.disabled ? (
                      <Tag color="red" className="admin-tag-after">
                        {t('admin.companies.isDisabled')}
                      </Tag>
                    ) : null}
                  </>
                ),
              },
              { title: t('admin.companies.city'), dataIndex: 'city' },
              { title: t('admin.companies.industry'), dataIndex: 'industry' },
              { title: t('admin.companies.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              {
                title: t('admin.companies.licence'),
                key: 'licence',
                render: (_: unknown, r: CompanyReview) =>
                  r.licenceUrl ? (
                    <a href={r.licenceUrl} target="_blank" rel="noopener noreferrer" data-testid={`licence-${r.companyId}`}>
                      {t('admin.companies.licenceView')}
                    </a>
                  ) : (
                    <span className="admin-muted">{t('admin.companies.licenceNone')}</span>
                  ),
              },
              ...(status !== 'pending'
                ? [
                    {
                      title: t('admin.common.reason'),
                      key: 'reason',
                      render: (_: unknown, r: CompanyReview) => [r.reason, r.note].filter(Boolean).join(' — '),
                    },
                    { title: t('admin.companies.reviewedBy'), dataIndex: 'reviewedBy' },
                    { title: t('admin.common.time'), dataIndex: 'updatedAt', render: (ms: number) => formatTime(ms) },
                  ]
                : []),
              ...(write || disabling
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      render: (_: unknown, r: CompanyReview) => (
                        <Space size={4} wrap>
                          {write && r.status !== 'verified' ? (
                            <Button size="small" type="primary" onClick={() => review(r, 'verified').catch(() => undefined)}>
                              {t('admin.companies.verify')}
                            </Button>
                          ) : null}
                          {write && r.status !== 'rejected' ? (
                            <Button size="small" danger onClick={() => setRejecting(r)}>
                              {t('admin.companies.reject')}
                            </Button>
                          ) : null}
                          {disabling && !r.disabled ? (
                            <Button size="small" danger onClick={() => setDisablingOne(r)} data-testid={`disable-${r.companyId}`}>
                              {t('admin.companies.disable')}
                            </Button>
                          ) : null}
                          {disabling && r.disabled ? (
                            <Button size="small" onClick={() => enable(r).catch(() => undefined)} data-testid={`enable-${r.companyId}`}>
                              {t('admin.companies.enable')}
                            </Button>
                          ) : null}
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
        title={t('admin.companies.rejectTitle', { name: rejecting?.name ?? '' })}
        canned={CANNED.map((c) => ({ value: t(`admin.companies.canned.${c}`), label: t(`admin.companies.canned.${c}`) }))}
        cannedLabel={t('admin.companies.cannedLabel')}
        reasonLabel={t('admin.common.note')}
        okDanger
        onCancel={() => setRejecting(null)}
        onOk={async ({ canned, reason }) => {
          await review(rejecting!, 'rejected', canned ?? '', reason?.trim() ?? '');
          setRejecting(null);
        }}
      />
      <ReasonModal
        open={!!disablingOne}
        title={t('admin.companies.disableTitle', { name: disablingOne?.name ?? '' })}
        help={t('admin.companies.disableHelp')}
        okDanger
        onCancel={() => setDisablingOne(null)}
        onOk={async ({ reason }) => {
          try {
            const answer = await disableCompany(disablingOne!.companyId, reason.trim());
            message.success(t('admin.companies.disabled', { count: answer.closedJobs }));
            setDisablingOne(null);
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
