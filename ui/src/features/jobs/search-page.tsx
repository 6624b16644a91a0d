import { Button, Empty, Pagination, Radio, Result, Select, Skeleton, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { JobSearch } from '@/components/ui/job-search';
import { paths } from '@/config/paths';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { searchJobs } from '@/lib/api/search-jobs';
import { JobCardRow } from './components/job-card';
import { errorKey } from './errors';
import jobsCatalogue from './i18n';
import { labelText } from '@/lib/job-labels';
import { parseQuery, queryString, toPayload, withFilter, type FilterKey, type SearchQuery, type Sort } from './search-query';
import './jobs.css';

registerCatalogue(jobsCatalogue);

export const SEARCH_PAGE_SIZE = 20;
/** The server pages through the first 1000 results. */
const MAX_RESULTS = 1000;
const HOT_CITIES = 12;

/** One filter row: "any" and its values as tags; `more` goes into a select. */
function FilterRow({ name, options, value, onPick, more, optionKey }: { name: FilterKey; options: Label[]; value?: string; onPick: (v?: string) => void; more?: Label[]; optionKey?: 'salaryOptions' | 'postedOptions' }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const text = (o: Label) => (optionKey ? t(`jobs.${optionKey}.${o.value}`, { defaultValue: labelText(o, lang) }) : labelText(o, lang));
  return (
    <div className="filter-row" data-testid={`filter-${name}`}>
      <span className="filter-name">{t(`jobs.filters.${name}`)}</span>
      <div className="filter-options">
        <button type="button" className={`filter-option${value ? '' : ' active'}`} onClick={() => onPick(undefined)}>
          {t('jobs.filters.any')}
        </button>
        {options.map((o) => (
          <button key={o.value} type="button" className={`filter-option${value === o.value ? ' active' : ''}`} data-value={o.value} onClick={() => onPick(o.value)}>
            {text(o)}
          </button>
        ))}
        {more && more.length > 0 && (
          <Select
            size="small"
            className="filter-more"
            placeholder={t('jobs.more')}
            aria-label={`${t(`jobs.filters.${name}`)}: ${t('jobs.more')}`}
            value={more.some((o) => o.value === value) ? value : undefined}
            options={more.map((o) => ({ value: o.value, label: labelText(o, lang) }))}
            onChange={(v: string) => onPick(v)}
          />
        )}
      </div>
    </div>
  );
}

export default function SearchPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useMemo(() => parseQuery(params), [params]);
  const user = useAuth((s) => s.user);
  const filters = useServerData(getFilters, []).data ?? null;
  // Another query keeps the results on screen until its answer comes.
  const results = useServerData(() => searchJobs(toPayload(query), SEARCH_PAGE_SIZE), [query], { keep: true, refetchOn: [user?.resumeId] });
  const answer = results.data ?? null;
  const { status } = results;
  useSsrHandoff(status !== 'loading');
  // On a narrow screen only the city row shows until the reader asks for the rest.
  const [expanded, setExpanded] = useState(false);

  const go = (q: SearchQuery) => {
    navigate(`${paths.search}${queryString(q)}`);
    window.scrollTo(0, 0);
  };
  const pick = (key: FilterKey) => (v?: string) => go(withFilter(query, key, v));
  const active = Object.keys(query.filters).length > 0;
  const activeBeyondCity = Object.keys(query.filters).filter((k) => k !== 'city').length;
  const categoryOptions = filters?.categories.map((g) => ({
    label: labelText(g, lang),
    options: g.categories.map((c) => ({ value: c.value, label: labelText(c, lang) })),
  }));

  return (
    <div className="container search-page">
      <div className="search-bar">
        <JobSearch key={query.q} defaultValue={query.q} />
      </div>
      {filters && (
        <section className={`filter-panel${expanded ? '' : ' collapsed'}`} data-testid="filter-panel">
          <FilterRow name="city" options={filters.cities.slice(0, HOT_CITIES)} more={filters.cities.slice(HOT_CITIES)} value={query.filters.city} onPick={pick('city')} />
          <div className="filter-row" data-testid="filter-category">
            <span className="filter-name">{t('jobs.filters.category')}</span>
            <div className="filter-options">
              <button type="button" className={`filter-option${query.filters.category ? '' : ' active'}`} onClick={() => pick('category')(undefined)}>
                {t('jobs.filters.any')}
              </button>
              <Select
                size="small"
                className="filter-category-select"
                placeholder={t('jobs.filters.category')}
                aria-label={t('jobs.filters.category')}
                value={query.filters.category}
                options={categoryOptions}
                onChange={(v: string) => pick('category')(v)}
                showSearch
                allowClear
                onClear={() => pick('category')(undefined)}
              />
            </div>
          </div>
          <FilterRow name="salary" optionKey="salaryOptions" options={filters.salaries} value={query.filters.salary} onPick={pick('salary')} />
          <FilterRow name="experience" options={filters.experience.filter((l) => l.value !== '不限')} value={query.filters.experience} onPick={pick('experience')} />
          <FilterRow name="education" options={filters.education.filter((l) => l.value !== '不限')} value={query.filters.education} onPick={pick('education')} />
          <FilterRow name="industry" options={filters.industries} value={query.filters.industry} onPick={pick('industry')} />
          <FilterRow name="comType" options={filters.companyTypes} value={query.filters.comType} onPick={pick('comType')} />
          <FilterRow name="comSize" options={filters.companySizes} value={query.filters.comSize} onPick={pick('comSize')} />
          <FilterRow name="posted" optionKey="postedOptions" options={filters.posted} value={query.filters.posted} onPick={pick('posted')} />
          <button type="button" className="filter-toggle" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} data-testid="filter-toggle">
            {expanded ? t('jobs.filters.fewer') : activeBeyondCity ? t('jobs.filters.moreActive', { count: activeBeyondCity }) : t('jobs.filters.more')}
          </button>
          {active && (
            <div className="filter-clear">
              <Button size="small" type="link" onClick={() => go({ ...query, filters: {}, page: 1 })}>
                {t('jobs.filters.clear')}
              </Button>
            </div>
          )}
        </section>
      )}
      <section className="page-card search-results">
        <div className="results-head">
          <h1 className="results-total" data-testid="results-total">
            {answer ? (query.q ? t('jobs.totalFor', { q: query.q, count: answer.total }) : t('jobs.total', { count: answer.total })) : '\u00a0'}
          </h1>
          <Radio.Group
            size="small"
            optionType="button"
            value={query.sort}
            onChange={(e) => go({ ...query, sort: e.target.value as Sort, page: 1 })}
            options={(['relevance', 'newest', 'salary'] as const).map((s) => ({ value: s, label: t(`jobs.sort.${s}`) }))}
            data-testid="sort"
          />
        </div>
        {status === 'loading' && !answer && <Skeleton active paragraph={{ rows: 8 }} />}
        {status === 'failed' && (
          <Result status="warning" title={t('jobs.loadFailed')} subTitle={t(errorKey(results.error))} extra={<Button onClick={() => results.reload()}>{t('jobs.retry')}</Button>} />
        )}
        {status !== 'failed' && answer && (
          <Spin spinning={status === 'loading'}>
            {answer.loose && <div className="results-loose">{t('jobs.loose')}</div>}
            {answer.total === 0 ? (
              <Empty description={<>{t('jobs.none')}<br />{t('jobs.noneHint')}</>} />
            ) : (
              <ul className="job-list" data-testid="job-list">
                {answer.list.map((j) => (
                  <JobCardRow key={j.id} job={j} terms={answer.terms} />
                ))}
              </ul>
            )}
            <Pagination
              className="results-pager"
              current={query.page}
              pageSize={SEARCH_PAGE_SIZE}
              total={Math.min(answer.total, MAX_RESULTS)}
              onChange={(page) => go({ ...query, page })}
              showSizeChanger={false}
              hideOnSinglePage
            />
          </Spin>
        )}
      </section>
    </div>
  );
}
