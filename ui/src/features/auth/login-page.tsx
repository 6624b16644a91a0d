import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { LoginForm } from './components/login-form';

export default function LoginPage() {
  const { t } = useTranslation();
  const isLogin = useAuth((s) => s.isLogin);
  return (
    <div className="container login-wrap">
      <section className="login-card">
        <h1 className="login-heading">{t('login.heading')}</h1>
        <p className="login-welcome">{t('login.welcome')}</p>
        {isLogin ? (
          <div className="login-already">
            <p>{t('login.alreadyIn')}</p>
            <Link to={paths.my.root}>
              <Button type="primary" block size="large">
                {t('login.goCentre')}
              </Button>
            </Link>
          </div>
        ) : (
          <LoginForm />
        )}
      </section>
    </div>
  );
}
