import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { keepDigits, safeReturnUrl, stripChinese } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { useSiteConfig } from '@/lib/site-config';
import { login, type LoginInput } from '../api/login';
import { loginErrorKey } from '../login-error';

/** Mobile + password login; on success goes to the (checked) return URL. */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginInput>();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mainHosts = useSiteConfig((s) => s.mainHosts);
  const setUser = useAuth((s) => s.setUser);

  const onFinish = async (values: LoginInput) => {
    setBusy(true);
    setErrorKey(null);
    try {
      const user = await login(values);
      setUser(user ?? null);
      const target = safeReturnUrl(params.get('returnUrl') ?? paths.my.root, mainHosts, window.location.host);
      // A path stays in the app (the guard reloads the user); our other hosts get a full load.
      if (target.startsWith('/')) navigate(target, { replace: true });
      else window.location.href = target;
    } catch (e) {
      if (!isRepeatRefusal(e)) setErrorKey(loginErrorKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
      {errorKey && <Alert className="login-error" type="error" showIcon message={t(errorKey)} role="alert" />}
      <Form.Item
        name="mobile"
        label={t('login.mobile')}
        normalize={(v: string | undefined) => keepDigits(v ?? '')}
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
