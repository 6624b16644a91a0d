import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '@/components/ui/page-card';

export default function OrderPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('title.order')}>
      <Empty description={t('order.empty')} />
    </PageCard>
  );
}
