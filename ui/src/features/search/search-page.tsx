import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JobSearch } from '@/components/ui/job-search';

export default function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <div className="container search-page">
      <div className="search-bar">
        <JobSearch key={q} defaultValue={q} />
      </div>
      <section className="page-card">
        {q ? (
          <>
            <h1 className="page-card-title search-heading">{t('search.resultsFor', { q })}</h1>
            <Empty description={<>{t('search.none', { q })}<br />{t('search.tryOther')}</>} />
          </>
        ) : (
          <Empty description={t('search.noQuery')} />
        )}
      </section>
    </div>
  );
}
