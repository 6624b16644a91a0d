import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { disabledReasonText } from '@/lib/call-errors';
import { isRepeatRefusal } from '@/lib/request-error';
import { registerCatalogue } from '@/i18n';
import { MobileField, normalizePassword } from '@/components/auth-form/fields';
import authFormCatalogue from '@/components/auth-form/i18n';
import { accountErrorKey } from '@/components/recruit/errors';
import { safeRecruitReturn } from '@/components/recruit/format';
import { recruitPaths } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { login } from './api/account';
import { AuthShell } from './auth-shell';
import recruitAccountCatalogue from './i18n';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitAccountCatalogue);

/** /recruit/login: a company member logs in with mobile and password, then goes back where they were going. */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.login'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMember = useRecruiter((s) => s.setMember);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const returnUrl = params.get('returnUrl');

  const onFinish = async (values: { mobile: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const member = await login(values);
      if (!member) throw { status: 401, message: 'session' };
      setMember(member);
      navigate(safeRecruitReturn(returnUrl), { replace: true });
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const registerTo = returnUrl ? `${recruitPaths.register}?returnUrl=${encodeURIComponent(returnUrl)}` : recruitPaths.register;
  return (
    <AuthShell
      heading={t('recruit.auth.loginHeading')}
      footer={
        <>
          {t('recruit.auth.noAccount')}
          <Link to={registerTo} data-testid="to-register">
            {t('recruit.auth.registerNow')}
          </Link>
        </>
      }
    >
      <Form name="comlogin" layout="vertical" requiredMark={false} size="large" onFinish={onFinish}>
        {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={`${t(accountErrorKey(error))} ${disabledReasonText(t, error)}`.trim()} />}
        <MobileField autoFocus />
        <Form.Item
          name="password"
          label={t('login.password')}
          normalize={normalizePassword}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" maxLength={20} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('recruit.auth.loginSubmit')}
        </Button>
      </Form>
    </AuthShell>
  );
}
