import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="container standalone">
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.text')}
        extra={
          <Link to={paths.home}>
            <Button type="primary">{t('notFound.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
