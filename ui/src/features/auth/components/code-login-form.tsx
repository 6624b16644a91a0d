import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { isRepeatRefusal } from '@/lib/request-error';
import { loginByCode } from '@/lib/api/login';
import { useLoginSuccess, useReturnUrl, withReturnUrl } from '../use-login-success';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { CodeField, MobileField } from '@/components/auth-form/fields';

interface CodeLoginValues {
  mobile: string;
  code: string;
}

/** Mobile + SMS code (scene `login`); on success goes to the (checked) return URL. */
export function CodeLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeLoginValues>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const done = useLoginSuccess();
  const returnUrl = useReturnUrl();

  const onFinish = async (values: CodeLoginValues) => {
    setBusy(true);
    setError(null);
    try {
      done(await loginByCode(values));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="codeLogin" layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
      <AuthAlert error={error} registerTo={withReturnUrl(paths.register, returnUrl)} />
      <MobileField />
      <CodeField form={form} formName="codeLogin" scene="login" onError={setError} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.login.submit')}
      </Button>
      <p className="auth-form-hint">{t('auth.login.codeCreatesAccount')}</p>
    </Form>
  );
}
