import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '@/components/ui/page-card';

export default function ShieldPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('title.shield')}>
      <p className="page-intro">{t('shield.intro')}</p>
      <Empty description={t('shield.empty')} />
    </PageCard>
  );
}
