import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerCatalogue } from '@/i18n';
import { disabledReasonText } from '@/lib/call-errors';
import { authErrorKey, offersLogin, offersRegister } from './login-error';
import authFormCatalogue from './i18n';
import './auth-form.css';

registerCatalogue(authFormCatalogue);

export interface AuthAlertProps {
  /** The rejection of the last call, or null. */
  error: unknown;
  /** Where the "log in" link of MOBILE_REGISTERED goes; no link when absent. */
  loginTo?: string;
  /** Where the "register" link of USER_NOT_FOUND goes; no link when absent. */
  registerTo?: string;
}

/** The message of a failed account call, in the user's language, with a link where one helps. */
export function AuthAlert({ error, loginTo, registerTo }: AuthAlertProps) {
  const { t } = useTranslation();
  if (!error) return null;
  const login = loginTo && offersLogin(error);
  const reg = registerTo && offersRegister(error);
  const reason = disabledReasonText(t, error);
  return (
    <Alert
      className="login-error"
      type="error"
      showIcon
      role="alert"
      message={
        <span className="auth-alert-text">
          <span className="auth-alert-message">{t(authErrorKey(error))}</span>
          {reason && <span className="auth-alert-reason">{reason}</span>}
          {login && (
            <Link className="auth-alert-link" to={loginTo}>
              {t('auth.links.login')}
            </Link>
          )}
          {reg && (
            <Link className="auth-alert-link" to={registerTo}>
              {t('auth.links.register')}
            </Link>
          )}
        </span>
      }
    />
  );
}
