import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="container standalone">
      <Result
        status="404"
        title={<h1 className="result-heading">404</h1>}
        subTitle={t('notFound.text')}
        extra={
          // One control, not a button inside a link (two stops for the keyboard, and nested controls).
          <Button type="primary" onClick={() => navigate(paths.home)}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
