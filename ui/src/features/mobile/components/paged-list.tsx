import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerData } from '@/lib/use-server-data';
import { EmptyState, Failed, Loading } from './states';

/** A page of a list, as the calls of the user centre's lists answer it. */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pagesize: number;
}

/** What each list showed, kept for a back move: the same items, so the page comes back at its place. */
const kept = new Map<string, Paged<unknown>>();

/**
 * A list loaded a page at a time with a "load more" button; `name` keys what is kept for coming back.
 * `first`, when given, is the first page already asked for (by the route's loader, beside the login check):
 * the first load uses it rather than asking again.
 */
export function usePaged<T>(name: string, fetch: (page: number) => Promise<Paged<T>>, first?: Promise<Paged<T>>) {
  const early = useRef(first);
  // Shown at once from what was kept; a list of several pages is asked again quietly, every page of it, so a
  // back move finds the list as long as it was and returns to its place (the layout's scroll memory).
  const [before] = useState(() => kept.get(name) as Paged<T> | undefined);
  const keptPages = before && before.page > 1 ? before.page : 0;
  // The page asked for ("more", a retry; a new object each time); null: the first fetch.
  const [asked, setAsked] = useState<{ page: number } | null>(null);
  const list = useServerData(
    async (signal) => {
      const pages = asked ? [asked.page] : Array.from({ length: keptPages || 1 }, (_, i) => i + 1);
      const answers = await Promise.all(pages.map((p) => (p === 1 && early.current ? early.current : fetch(p))));
      early.current = undefined;
      const last = answers[answers.length - 1];
      const shown = kept.get(name) as Paged<T> | undefined;
      const next = asked && asked.page > 1 && shown ? { ...last, list: [...shown.list, ...last.list] } : { ...last, list: answers.flatMap((a) => a.list) };
      if (!signal.aborted) kept.set(name, next);
      return next;
    },
    [fetch, name, asked, keptPages],
  );
  const data = list.data ?? before;
  // The quiet fetch shows nothing of itself, not even its failure.
  const status = keptPages && !asked ? 'idle' : list.busy ? 'loading' : list.status === 'failed' ? 'failed' : 'idle';
  const load = (page: number) => setAsked({ page });
  const update = (f: (list: T[]) => T[]) =>
    list.setData((d) => {
      const now = d ?? before;
      if (!now) return now;
      const next = { ...now, list: f(now.list), total: now.total - (now.list.length - f(now.list).length) };
      kept.set(name, next);
      return next;
    });
  return { data, status, load, update };
}

export function PagedList<T>({ paged, render }: { paged: ReturnType<typeof usePaged<T>>; render: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  const { data, status, load } = paged;
  if (!data && status === 'failed') return <Failed onRetry={() => load(1)} />;
  if (!data) return <Loading />;
  if (data.list.length === 0) return <EmptyState />;
  return (
    <>
      <ul className="m-list">{data.list.map(render)}</ul>
      <div className="m-sentinel">
        {data.list.length < data.total ? (
          <button type="button" className="m-btn" disabled={status === 'loading'} onClick={() => load(data.page + 1)}>
            {status === 'loading' ? t('m.loading') : t('m.more')}
          </button>
        ) : (
          t('m.noMore')
        )}
      </div>
    </>
  );
}
