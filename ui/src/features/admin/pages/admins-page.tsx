import { App, Button, Form, Input, Modal, Table, Tag } from 'antd';
import { FormSelect } from '@/components/antd/form-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { admins, createAdmin, disableAdmin, enableAdmin, type AdminRow, type Role } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';
import { ReasonModal } from './reason-modal';

const ROLES: Role[] = ['super', 'reviewer', 'support'];

/** /admin/admins (super only): the admins; create one, disable one (never oneself or the last super admin), enable a disabled one. */
export default function AdminsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.admins.title'));
  const { message } = App.useApp();
  const me = useAdmin((s) => s.admin);
  const { data: rows = [], busy: loading, reload: load } = useServerData(admins, [], { onError: (e) => message.error(t(errorKey(e))) });
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [disabling, setDisabling] = useState<AdminRow | null>(null);
  const [form] = Form.useForm<{ username: string; password: string; role: Role }>();

  const enable = async (row: AdminRow) => {
    try {
      await enableAdmin(row.id);
      message.success(t('admin.common.done'));
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
    }
  };

  const create = async () => {
    // A field left wrong shows its message under it; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await createAdmin({ ...values, username: values.username.trim() });
      message.success(t('admin.common.done'));
      setCreating(false);
      form.resetFields();
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{t('admin.admins.title')}</h1>
      <div className="admin-card">
        <div className="admin-toolbar">
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('admin.admins.create')}
          </Button>
        </div>
        <TableScroll label={t('admin.admins.title')}>
          <Table<AdminRow>
            rowKey="id"
            loading={loading}
            dataSource={rows}
            pagination={false}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 80 },
              { title: t('admin.admins.username'), dataIndex: 'username' },
              { title: t('admin.admins.role'), dataIndex: 'role', render: (r: Role) => <Tag color={r === 'super' ? 'geekblue' : 'blue'}>{t(`admin.roles.${r}`)}</Tag> },
              { title: t('admin.admins.totp'), dataIndex: 'totpEnrolled', render: (e: boolean) => (e ? t('admin.admins.enrolled') : t('admin.admins.notEnrolled')) },
              {
                title: t('admin.admins.status'),
                dataIndex: 'disabled',
                render: (d: boolean) => (d ? <Tag color="red">{t('admin.admins.disabled')}</Tag> : <Tag color="green">{t('admin.admins.active')}</Tag>),
              },
              { title: t('admin.admins.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
              {
                title: t('admin.common.actions'),
                key: 'actions',
                render: (_: unknown, r: AdminRow) =>
                  r.disabled ? (
                    <Button size="small" onClick={() => enable(r)} data-action="enable">
                      {t('admin.admins.enable')}
                    </Button>
                  ) : r.id !== me?.id ? (
                    <Button size="small" danger onClick={() => setDisabling(r)}>
                      {t('admin.admins.disable')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </TableScroll>
      </div>
      <Modal
        open={creating}
        title={t('admin.admins.create')}
        okText={t('admin.common.ok')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={create}
        onCancel={() => setCreating(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ role: 'reviewer' }}>
          <Form.Item
            name="username"
            label={t('admin.admins.username')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_.]{1,32}$/, message: t('admin.errors.BAD_INPUT') }]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('admin.admins.password')} rules={[{ required: true, min: 6, message: t('admin.errors.BAD_INPUT') }]}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('admin.admins.role')} rules={[{ required: true }]}>
            <FormSelect options={ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
      <ReasonModal
        open={!!disabling}
        title={t('admin.admins.disableTitle', { name: disabling?.username ?? '' })}
        okDanger
        onCancel={() => setDisabling(null)}
        onOk={async ({ reason }) => {
          try {
            await disableAdmin(disabling!.id, reason.trim());
            message.success(t('admin.common.done'));
            setDisabling(null);
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
