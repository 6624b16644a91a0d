import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useServerData } from '@/lib/use-server-data';
import { can, chatReports, handleChatReport, type ChatReport } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';

const PAGE_SIZE = 20;
const REASONS = ['harassment', 'fraud', 'money', 'ads', 'vulgar', 'other'];

/** The copied messages of one report: the reported one marked, the ten before it above. The console's only view of a chat. */
function CopiedMessages({ report }: { report: ChatReport }) {
  const { t } = useTranslation();
  return (
    <ol className="admin-chat-copy" aria-label={t('admin.chatReports.messagesOf', { name: report.reportedName })}>
      {report.messages.map((m) => (
        <li key={m.seq} className={m.reported ? 'admin-chat-msg reported' : 'admin-chat-msg'}>
          <span className="admin-chat-who">{t(`admin.chatReports.sides.${m.side}`)}</span>
          <span className="admin-chat-time">{formatTime(m.createdAt)}</span>
          {m.reported && <Tag color="red">{t('admin.chatReports.reportedMessage')}</Tag>}
          {m.recalled && <Tag>{t('admin.chatReports.recalled')}</Tag>}
          <div className="admin-chat-text">{m.kind === 'text' || m.kind === 'emoji' ? m.text : `[${t(`admin.chatReports.kinds.${m.kind}`)}] ${m.text}`}</div>
        </li>
      ))}
    </ol>
  );
}

/**
 * The chat reports' queue on /admin/reports (举报 from a thread, issue 32): who reported whom, why, and the copy
 * of the reported message with the ten before it. Dismiss (reviewers) or disable the reported account (support).
 */
export function ChatReportsSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, busy, reload } = useServerData(() => chatReports(page, PAGE_SIZE), [page], { onError: (e) => message.error(t(errorKey(e))) });
  const [acting, setActing] = useState<{ report: ChatReport; action: 'dismiss' | 'disable' } | null>(null);
  const role = useAdmin((s) => s.admin)?.role;
  const dismiss = can(role, 'reportWrite');
  const disable = can(role, 'chatReportDisable');

  return (
    <section className="admin-chat-reports" aria-labelledby="admin-chat-reports-title">
      <h2 id="admin-chat-reports-title">{t('admin.chatReports.title')}</h2>
      <p className="admin-help">{t('admin.chatReports.help')}</p>
      <div className="admin-card">
        <TableScroll label={t('admin.chatReports.table')}>
          <Table<ChatReport>
            rowKey="id"
            loading={busy}
            dataSource={data?.list ?? []}
            expandable={{
              expandedRowRender: (r) => <CopiedMessages report={r} />,
              rowExpandable: (r) => r.messages.length > 0,
              expandRowByClick: false,
            }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.chatReports.reporter'), key: 'reporter', render: (_: unknown, r) => `${r.reporterName}（${t(`admin.chatReports.sides.${r.reporterSide}`)}）` },
              { title: t('admin.chatReports.reported'), key: 'reported', render: (_: unknown, r) => `${r.reportedName}（${t(`admin.chatReports.sides.${r.reportedSide}`)}）` },
              { title: t('admin.chatReports.reason'), dataIndex: 'reason', render: (k: string) => <Tag color="orange">{REASONS.includes(k) ? t(`admin.chatReports.reasons.${k}`) : k}</Tag> },
              { title: t('admin.chatReports.detail'), dataIndex: 'detail' },
              { title: t('admin.chatReports.messages'), key: 'count', render: (_: unknown, r) => t('admin.chatReports.messageCount', { count: r.messages.length }) },
              { title: t('admin.chatReports.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              ...(dismiss || disable
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      render: (_: unknown, r: ChatReport) => (
                        <Space size={4} wrap>
                          {disable && (
                            <Button size="small" danger onClick={() => setActing({ report: r, action: 'disable' })}>
                              {t('admin.chatReports.disable')}
                            </Button>
                          )}
                          {dismiss && (
                            <Button size="small" onClick={() => setActing({ report: r, action: 'dismiss' })}>
                              {t('admin.chatReports.dismiss')}
                            </Button>
                          )}
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
        title={acting ? t(`admin.chatReports.${acting.action}Title`, { name: acting.report.reportedName }) : ''}
        help={acting?.action === 'disable' ? t('admin.chatReports.disableHelp') : undefined}
        optional={acting?.action === 'dismiss'}
        okDanger={acting?.action === 'disable'}
        onCancel={() => setActing(null)}
        onOk={async ({ reason }) => {
          if (!acting) return;
          try {
            await handleChatReport(acting.report.id, acting.action, reason.trim());
            message.success(t('admin.common.done'));
            setActing(null);
            await reload();
          } catch (e) {
            message.error(t(errorKey(e)));
            throw e;
          }
        }}
      />
    </section>
  );
}
