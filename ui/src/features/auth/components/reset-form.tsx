import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isRepeatRefusal } from '@/lib/request-error';
import { resetPassword, type ResetInput } from '@/lib/api/reset-password';
import { answered } from '@/components/auth-form/login-error';
import { useReturnUrl, withReturnUrl } from '../use-login-success';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { CodeField, ConfirmField, MobileField, PasswordField } from '@/components/auth-form/fields';

/** Forgot password: mobile, SMS code (scene `reset`), new password twice; then off to /login. */
export function ResetForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetInput>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const returnUrl = useReturnUrl();

  const onFinish = async (values: ResetInput) => {
    setBusy(true);
    setError(null);
    try {
      answered(await resetPassword(values));
      // Every session of the account has ended; the guard of /login asks the server afresh.
      message.success(t('auth.reset.done'));
      navigate(withReturnUrl(paths.login, returnUrl), { replace: true });
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="reset" layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
      <AuthAlert error={error} registerTo={withReturnUrl(paths.register, returnUrl)} />
      <MobileField />
      <CodeField form={form} formName="reset" scene="reset" onError={setError} />
      <PasswordField label={t('auth.fields.newPassword')} placeholder={t('auth.fields.newPasswordPlaceholder')} />
      <ConfirmField />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}
