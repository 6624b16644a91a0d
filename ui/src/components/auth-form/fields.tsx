import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, type FormInstance, type FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerCatalogue } from '@/i18n';
import { isMainlandMobile, keepDigits, stripChinese } from '@/lib/core';
import { passwordProblem } from '@/lib/core/rules';
import type { CodeScene } from './api/send-code';
import { SendCodeButton } from './send-code-button';
import authFormCatalogue from './i18n';
import './auth-form.css';

registerCatalogue(authFormCatalogue);

/** The phone box keeps digits only (11 at most). */
export const normalizeMobile = (v: string | undefined) => keepDigits(v ?? '').slice(0, 11);
/** The code box keeps digits only (6 at most). */
export const normalizeCode = (v: string | undefined) => keepDigits(v ?? '').slice(0, 6);
/** Password boxes drop Chinese characters. */
export const normalizePassword = (v: string | undefined) => stripChinese(v ?? '');

export function mobileRules(t: TFunction, requiredKey = 'auth.fields.mobileRequired'): Rule[] {
  return [
    { required: true, message: t(requiredKey) },
    {
      validateTrigger: 'onBlur',
      validator: (_, v: string | undefined) =>
        !v || isMainlandMobile(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.fields.mobileInvalid'))),
    },
  ];
}

/** The password rule (6-20, no spaces, not only digits or letters), checked as the user types. */
export function passwordRules(t: TFunction, requiredKey = 'auth.fields.passwordRequired'): Rule[] {
  return [
    { required: true, message: t(requiredKey) },
    {
      validator: (_, v: string | undefined) => {
        const problem = v ? passwordProblem(v) : undefined;
        return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
      },
    },
  ];
}

export function confirmRules(t: TFunction, of: string): Rule[] {
  return [
    { required: true, message: t('auth.fields.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) =>
        !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(t('auth.fields.passwordsDiffer'))),
    }),
  ];
}

export function codeRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('auth.fields.codeRequired') },
    {
      validateTrigger: 'onBlur',
      validator: (_, v: string | undefined) =>
        !v || /^\d{6}$/.test(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.fields.codeInvalid'))),
    },
  ];
}

export function MobileField({
  name = 'mobile',
  label,
  placeholder,
  autoFocus,
}: {
  name?: string;
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('auth.fields.mobile')}
      normalize={normalizeMobile}
      validateTrigger={['onChange', 'onBlur']}
      rules={mobileRules(t)}
    >
      <Input
        prefix={<MobileOutlined />}
        placeholder={placeholder ?? t('auth.fields.mobilePlaceholder')}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

/** The code box with its "获取验证码" button (slider, then SMS) beside it. */
export function CodeField({
  form,
  formName,
  scene,
  mobileName = 'mobile',
  name = 'code',
  label,
  onError,
}: {
  form: FormInstance;
  /** The form's name, for the label's `for` (antd ids are `<form>_<field>`). */
  formName: string;
  scene: CodeScene;
  mobileName?: string;
  /** The field the code goes in (a form with two codes names the second). */
  name?: string;
  label?: string;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const focusCode = () => document.getElementById(`${formName}_${name}`)?.focus();
  return (
    <Form.Item label={label ?? t('auth.fields.code')} htmlFor={`${formName}_${name}`} required className="code-item">
      <div className="code-row">
        <Form.Item name={name} noStyle normalize={normalizeCode} validateTrigger={['onChange', 'onBlur']} rules={codeRules(t)}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('auth.fields.codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        <SendCodeButton form={form} mobileName={mobileName} scene={scene} onError={onError} onSent={focusCode} />
      </div>
    </Form.Item>
  );
}

export function PasswordField({
  name = 'password',
  label,
  placeholder,
  autoComplete = 'new-password',
  hint = true,
}: {
  name?: string;
  label?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('auth.fields.password')}
      normalize={normalizePassword}
      rules={passwordRules(t)}
      extra={hint ? t('auth.fields.passwordHint') : undefined}
    >
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={placeholder ?? t('auth.fields.passwordPlaceholder')}
        autoComplete={autoComplete}
        maxLength={20}
      />
    </Form.Item>
  );
}

export function ConfirmField({ name = 'confirmPassword', of = 'password' }: { name?: string; of?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('auth.fields.confirmPassword')}
      normalize={normalizePassword}
      dependencies={[of]}
      rules={confirmRules(t, of)}
    >
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('auth.fields.confirmPlaceholder')}
        autoComplete="new-password"
        maxLength={20}
      />
    </Form.Item>
  );
}
