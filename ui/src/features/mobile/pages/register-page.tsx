import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { isMainlandMobile } from '@/lib/core';
import { passwordProblem } from '@/lib/core/rules';
import { register } from '@/lib/api/register';
import { CodeField, MobileField, PasswordField } from '../components/fields';
import { errorText } from '../error-text';
import { mPaths } from '../paths';

/** /m/register: mobile, SMS code, password twice, the agreement. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
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
    if (!agree) return setAlert(t('m.auth.errors.AGREEMENT_REQUIRED'));
    setBusy(true);
    setAlert('');
    try {
      const user = await register({ mobile, code, password, confirmPassword: confirm, agree });
      useAuth.getState().setUser(user);
      navigate(mPaths.my, { replace: true });
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
      <CodeField mobile={mobile} scene="register" value={code} onChange={setCode} error={errors.code} />
      <PasswordField label={t('m.auth.password')} name="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
      <PasswordField label={t('m.auth.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
      <label className="m-check">
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        {t('m.auth.agree')}
      </label>
      <button type="submit" className="m-btn m-btn-primary m-btn-block" disabled={busy}>
        {t('m.auth.register')}
      </button>
    </form>
  );
}
