import { App, Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, disableUser, enableUser, searchUsers, unlockUser, type Account } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';
import { UserDetailDrawer } from './user-detail-drawer';

/** /admin/users: search candidates and company members; view one, disable with a reason, enable, unlock. */
export default function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.users.title'));
  const { message } = App.useApp();
  const admin = useAdmin((s) => s.admin);
  const write = can(admin?.role, 'userWrite');
  const [q, setQ] = useState('');
  const [disabling, setDisabling] = useState<Account | null>(null);
  const [viewing, setViewing] = useState<Account | null>(null);
  // The term searched for; '' before the first search.
  const [asked, setAsked] = useState('');
  const found = useServerData(() => (asked ? searchUsers(asked) : Promise.resolve(null)), [asked], { onError: (e) => message.error(t(errorKey(e))) });
  const rows = found.data ?? null;

  /** Searches for `query`; the term already searched is asked again, and an action waits for its rows. */
  const search = (query = q): Promise<void> => {
    const term = query.trim();
    if (term === asked) return term ? found.reload() : Promise.resolve();
    if (term) setAsked(term);
    return Promise.resolve();
  };

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      message.success(t('admin.common.done'));
      await search();
    } catch (e) {
      message.error(t(errorKey(e)));
      throw e;
    }
  };

  return (
    <>
      <h1>{t('admin.users.title')}</h1>
      <div className="admin-card">
        <div className="admin-toolbar">
          <Input.Search
            aria-label={t('admin.users.placeholder')}
            placeholder={t('admin.users.placeholder')}
            enterButton={t('admin.common.search')}
            allowClear
            style={{ maxWidth: 420 }}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(v) => search(v)}
            maxLength={50}
          />
        </div>
        <TableScroll label={t('admin.users.title')}>
          <Table<Account>
            rowKey={(r) => `${r.kind}-${r.id}`}
            loading={!!asked && found.busy}
            dataSource={rows ?? []}
            locale={{ emptyText: rows ? undefined : t('admin.users.empty') }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('admin.users.kind'), dataIndex: 'kind', render: (k: Account['kind']) => <Tag color={k === 'candidate' ? 'green' : 'geekblue'}>{t(`admin.users.${k}`)}</Tag> },
              { title: t('admin.users.mobile'), dataIndex: 'mobile' },
              { title: t('admin.users.name'), dataIndex: 'name' },
              { title: t('admin.users.email'), dataIndex: 'email' },
              { title: t('admin.users.company'), dataIndex: 'company' },
              {
                title: t('admin.users.status'),
                dataIndex: 'disabled',
                render: (d: boolean, r) =>
                  d ? (
                    <span>
                      <Tag color="red">{t('admin.users.disabled')}</Tag>
                      {r.disabledReason}
                    </span>
                  ) : (
                    <Tag color="green">{t('admin.users.normal')}</Tag>
                  ),
              },
              { title: t('admin.users.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              {
                title: t('admin.common.actions'),
                key: 'actions',
                render: (_: unknown, r: Account) => (
                  <Space size={4}>
                    <Button size="small" onClick={() => setViewing(r)} data-action="view">
                      {t('admin.users.view')}
                    </Button>
                    {write &&
                      (r.disabled ? (
                        <Button size="small" onClick={() => act(() => enableUser(r.mobile)).catch(() => undefined)} data-action="enable">
                          {t('admin.users.enable')}
                        </Button>
                      ) : (
                        <Button size="small" danger onClick={() => setDisabling(r)} data-action="disable">
                          {t('admin.users.disable')}
                        </Button>
                      ))}
                    {write && (
                      <Button size="small" onClick={() => act(() => unlockUser(r.mobile)).catch(() => undefined)} data-action="unlock">
                        {t('admin.users.unlock')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </TableScroll>
      </div>
      <UserDetailDrawer account={viewing} onClose={() => setViewing(null)} />
      <ReasonModal
        open={!!disabling}
        title={t('admin.users.disableTitle', { mobile: disabling?.mobile ?? '' })}
        help={t('admin.users.disableHelp')}
        okDanger
        onCancel={() => setDisabling(null)}
        onOk={async ({ reason }) => {
          await act(() => disableUser(disabling!.mobile, reason.trim()));
          setDisabling(null);
        }}
      />
    </>
  );
}
