import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '@/components/ui/page-card';
import { paths } from '@/config/paths';

export default function ApplyPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('title.apply')}>
      <Empty description={t('apply.empty')}>
        <Link to={paths.search}>
          <Button type="primary">{t('apply.findJobs')}</Button>
        </Link>
      </Empty>
    </PageCard>
  );
}
