import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { AlreadyLoggedIn, AuthCard } from './components/auth-card';
import { RegisterForm } from './components/register-form';
import authCatalogue from './i18n';
import { useReturnUrl, withReturnUrl } from './use-login-success';
import './auth.css';

registerCatalogue(authCatalogue);

export default function RegisterPage() {
  const { t } = useTranslation();
  const isLogin = useAuth((s) => s.isLogin);
  const returnUrl = useReturnUrl();
  return (
    <AuthCard
      heading={t('auth.register.heading')}
      welcome={t('auth.register.welcome')}
      footer={
        isLogin ? undefined : (
          <span className="auth-footer-end">
            {t('auth.register.haveAccount')}
            <Link to={withReturnUrl(paths.login, returnUrl)} className="login-page-link">
              {t('auth.register.loginNow')}
            </Link>
          </span>
        )
      }
    >
      {isLogin ? <AlreadyLoggedIn /> : <RegisterForm />}
    </AuthCard>
  );
}
