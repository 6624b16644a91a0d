import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMainlandMobile } from '@/lib/core';
import { passwordProblem } from '@/lib/core/rules';
import { resetPassword } from '@/lib/api/reset-password';
import { CodeField, MobileField, PasswordField } from '../components/fields';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { mPaths } from '../paths';

/** /m/forgot-password: mobile, SMS code, the new password twice. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!isMainlandMobile(mobile)) problems.mobile = t('m.auth.mobileWrong');
    if (code.length !== 6) problems.code = t('m.auth.required', { label: t('m.auth.code') });
    const pw = passwordProblem(password);
    if (pw) problems.password = t(pw);
    if (confirm !== password) problems.confirm = t('m.auth.differ');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setAlert('');
    try {
      await resetPassword({ mobile, code, password, confirmPassword: confirm });
      mToast.info(t('m.auth.resetDone'));
      navigate(mPaths.login, { replace: true });
    } catch (err) {
      setAlert(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="m-form" onSubmit={(e) => void submit(e)} noValidate>
      {alert && (
        <div className="m-alert" role="alert">
          {alert}
        </div>
      )}
      <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
      <CodeField mobile={mobile} scene="reset" value={code} onChange={setCode} error={errors.code} />
      <PasswordField label={t('m.auth.newPassword')} name="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
      <PasswordField label={t('m.auth.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
      <button type="submit" className="m-btn m-btn-primary m-btn-block" disabled={busy}>
        {t('m.auth.reset')}
      </button>
    </form>
  );
}
