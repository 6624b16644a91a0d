import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { CodeField, MobileField } from '@/components/auth-form/fields';
import { answered } from '@/components/auth-form/login-error';
import { maskMobile, type User } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { modifyMobile } from '../api/modify-mobile';
import { FormModal } from './form-modal';

interface Values {
  mobile: string;
  code: string;
  password?: string;
  oldMobile?: string;
  oldCode?: string;
}

interface Props {
  current: string | null;
  /** The mobile is the log-in id: the password is asked again, or without one a code to the current mobile. */
  hasPassword: boolean;
  onDone: (user: User) => void;
  onCancel: () => void;
}

function MobileForm({ current, hasPassword, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      onDone(answered(await modifyMobile({ mobile: values.mobile, code: values.code, password: values.password, oldCode: values.oldCode })));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="changeMobile" layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ oldMobile: current ?? '' }}>
      <AuthAlert error={error} />
      {current && <p className="account-current">{t('account.phone.current', { mobile: maskMobile(current) })}</p>}
      {hasPassword ? (
        <Form.Item name="password" label={t('account.phone.password')} rules={[{ required: true, message: t('account.phone.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={20} placeholder={t('account.phone.passwordPlaceholder')} />
        </Form.Item>
      ) : (
        current && (
          <>
            <Form.Item name="oldMobile" hidden>
              <Input />
            </Form.Item>
            <CodeField form={form} formName="changeMobile" scene="verify" mobileName="oldMobile" name="oldCode" label={t('account.phone.oldCode')} onError={setError} />
          </>
        )
      )}
      <MobileField label={t('auth.fields.newMobile')} placeholder={t('auth.fields.newMobilePlaceholder')} autoFocus />
      <CodeField form={form} formName="changeMobile" scene="bind" onError={setError} />
      <div className="account-modal-actions">
        <Button onClick={onCancel}>{t('account.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.phone.submit')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Change (or add) the login mobile: the current password (or, without one, a code to the current mobile),
 * the new number with a code to it (scene `bind`), then /pcuser/modifyMobile, which logs out other sessions.
 */
export function MobileModal({ open, ...form }: Props & { open: boolean }) {
  const { t } = useTranslation();
  return (
    <FormModal open={open} title={form.current ? t('account.phone.modalTitle') : t('account.phone.modalTitleBind')} onCancel={form.onCancel}>
      <MobileForm {...form} />
    </FormModal>
  );
}
