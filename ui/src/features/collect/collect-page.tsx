import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '@/components/ui/page-card';
import { paths } from '@/config/paths';

export default function CollectPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('title.collect')}>
      <Empty description={t('collect.empty')}>
        <Link to={paths.search}>
          <Button type="primary">{t('collect.findJobs')}</Button>
        </Link>
      </Empty>
    </PageCard>
  );
}
