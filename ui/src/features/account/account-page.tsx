import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '@/components/ui/page-card';
import { useAuth } from '@/lib/auth';
import { maskMobile } from '@/lib/core';

export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  return (
    <PageCard title={t('title.account')}>
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label={t('account.mobile')}>{user?.mobile ? maskMobile(user.mobile) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('account.password')}>
          {user?.hasPassword ? t('account.passwordSet') : t('account.passwordUnset')}
        </Descriptions.Item>
      </Descriptions>
    </PageCard>
  );
}
