import { App, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { isRepeatRefusal } from '@/lib/request-error';
import { register, type RegisterInput } from '@/lib/api/register';
import { useLoginSuccess, useReturnUrl, withReturnUrl } from '../use-login-success';
import { AgreementModal } from './agreement-modal';
import { AuthAlert } from '@/components/auth-form/auth-alert';
import { CodeField, ConfirmField, MobileField, PasswordField } from '@/components/auth-form/fields';

/** Mobile, SMS code (scene `register`), password twice and the member agreement; logs in on success. */
export function RegisterForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterInput>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const done = useLoginSuccess();
  const returnUrl = useReturnUrl();

  const onFinish = async (values: RegisterInput) => {
    setBusy(true);
    setError(null);
    try {
      const user = await register({ ...values, agree: !!values.agree });
      message.success(t('auth.register.welcomeToast'));
      done(user);
    } catch (e) {
      // What was typed stays in the form.
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      size="large"
      initialValues={{ agree: false }}
    >
      <AuthAlert error={error} loginTo={withReturnUrl(paths.login, returnUrl)} />
      <MobileField />
      <CodeField form={form} formName="register" scene="register" onError={setError} />
      <PasswordField />
      <ConfirmField />
      <Form.Item
        name="agree"
        valuePropName="checked"
        className="agree-item"
        rules={[
          {
            validator: (_, v: boolean) =>
              v ? Promise.resolve() : Promise.reject(new Error(t('auth.register.agreementRequired'))),
          },
        ]}
      >
        <Checkbox>
          {t('auth.register.agreePrefix')}
          <a
            href="#agreement"
            className="agreement-link"
            onClick={(e) => {
              e.preventDefault();
              setAgreementOpen(true);
            }}
          >
            {t('auth.register.agreement')}
          </a>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.register.submit')}
      </Button>
      <AgreementModal
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        onAgree={() => {
          form.setFieldValue('agree', true);
          void form.validateFields(['agree']);
          setAgreementOpen(false);
        }}
      />
    </Form>
  );
}
