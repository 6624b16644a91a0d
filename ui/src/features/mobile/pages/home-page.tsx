import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useJobLabels } from '@/lib/job-labels';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getHome } from '@/lib/api/get-home';
import { JobItem } from '../components/job-item';
import { SearchBox } from '../components/search-box';
import { Failed, Loading } from '../components/states';
import { mPaths } from '../paths';

/** /m: the keyword box, hot keywords, newest and recommended jobs. */
export default function HomePage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const home = useServerData(() => getHome(), []);
  useSsrHandoff(home.status !== 'loading');
  return (
    <>
      <SearchBox />
      {home.status === 'loading' && <Loading />}
      {home.status === 'failed' && <Failed onRetry={() => home.reload()} />}
      {home.data && (
        <>
          <section className="m-card">
            <h2>{t('m.hot')}</h2>
            <div className="m-chips">
              {home.data.hotKeywords.map((k) => (
                <Link key={k} className="m-chip" to={`${mPaths.search}?q=${encodeURIComponent(k)}`}>
                  {k}
                </Link>
              ))}
            </div>
            <p className="m-summary" style={{ padding: '8px 0 0' }}>
              {t('m.jobCount', { count: home.data.jobCount })}
            </p>
          </section>
          {home.data.recommended.length > 0 && (
            <section>
              <h2 className="m-section-title" style={{ padding: '0 16px' }}>
                {t('m.recommended')}
              </h2>
              <ul className="m-list" data-testid="m-home-recommended">
                {home.data.recommended.slice(0, 6).map((j) => (
                  <JobItem key={j.id} job={j} labels={labels} />
                ))}
              </ul>
            </section>
          )}
          <section>
            <h2 className="m-section-title" style={{ padding: '12px 16px 0' }}>
              {t('m.newest')}
            </h2>
            <ul className="m-list">
              {home.data.newest.map((j) => (
                <JobItem key={j.id} job={j} labels={labels} />
              ))}
            </ul>
          </section>
        </>
      )}
    </>
  );
}
