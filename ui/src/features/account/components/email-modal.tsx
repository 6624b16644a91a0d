import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { useResendCountdown } from '@/components/auth-form/use-resend-countdown';
import { normalizeCode } from '@/components/auth-form/fields';
import { answered } from '@/components/auth-form/login-error';
import { isEmail } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { bindEmail, sendEmailCode } from '../api/bind-email';
import { FormModal } from './form-modal';

/** "获取验证码" for the address in the form: checks it, mails a code, counts down before another. */
function EmailCodeButton({ form, onError, onSent }: { form: ReturnType<typeof Form.useForm<EmailValues>>[0]; onError: (e: unknown) => void; onSent: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const { left, label, started } = useResendCountdown();

  const onClick = async () => {
    onError(null);
    try {
      await form.validateFields(['email']);
    } catch {
      return; // the field shows what is wrong
    }
    const email = String(form.getFieldValue('email') ?? '').trim();
    setSending(true);
    try {
      const answer = answered(await sendEmailCode(email));
      started(answer.interval);
      message.success(t('account.email.codeSent', { email }));
      onSent();
    } catch (e) {
      if (!isRepeatRefusal(e)) onError(e);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button className="send-code-btn" onClick={() => void onClick()} disabled={left > 0} loading={sending} data-countdown={left}>
      {label}
    </Button>
  );
}

interface EmailValues {
  email: string;
  code: string;
}

function EmailForm({ current, onDone, onCancel }: { current: string | null; onDone: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailValues>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ email, code }: EmailValues) => {
    const value = email.trim();
    setBusy(true);
    setError(null);
    try {
      answered(await bindEmail(value, code));
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
      <Form.Item label={t('account.email.code')} htmlFor="bindEmail_code" required className="code-item">
        <div className="code-row">
          <Form.Item name="code" noStyle normalize={normalizeCode} validateTrigger={['onChange', 'onBlur']} rules={[
              { required: true, message: t('account.email.codeRequired') },
              { validateTrigger: 'onBlur', pattern: /^\d{6}$/, message: t('auth.fields.codeInvalid') },
            ]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.fields.codePlaceholder')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <EmailCodeButton form={form} onError={setError} onSent={() => document.getElementById('bindEmail_code')?.focus()} />
        </div>
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
