import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPath } from '@/config/paths';

/** The job search box: goes to /search?q=… */
export function JobSearch({ defaultValue = '' }: { defaultValue?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Input.Search
      className="job-search"
      size="large"
      defaultValue={defaultValue}
      placeholder={t('home.searchPlaceholder')}
      enterButton={t('home.searchButton')}
      aria-label={t('home.searchPlaceholder')}
      onSearch={(q) => navigate(searchPath(q))}
    />
  );
}
