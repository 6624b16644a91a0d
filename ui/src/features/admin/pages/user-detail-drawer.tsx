import { App, Descriptions, Drawer, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useServerData } from '@/lib/use-server-data';
import { userDetail, type Account } from '../api';
import { errorKey } from '../errors';

/** The users page's "view": one account with what it holds, its state and the audit rows about it. */
export function UserDetailDrawer({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const load = useServerData(() => (account ? userDetail(account.kind, account.id) : Promise.resolve(null)), [account], {
    onError: (e) => message.error(t(errorKey(e))),
  });
  // Another account's detail is not shown while this one's is on its way.
  const detail = load.status === 'ready' ? load.data : null;

  return (
    <Drawer open={!!account} onClose={onClose} title={t('admin.users.detailTitle')} width={560} loading={!detail}>
      {detail && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('admin.users.kind')}>{t(`admin.users.${detail.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.mobile')}>{detail.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.name')}>{detail.name}</Descriptions.Item>
            {detail.kind === 'candidate' ? (
              <>
                <Descriptions.Item label={t('admin.users.email')}>{detail.email}</Descriptions.Item>
                <Descriptions.Item label={t('admin.users.resumes')}>{detail.resumes}</Descriptions.Item>
                <Descriptions.Item label={t('admin.users.applications')}>{detail.applications}</Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('admin.users.company')}>{detail.company}</Descriptions.Item>
                <Descriptions.Item label={t('admin.users.role')}>{detail.role}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('admin.users.status')}>
              {detail.disabled ? <Tag color="red">{t('admin.users.disabled')}</Tag> : <Tag color="green">{t('admin.users.normal')}</Tag>}
            </Descriptions.Item>
            {detail.disabled && <Descriptions.Item label={t('admin.users.reason')}>{detail.disabledReason}</Descriptions.Item>}
            <Descriptions.Item label={t('admin.users.createdAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
          </Descriptions>
          <h2 className="admin-detail-heading">{t('admin.users.audit')}</h2>
          <List
            size="small"
            dataSource={detail.audit}
            locale={{ emptyText: t('admin.users.auditEmpty') }}
            renderItem={(r) => (
              <List.Item>
                {formatTime(r.at)} · {r.admin} · {r.action}
                {r.after ? ` → ${r.after}` : ''}
                {r.reason ? ` (${r.reason})` : ''}
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
