import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '@/i18n';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { labelText, useJobLabels } from '@/lib/job-labels';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import type { JobCard } from '@/lib/api/job-types';
import { searchJobs, type SearchPayload } from '@/lib/api/search-jobs';
import { JobItem } from '../components/job-item';
import { SearchBox } from '../components/search-box';
import { Segments } from '../components/segments';
import { Sheet } from '../components/sheet';
import { EmptyState, Failed, Loading } from '../components/states';

const PAGE_SIZE = 15;
const FILTERS = ['city', 'salary', 'experience', 'education'] as const;
type Filter = (typeof FILTERS)[number];
const LISTS: Record<Filter, 'cities' | 'salaries' | 'experience' | 'education'> = {
  city: 'cities',
  salary: 'salaries',
  experience: 'experience',
  education: 'education',
};
const SORTS = ['relevance', 'newest', 'salary'] as const;

interface Results {
  /** the query's (`listKey`) */
  key: string;
  list: JobCard[];
  total: number;
  page: number;
  loose: boolean;
}

/** What each search showed (all pages loaded so far): coming back to it shows the same list at the same place. */
const shown = new Map<string, Results>();

/** The query without the page: the key of a result list. */
function listKey(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.sort();
  return p.toString();
}

/** The form the server takes (`/job/search`): the address's filters and sort, `kw` for its keyword. */
function payload(key: string, page: number): SearchPayload {
  const params = new URLSearchParams(key);
  const body: SearchPayload = { page };
  for (const [k, v] of params) if (k !== 'page' && k !== 'q') body[k] = v;
  body.kw = params.get('q') ?? '';
  return body;
}

/** /m/search?q=…&city=…: the same query as the desktop's /search, loaded page after page as you scroll. */
export default function SearchPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const key = listKey(params);
  const [sheet, setSheet] = useState<Filter | null>(null);
  const filters = useServerData(() => getFilters(), []);
  const sentinel = useRef<HTMLDivElement>(null);
  // The page asked for (a scroll to the end, "more", a retry; a new object each time), for this query only:
  // a new query starts from what was shown for it, or its first page.
  const [asked, setAsked] = useState<{ page: number } | null>(null);
  const [askedFor, setAskedFor] = useState(key);
  if (askedFor !== key) {
    setAskedFor(key);
    setAsked(null);
  }
  const search = useServerData(
    async (signal) => {
      const before = shown.get(key);
      const page = asked?.page ?? 1;
      // A query shown before comes back as it was, without a call.
      if (!asked && before) return before;
      const a = await searchJobs(payload(key, page), PAGE_SIZE);
      const list = page === 1 || !before ? a.list : [...before.list, ...a.list.filter((j) => !before.list.some((p) => p.id === j.id))];
      const next = { key, list, total: a.total, page, loose: a.loose };
      if (!signal.aborted) shown.set(key, next);
      return next;
    },
    [key, asked],
  );
  const results = search.data?.key === key ? search.data : shown.get(key);
  const status = search.busy ? 'loading' : search.status === 'failed' ? 'failed' : 'idle';
  const load = (page: number) => setAsked({ page });

  // Results load page after page as you scroll, so an address's `page` (a desktop /search?page=… sent here)
  // means nothing on this page: it leaves the address, as every filter change drops it.
  useEffect(() => {
    if (!params.has('page')) return;
    const p = new URLSearchParams(params);
    p.delete('page');
    setParams(p, { replace: true });
  }, [params, setParams]);

  const more = !!results && results.list.length < results.total && status === 'idle';
  useSsrHandoff(!!results || status === 'failed');
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && results && setAsked({ page: results.page + 1 }), { rootMargin: '300px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, results]);

  const setParam = (name: string, value: string | undefined) => {
    const p = new URLSearchParams(params);
    if (value) p.set(name, value);
    else p.delete(name);
    p.delete('page');
    setParams(p);
  };

  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as (typeof SORTS)[number]) : 'relevance';
  const options: Label[] = sheet && filters.data ? filters.data[LISTS[sheet]] : [];
  const filterLabel = (f: Filter) => {
    const v = params.get(f);
    if (!v) return t(`m.filter.${f}`);
    const l = filters.data?.[LISTS[f]].find((o) => o.value === v);
    return l ? labelText(l, lang) : v;
  };

  return (
    <>
      <SearchBox key={params.get('q') ?? ''} initial={params.get('q') ?? ''} onSearch={(q) => setParam('q', q)} />
      <div className="m-filters">
        {FILTERS.map((f) => (
          <button key={f} type="button" className={params.get(f) ? 'active' : ''} onClick={() => setSheet(f)} aria-haspopup="dialog">
            {filterLabel(f)} ▾
          </button>
        ))}
      </div>
      <Segments items={SORTS.map((s) => ({ key: s, label: t(`m.sort.${s}`) }))} value={sort} onChange={(s) => setParam('sort', s === 'relevance' ? undefined : s)} />
      {results && <p className="m-summary">{results.loose ? t('m.loose') : t('m.results', { count: results.total })}</p>}
      {!results && status === 'loading' && <Loading />}
      {!results && status === 'failed' && <Failed onRetry={() => load(1)} />}
      {results && results.list.length === 0 && <EmptyState />}
      {results && results.list.length > 0 && (
        <ul className="m-list" data-testid="m-results">
          {results.list.map((j) => (
            <JobItem key={j.id} job={j} labels={labels} />
          ))}
        </ul>
      )}
      {results && results.list.length > 0 && (
        <div ref={sentinel} className="m-sentinel">
          {status === 'loading' ? t('m.loading') : status === 'failed' ? (
            <button type="button" className="m-btn" onClick={() => load(results.page + 1)}>
              {t('m.retry')}
            </button>
          ) : more ? (
            <button type="button" className="m-btn" onClick={() => load(results.page + 1)}>
              {t('m.more')}
            </button>
          ) : (
            t('m.noMore')
          )}
        </div>
      )}
      <Sheet
        open={!!sheet}
        title={sheet ? t(`m.filter.${sheet}`) : ''}
        onClose={() => setSheet(null)}
        footer={
          <button type="button" className="m-btn" onClick={() => setSheet(null)}>
            {t('m.filter.done')}
          </button>
        }
      >
        {sheet && (
          <div className="m-chips">
            <button
              type="button"
              className={params.get(sheet) ? 'm-chip' : 'm-chip active'}
              onClick={() => {
                setParam(sheet, undefined);
                setSheet(null);
              }}
            >
              {t('m.filter.all')}
            </button>
            {options.map((o) => (
              <button
                key={o.value}
                type="button"
                className={params.get(sheet) === o.value ? 'm-chip active' : 'm-chip'}
                onClick={() => {
                  setParam(sheet, o.value);
                  setSheet(null);
                }}
              >
                {labelText(o, lang)}
              </button>
            ))}
          </div>
        )}
      </Sheet>
    </>
  );
}
