import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The centred card of the account screens: heading, welcome line, the form, links under it. */
export function AuthCard({ heading, welcome, children, footer }: { heading: ReactNode; welcome?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container login-wrap">
      <section className="login-card">
        <h1 className="login-heading">{heading}</h1>
        {welcome && <p className="login-welcome">{welcome}</p>}
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </section>
    </div>
  );
}

/** Shown instead of a form to someone already logged in. */
export function AlreadyLoggedIn() {
  const { t } = useTranslation();
  return (
    <div className="login-already">
      <p>{t('auth.already.text')}</p>
      <Link to={paths.my.root}>
        <Button type="primary" block size="large">
          {t('auth.already.goCentre')}
        </Button>
      </Link>
    </div>
  );
}
