import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '@/i18n';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { labelText, useJobLabels } from '@/lib/job-labels';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { searchJobs, type JobCard } from '../api/jobs';
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

/** /m/search?q=…&city=…: the same query as the desktop's /search, loaded page after page as you scroll. */
export default function SearchPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const key = listKey(params);
  const [results, setResults] = useState<Results | undefined>(() => shown.get(key));
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [sheet, setSheet] = useState<Filter | null>(null);
  const filters = useServerData(() => getFilters(), []);
  const sentinel = useRef<HTMLDivElement>(null);
  const turn = useRef(0);

  const load = useCallback(
    (page: number) => {
      const mine = ++turn.current;
      setStatus('loading');
      searchJobs(new URLSearchParams(key), page, PAGE_SIZE).then(
        (a) => {
          if (turn.current !== mine) return;
          setResults((prev) => {
            const list = page === 1 || !prev ? a.list : [...prev.list, ...a.list.filter((j) => !prev.list.some((p) => p.id === j.id))];
            const next = { list, total: a.total, page, loose: a.loose };
            shown.set(key, next);
            return next;
          });
          setStatus('idle');
        },
        () => turn.current === mine && setStatus('failed'),
      );
    },
    [key],
  );

  // Results load page after page as you scroll, so an address's `page` (a desktop /search?page=… sent here)
  // means nothing on this page: it leaves the address, as every filter change drops it.
  useEffect(() => {
    if (!params.has('page')) return;
    const p = new URLSearchParams(params);
    p.delete('page');
    setParams(p, { replace: true });
  }, [params, setParams]);

  // A new query: what was shown for it, or its first page.
  useEffect(() => {
    const before = shown.get(key);
    setResults(before);
    if (!before) load(1);
  }, [key, load]);

  const more = !!results && results.list.length < results.total && status === 'idle';
  useSsrHandoff(!!results || status === 'failed');
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && results && load(results.page + 1), { rootMargin: '300px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, results, load]);

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
