import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { AlreadyLoggedIn, AuthCard } from './components/auth-card';
import { CodeLoginForm } from './components/code-login-form';
import { LoginForm } from './components/login-form';
import authCatalogue from './i18n';
import { useReturnUrl, withReturnUrl } from './use-login-success';
import './auth.css';

registerCatalogue(authCatalogue);

type Tab = 'password' | 'code';

export default function LoginPage() {
  const { t } = useTranslation();
  const isLogin = useAuth((s) => s.isLogin);
  const returnUrl = useReturnUrl();
  const [tab, setTab] = useState<Tab>('password');

  return (
    <AuthCard
      heading={t('login.heading')}
      welcome={t('login.welcome')}
      footer={
        isLogin ? undefined : (
          <>
            <Link to={withReturnUrl(paths.forgotPassword, returnUrl)} className="forgot-link">
              {t('auth.login.forgot')}
            </Link>
            <span className="auth-footer-end">
              {t('auth.login.noAccount')}
              <Link to={withReturnUrl(paths.register, returnUrl)} className="register-link">
                {t('auth.login.registerNow')}
              </Link>
            </span>
          </>
        )
      }
    >
      {isLogin ? (
        <AlreadyLoggedIn />
      ) : (
        <Tabs
          className="login-tabs"
          activeKey={tab}
          onChange={(k) => setTab(k as Tab)}
          items={[
            { key: 'password', label: t('auth.tabs.password'), children: <LoginForm /> },
            { key: 'code', label: t('auth.tabs.code'), children: <CodeLoginForm /> },
          ]}
        />
      )}
    </AuthCard>
  );
}
