import { Alert, Button, Form, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { ConfirmField, PasswordField } from '@/components/auth-form/fields';
import authFormCatalogue from '@/components/auth-form/i18n';
import { accountErrorKey } from '@/components/recruit/errors';
import { loginPath, recruitPaths } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { acceptInvitation, getInvitation } from './api/account';
import { AuthShell } from './auth-shell';
import recruitAccountCatalogue from './i18n';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitAccountCatalogue);

/**
 * /recruit/invite/:token: the page of an interviewer's invitation SMS. It names the company and the
 * number it went to; setting a password accepts it and logs the interviewer in, on their calendar.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.invite'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const setMember = useRecruiter((s) => s.setMember);
  const invitation = useServerData(() => getInvitation(token), [token]);
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: { password: string; confirmPassword: string }) => {
    setBusy(true);
    setError(null);
    try {
      const member = await acceptInvitation({ token, ...values });
      setMember(member);
      navigate(recruitPaths.interviews, { replace: true });
    } catch (e) {
      // The password typed stays in the form.
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const gone = invitation.status === 'failed';
  const about = invitation.data;
  return (
    <AuthShell
      heading={t('recruit.invite.heading')}
      footer={
        <>
          {t('recruit.auth.haveAccount')}
          <Link to={loginPath()}>{t('recruit.auth.loginNow')}</Link>
        </>
      }
    >
      {invitation.status === 'loading' && <Spin />}
      {gone && <Alert type="warning" showIcon role="alert" message={t('recruit.invite.gone')} data-testid="invite-gone" />}
      {about && (
        <>
          <p className="rc-invite-about" data-testid="invite-about">
            {t('recruit.invite.about', { company: about.companyName, name: about.name, mobile: about.mobile })}
          </p>
          <Form form={form} name="acceptInvite" layout="vertical" requiredMark={false} size="large" onFinish={onFinish}>
            {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(accountErrorKey(error))} data-testid="invite-error" />}
            <PasswordField />
            <ConfirmField />
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="invite-accept">
              {t('recruit.invite.accept')}
            </Button>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
