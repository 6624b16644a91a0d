import { App, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { auditLog, type AuditRow } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';

const PAGE_SIZE = 20;

/** /admin/audit: every admin write and log-in, newest first; searchable, paged; nobody edits it. */
export default function AuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.audit.title'));
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, busy } = useServerData(() => auditLog(query, page, PAGE_SIZE), [query, page], { onError: (e) => message.error(t(errorKey(e))) });

  const value = (v: string | null) => (v ? <pre className="admin-pre">{v}</pre> : '—');

  return (
    <>
      <h1>{t('admin.audit.title')}</h1>
      <div className="admin-card">
        <div className="admin-toolbar">
          <Input.Search
            aria-label={t('admin.audit.placeholder')}
            placeholder={t('admin.audit.placeholder')}
            enterButton={t('admin.common.search')}
            allowClear
            maxLength={50}
            style={{ maxWidth: 420 }}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(v) => {
              setQuery(v.trim());
              setPage(1);
            }}
          />
        </div>
        <TableScroll label={t('admin.audit.title')}>
          <Table<AuditRow>
            rowKey="id"
            size="middle"
            loading={busy}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.common.time'), dataIndex: 'at', width: 150, render: (ms: number) => formatTime(ms, 'YYYY-MM-DD HH:mm:ss') },
              { title: t('admin.audit.admin'), dataIndex: 'admin', width: 100 },
              { title: t('admin.audit.action'), dataIndex: 'action', render: (a: string) => <code>{a}</code> },
              { title: t('admin.audit.target'), dataIndex: 'target' },
              { title: t('admin.audit.before'), dataIndex: 'before', width: 110, render: value },
              { title: t('admin.audit.after'), dataIndex: 'after', width: 110, render: value },
              { title: t('admin.common.reason'), dataIndex: 'reason' },
              { title: t('admin.audit.ip'), dataIndex: 'ip', width: 120 },
            ]}
          />
        </TableScroll>
      </div>
    </>
  );
}
