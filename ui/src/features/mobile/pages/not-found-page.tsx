import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mPaths } from '../paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="m-state">
      <p>{t('m.title.notFound')}</p>
      <Link className="m-btn m-btn-primary" to={mPaths.home} style={{ marginTop: 12 }}>
        {t('m.tab.home')}
      </Link>
    </div>
  );
}
