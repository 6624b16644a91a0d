import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { answered } from '@/components/auth-form/login-error';
import { isEmail } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { bindEmail } from '../api/bind-email';
import { FormModal } from './form-modal';

function EmailForm({ current, onDone, onCancel }: { current: string | null; onDone: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ email }: { email: string }) => {
    const value = email.trim();
    setBusy(true);
    setError(null);
    try {
      answered(await bindEmail(value));
      onDone(value.toLowerCase());
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="bindEmail" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <AuthAlert error={error} />
      {current && <p className="account-current">{t('account.email.current', { email: current })}</p>}
      <Form.Item
        name="email"
        label={t('account.email.label')}
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: t('account.email.required') },
          {
            validateTrigger: 'onBlur',
            validator: (_, v: string | undefined) =>
              !v?.trim() || isEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('account.email.invalid'))),
          },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder={t('account.email.placeholder')} autoComplete="email" inputMode="email" maxLength={100} autoFocus />
      </Form.Item>
      <div className="account-modal-actions">
        <Button onClick={onCancel}>{t('account.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.save')}
        </Button>
      </div>
    </Form>
  );
}

/** Bind or change the email. */
export function EmailModal({
  open,
  current,
  onDone,
  onCancel,
}: {
  open: boolean;
  current: string | null;
  onDone: (email: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal open={open} title={current ? t('account.email.modalTitleChange') : t('account.email.modalTitleBind')} onCancel={onCancel}>
      <EmailForm current={current} onDone={onDone} onCancel={onCancel} />
    </FormModal>
  );
}
