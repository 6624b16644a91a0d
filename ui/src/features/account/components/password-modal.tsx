import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { ConfirmField, PasswordField, normalizePassword } from '@/components/auth-form/fields';
import { answered } from '@/components/auth-form/login-error';
import { isRepeatRefusal } from '@/lib/request-error';
import { modifyPassword, type ModifyPasswordInput } from '@/lib/api/modify-password';
import { FormModal } from './form-modal';

function PasswordForm({ hasPassword, onDone, onCancel }: { hasPassword: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModifyPasswordInput>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: ModifyPasswordInput) => {
    setBusy(true);
    setError(null);
    try {
      answered(await modifyPassword(values));
      onDone();
    } catch (e) {
      // What was typed stays: the user corrects the original password and tries again.
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="changePassword" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <AuthAlert error={error} />
      {hasPassword && (
        <Form.Item
          name="oldPassword"
          label={t('account.pwd.old')}
          normalize={normalizePassword}
          rules={[{ required: true, message: t('account.pwd.oldRequired') }]}
          extra={
            <Link to={paths.forgotPassword} className="account-forgot">
              {t('account.pwd.forgot')}
            </Link>
          }
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('account.pwd.oldPlaceholder')} autoComplete="current-password" maxLength={20} autoFocus />
        </Form.Item>
      )}
      <PasswordField label={t('auth.fields.newPassword')} placeholder={t('auth.fields.newPasswordPlaceholder')} />
      <ConfirmField />
      <div className="account-modal-actions">
        <Button onClick={onCancel}>{t('account.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.save')}
        </Button>
      </div>
    </Form>
  );
}

/** Set or change the password; the original one is asked only when the account has one. */
export function PasswordModal({
  open,
  hasPassword,
  onDone,
  onCancel,
}: {
  open: boolean;
  hasPassword: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal open={open} title={hasPassword ? t('account.pwd.modalTitleChange') : t('account.pwd.modalTitleSet')} onCancel={onCancel}>
      <PasswordForm hasPassword={hasPassword} onDone={onDone} onCancel={onCancel} />
    </FormModal>
  );
}
