import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobSearch } from '@/components/ui/job-search';
import { paths, searchPath } from '@/config/paths';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getHome } from '@/lib/api/get-home';
import { JobCardRow } from './components/job-card';
import jobsCatalogue from './i18n';
import { queryString } from './search-query';
import { labelText, useJobLabels } from '@/lib/job-labels';
import './jobs.css';

registerCatalogue(jobsCatalogue);

const browse = (key: 'category' | 'city', value: string) =>
  `${paths.search}${queryString({ q: '', filters: { [key]: value }, sort: 'relevance', page: 1 })}`;

export default function HomePage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const lang = currentLanguage();
  const user = useAuth((s) => s.user);
  // Asked again when the user changes (the recommendations are theirs), keeping the page on screen meanwhile.
  const load = useServerData(getHome, [], { keep: true, refetchOn: [user?.resumeId] });
  const home = load.data ?? null;
  const failed = load.status === 'failed';
  useSsrHandoff(load.status !== 'loading');

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <h1 className="hero-title">{t('jobs.heroTitle')}</h1>
          <p className="hero-subtitle">{t('jobs.heroSubtitle', { count: home?.jobCount ?? 0 })}</p>
          <JobSearch />
          <div className="hot-keywords" data-testid="hot-keywords">
            <span>{t('jobs.hot')}</span>
            {(home?.hotKeywords ?? []).map((k) => (
              <Link key={k} to={searchPath(k)}>
                {k}
              </Link>
            ))}
          </div>
        </div>
      </section>
      <div className="container home-sections">
        {failed && <Empty description={t('jobs.loadFailed')} />}
        {!home && !failed && <Skeleton active paragraph={{ rows: 8 }} />}
        {home && (
          <>
            <div className="home-browse">
              <section className="home-block home-categories" data-testid="home-categories">
                <h2>{t('jobs.browseCategories')}</h2>
                {home.categories.map((g) => (
                  <div key={g.value} className="category-group">
                    <strong>{labelText(g, lang)}</strong>
                    <div className="category-links">
                      {g.categories.map((c) => (
                        <Link key={c.value} to={browse('category', c.value)}>
                          {labelText(c, lang)}
                        </Link>
                      ))}
                    </div>
                  </div>
                ))}
              </section>
              <section className="home-block home-cities">
                <h2>{t('jobs.browseCities')}</h2>
                <div className="city-links">
                  {home.cities.map((c) => (
                    <Link key={c.value} to={browse('city', c.value)}>
                      {labelText(c, lang)}
                    </Link>
                  ))}
                </div>
              </section>
            </div>
            {user && (
              <section className="home-block" data-testid="home-recommended">
                <div className="home-block-head">
                  <h2>{t('jobs.recommended')}</h2>
                  {home.tags.length > 0 ? (
                    <span className="muted">{t('jobs.recommendedBy', { tags: home.tags.join(lang === 'en-US' ? ', ' : '、') })}</span>
                  ) : (
                    <Link to={paths.my.tags}>{t('jobs.setTags')}</Link>
                  )}
                </div>
                {home.recommended.length > 0 && (
                  <ul className="job-grid">
                    {home.recommended.map((j) => (
                      <JobCardRow key={j.id} job={j} compact />
                    ))}
                  </ul>
                )}
              </section>
            )}
            <section className="home-block" data-testid="home-newest">
              <div className="home-block-head">
                <h2>{t('jobs.newest')}</h2>
                <Link to={`${paths.search}?sort=newest`}>{t('jobs.more')}</Link>
              </div>
              <ul className="job-grid">
                {home.newest.map((j) => (
                  <JobCardRow key={j.id} job={j} compact />
                ))}
              </ul>
            </section>
            <section className="home-block" data-testid="home-companies">
              <h2>{t('jobs.companies')}</h2>
              <ul className="company-grid">
                {home.companies.map((c) => (
                  <li key={c.id}>
                    <Link to={`/company/${c.id}`} className="company-tile">
                      <span className="company-logo" aria-hidden>
                        {(c.shortName || c.name).slice(0, 2)}
                      </span>
                      <span className="company-tile-name">{c.shortName || c.name}</span>
                      <span className="muted">
                        {labels.industry(c.industry)} · {labels.companySize(c.companySize)}
                      </span>
                      <span className="company-tile-jobs">{t('jobs.openJobs', { count: c.openJobs })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </>
  );
}
