import { Empty, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '@/components/ui/page-card';

export default function TagsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  return (
    <PageCard title={t('title.tags')}>
      <p className="page-intro">{t('tags.intro')}</p>
      <label className="field">
        <span className="field-label">{t('tags.draftLabel')}</span>
        <Input
          name="tagDraft"
          value={draft}
          maxLength={30}
          showCount
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('tags.draftPlaceholder')}
        />
        <span className="field-hint">{t('tags.draftHint')}</span>
      </label>
      <Empty description={t('tags.empty')} />
    </PageCard>
  );
}
