import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The main layout: a region for the child page, and a footer with the product name only. */
export function MainLayout() {
  const { t } = useTranslation();
  return (
    <>
      <main className="site-main">
        <Outlet />
      </main>
      <footer className="simple-footer">{t('site.name')}</footer>
    </>
  );
}
