import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { isMainlandMobile, type User } from '@/lib/core';
import { login, loginByCode } from '@/lib/api/login';
import { CodeField, MobileField, PasswordField } from '../components/fields';
import { Segments } from '../components/segments';
import { errorText } from '../error-text';
import { mPaths, safeReturn } from '../paths';

/** /m/login: by password, or by SMS code after the slider. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!isMainlandMobile(mobile)) problems.mobile = t('m.auth.mobileWrong');
    if (mode === 'password' && !password) problems.password = t('m.auth.required', { label: t('m.auth.password') });
    if (mode === 'code' && code.length !== 6) problems.code = t('m.auth.required', { label: t('m.auth.code') });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setAlert('');
    try {
      const user: User = mode === 'password' ? await login({ mobile, password }) : await loginByCode({ mobile, code });
      useAuth.getState().setUser(user);
      navigate(safeReturn(params.get('returnUrl')), { replace: true });
    } catch (err) {
      setAlert(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Segments
        items={[
          { key: 'password', label: t('m.auth.byPassword') },
          { key: 'code', label: t('m.auth.byCode') },
        ]}
        value={mode}
        onChange={setMode}
      />
      <form className="m-form" id="m-login" onSubmit={(e) => void submit(e)} noValidate>
        {alert && (
          <div className="m-alert" role="alert">
            {alert}
          </div>
        )}
        <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
        {mode === 'password' ? (
          <PasswordField label={t('m.auth.password')} name="password" value={password} onChange={setPassword} error={errors.password} />
        ) : (
          <CodeField mobile={mobile} scene="login" value={code} onChange={setCode} error={errors.code} />
        )}
        <button type="submit" className="m-btn m-btn-primary m-btn-block" disabled={busy}>
          {t('m.auth.login')}
        </button>
        {mode === 'code' && <p className="m-form-hint">{t('m.auth.codeCreatesAccount')}</p>}
        <div className="m-form-links">
          <Link to={mPaths.register}>{t('m.auth.toRegister')}</Link>
          <Link to={mPaths.forgotPassword}>{t('m.auth.forgot')}</Link>
        </div>
      </form>
    </>
  );
}
