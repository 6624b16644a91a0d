import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { passwordProblem } from '@/lib/core/rules';
import { modifyPassword } from '@/lib/api/modify-password';
import { answered } from '@/lib/call-errors';
import { PasswordField } from '../components/fields';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { mPaths } from '../paths';

/** /m/my/set-password: the current password (when there is one) and the new one twice. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const hasPassword = !!user?.hasPassword;
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (hasPassword && !old) problems.old = t('m.auth.required', { label: t('m.auth.oldPassword') });
    const pw = passwordProblem(password);
    if (pw) problems.password = t(pw);
    if (confirm !== password) problems.confirm = t('m.auth.differ');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setAlert('');
    try {
      answered(await modifyPassword({ oldPassword: hasPassword ? old : undefined, password, confirmPassword: confirm }));
      mToast.info(t('m.auth.setDone'));
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
      {hasPassword && <PasswordField label={t('m.auth.oldPassword')} name="oldPassword" value={old} onChange={setOld} error={errors.old} />}
      <PasswordField label={t('m.auth.newPassword')} name="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
      <PasswordField label={t('m.auth.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
      <button type="submit" className="m-btn m-btn-primary m-btn-block" disabled={busy}>
        {t('m.auth.save')}
      </button>
    </form>
  );
}
