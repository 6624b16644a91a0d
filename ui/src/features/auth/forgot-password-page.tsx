import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { registerCatalogue } from '@/i18n';
import { AuthCard } from './components/auth-card';
import { ResetForm } from './components/reset-form';
import authCatalogue from './i18n';
import { useReturnUrl, withReturnUrl } from './use-login-success';
import './auth.css';

registerCatalogue(authCatalogue);

/** Forgot password; open to a logged-in user too (a reset ends every session of that account). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const returnUrl = useReturnUrl();
  return (
    <AuthCard
      heading={t('auth.reset.heading')}
      welcome={t('auth.reset.welcome')}
      footer={
        <span className="auth-footer-end">
          {t('auth.reset.remembered')}
          <Link to={withReturnUrl(paths.login, returnUrl)} className="login-page-link">
            {t('auth.reset.backToLogin')}
          </Link>
        </span>
      }
    >
      <ResetForm />
    </AuthCard>
  );
}
