import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { usePageTitle } from '@/lib/page-title';
import { login, type Enroll } from '../api';
import { errorKey } from '../errors';
import { useAdmin } from '../store';

/** Where to go after log-in: only an /admin address of this site. */
function safeReturn(url: string | null): string {
  return url && url.startsWith('/admin') && !url.startsWith('/admin/login') ? url : '/admin';
}

interface Values {
  username: string;
  password: string;
  otp?: string;
}

/** /admin/login: username, password and the TOTP code; the first log-in shows the QR code to enrol. */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.login.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setAdmin = useAdmin((s) => s.setAdmin);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [enroll, setEnroll] = useState<Enroll | null>(null);
  const [qr, setQr] = useState('');

  useEffect(() => {
    if (!enroll) return;
    QRCode.toDataURL(enroll.otpauthUrl, { width: 180, margin: 1 }).then(setQr, () => setQr(''));
  }, [enroll]);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ username: values.username.trim(), password: values.password, otp: (values.otp ?? '').trim() });
      if (answer.enroll) {
        setEnroll(answer.enroll);
      } else if (answer.admin) {
        setAdmin(answer.admin);
        navigate(safeReturn(params.get('returnUrl')), { replace: true });
      }
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-login">
      <main className="admin-login-box">
        <div className="admin-login-lang">
          <LanguageSwitch />
        </div>
        <h1>{t('admin.login.title')}</h1>
        {error ? <Alert type="error" showIcon message={t(errorKey(error))} style={{ marginBottom: 16 }} role="alert" /> : null}
        {enroll ? (
          <section aria-label={t('admin.login.enrollTitle')} className="admin-enroll">
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('admin.login.enrollTitle')}
            </Typography.Title>
            <Typography.Paragraph>{t('admin.login.enrollHelp')}</Typography.Paragraph>
            {qr ? <img className="admin-qr" src={qr} alt={t('admin.login.qrAlt')} /> : null}
            <Typography.Paragraph>
              {t('admin.login.secret')}: <code className="admin-secret" data-testid="totp-secret">{enroll.secret}</code>
            </Typography.Paragraph>
          </section>
        ) : null}
        <Form<Values> name="adminlogin" layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
          <Form.Item
            name="username"
            label={t('admin.login.username')}
            rules={[{ required: true, whitespace: true, message: t('admin.login.required', { field: t('admin.login.username') }) }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('admin.login.password')}
            rules={[{ required: true, message: t('admin.login.required', { field: t('admin.login.password') }) }]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="otp"
            label={t('admin.login.otp')}
            extra={t('admin.login.otpHint')}
            rules={[
              { required: !!enroll, message: t('admin.login.otpFormat') },
              { pattern: /^\d{6}$/, message: t('admin.login.otpFormat') },
            ]}
          >
            <Input prefix={<SafetyOutlined aria-hidden />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('admin.login.submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
