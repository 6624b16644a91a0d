import { Button, Form } from 'antd';
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
}

function MobileForm({ current, onDone, onCancel }: { current: string | null; onDone: (user: User) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      onDone(answered(await modifyMobile(values)));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="changeMobile" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <AuthAlert error={error} />
      {current && <p className="account-current">{t('account.phone.current', { mobile: maskMobile(current) })}</p>}
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

/** Change (or add) the login mobile: new number, slider, code to it (scene `bind`), then /pcuser/modifyMobile. */
export function MobileModal({
  open,
  current,
  onDone,
  onCancel,
}: {
  open: boolean;
  current: string | null;
  onDone: (user: User) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal open={open} title={current ? t('account.phone.modalTitle') : t('account.phone.modalTitleBind')} onCancel={onCancel}>
      <MobileForm current={current} onDone={onDone} onCancel={onCancel} />
    </FormModal>
  );
}
