import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { registerCatalogue } from '@/i18n';
import { ConfirmField, MobileField, PasswordField } from '@/components/auth-form/fields';
import authFormCatalogue from '@/components/auth-form/i18n';
import { getMe } from '@/components/recruit/api/member';
import { accountErrorKey } from '@/components/recruit/errors';
import { safeRecruitReturn } from '@/components/recruit/format';
import { loginPath } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { register, type RegisterInput } from './api/account';
import { AuthShell } from './auth-shell';
import { RegisterCodeField } from './register-code-field';
import recruitAccountCatalogue from './i18n';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitAccountCatalogue);

type Values = RegisterInput & { agree: boolean };

/** /recruit/register: mobile, SMS code (slider first), password twice, the company's full name, the contact, the agreement. */
export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.register'));
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMember = useRecruiter((s) => s.setMember);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const returnUrl = params.get('returnUrl');

  const onFinish = async (all: Values) => {
    const values: RegisterInput = { mobile: all.mobile, code: all.code, password: all.password, confirmPassword: all.confirmPassword, companyName: all.companyName, name: all.name };
    setBusy(true);
    setError(null);
    try {
      const answer = await register(values);
      const member = answer && typeof answer === 'object' && 'company' in answer ? answer : await getMe();
      if (!member) throw { status: 401, message: 'session' };
      setMember(member);
      navigate(safeRecruitReturn(returnUrl), { replace: true });
    } catch (e) {
      // What was typed stays in the form.
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const code = (error as { code?: unknown } | null)?.code;
  return (
    <AuthShell
      heading={t('recruit.auth.registerHeading')}
      footer={
        <>
          {t('recruit.auth.haveAccount')}
          <Link to={loginPath(returnUrl ?? undefined)}>{t('recruit.auth.loginNow')}</Link>
        </>
      }
    >
      <Form form={form} name="comregister" layout="vertical" requiredMark={false} size="large" onFinish={onFinish} initialValues={{ agree: false }}>
        {!!error && (
          <Alert
            className="rc-form-alert"
            type="error"
            showIcon
            role="alert"
            message={
              <span>
                {t(accountErrorKey(error))}
                {code === 'MOBILE_REGISTERED' && (
                  <>
                    {' '}
                    <Link to={loginPath(returnUrl ?? undefined)}>{t('recruit.auth.loginNow')}</Link>
                  </>
                )}
              </span>
            }
          />
        )}
        <MobileField autoFocus />
        <RegisterCodeField form={form} formName="comregister" onError={setError} />
        <PasswordField />
        <ConfirmField />
        <Form.Item
          name="companyName"
          label={t('recruit.auth.companyName')}
          extra={t('recruit.auth.companyNameHint')}
          rules={[
            { required: true, whitespace: true, message: t('recruit.auth.companyNameRequired') },
            { max: 100, message: t('recruit.v.maxChars', { limit: 100 }) },
          ]}
        >
          <Input prefix={<BankOutlined />} placeholder={t('recruit.auth.companyNamePlaceholder')} maxLength={100} autoComplete="organization" />
        </Form.Item>
        <Form.Item name="name" label={t('recruit.auth.contactName')} rules={[{ max: 30, message: t('recruit.v.maxChars', { limit: 30 }) }]}>
          <Input prefix={<UserOutlined />} placeholder={t('recruit.auth.contactNamePlaceholder')} maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('recruit.auth.agreementRequired')))) }]}
        >
          <Checkbox>
            {t('recruit.auth.agreePrefix')}
            <a
              href="#agreement"
              onClick={(e) => {
                e.preventDefault();
                setAgreementOpen(true);
              }}
            >
              {t('recruit.auth.agreement')}
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('recruit.auth.registerSubmit')}
        </Button>
      </Form>
      <Modal
        open={agreementOpen}
        title={t('recruit.auth.agreementTitle')}
        onCancel={() => setAgreementOpen(false)}
        okText={t('recruit.auth.agree')}
        cancelText={t('common.close')}
        onOk={() => {
          form.setFieldValue('agree', true);
          void form.validateFields(['agree']);
          setAgreementOpen(false);
        }}
      >
        {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
          <p key={p}>{t(`recruit.auth.agreementText.${p}`)}</p>
        ))}
      </Modal>
    </AuthShell>
  );
}
