import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { keepDigits, stripChinese } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { login, type LoginInput } from '@/lib/api/login';
import { useLoginSuccess, useReturnUrl, withReturnUrl } from '../use-login-success';
import { AuthAlert } from '@/components/auth-form/auth-alert';

/** Mobile + password login; on success goes to the (checked) return URL. */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginInput>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const done = useLoginSuccess();
  const returnUrl = useReturnUrl();

  const onFinish = async (values: LoginInput) => {
    setBusy(true);
    setError(null);
    try {
      done(await login(values));
    } catch (e) {
      // What was typed stays in the form.
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
      <AuthAlert error={error} registerTo={withReturnUrl(paths.register, returnUrl)} />
      <Form.Item
        name="mobile"
        label={t('login.mobile')}
        normalize={(v: string | undefined) => keepDigits(v ?? '').slice(0, 11)}
        rules={[{ required: true, message: t('login.mobileRequired') }]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.mobilePlaceholder')}
          inputMode="numeric"
          autoComplete="username"
          maxLength={11}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        normalize={(v: string | undefined) => stripChinese(v ?? '')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={20}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
