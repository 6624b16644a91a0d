import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '@/lib/core';
import { mPaths } from '../paths';

/** /m/logout: ends the session, then reloads at the mobile home page (nothing of the user is left in memory). */
export default function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    request('/pclogin/logout')
      .catch(() => undefined)
      .then(() => window.location.replace(mPaths.home));
  }, []);
  return (
    <div className="m-state" role="status">
      <span className="m-spinner" aria-hidden /> {t('m.my.loggingOut')}
    </div>
  );
}
