import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../api/my';
import { EmptyState, Failed, Loading } from './states';

/** What each list showed, kept for a back move: the same items, so the page comes back at its place. */
const kept = new Map<string, Paged<unknown>>();

/**
 * A list loaded a page at a time with a "load more" button; `name` keys what is kept for coming back.
 * `first`, when given, is the first page already asked for (by the route's loader, beside the login check):
 * the first load uses it rather than asking again.
 */
export function usePaged<T>(name: string, fetch: (page: number) => Promise<Paged<T>>, first?: Promise<Paged<T>>) {
  const [data, setData] = useState<Paged<T> | undefined>(() => kept.get(name) as Paged<T> | undefined);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const early = useRef(first);
  const load = useCallback(
    (page: number) => {
      setStatus('loading');
      const asked = page === 1 && early.current ? early.current : fetch(page);
      early.current = undefined;
      asked.then(
        (a) => {
          setData((prev) => {
            const next = page === 1 || !prev ? a : { ...a, list: [...prev.list, ...a.list] };
            kept.set(name, next);
            return next;
          });
          setStatus('idle');
        },
        () => setStatus('failed'),
      );
    },
    [fetch, name],
  );
  // Shown at once from what was kept, and asked again quietly: every page kept, not the first alone, so
  // a back move finds the list as long as it was and returns to its place (the layout's scroll memory).
  useEffect(() => {
    const before = kept.get(name);
    if (!before || before.page <= 1) {
      load(1);
      return;
    }
    let current = true;
    const pages = Array.from({ length: before.page }, (_, i) => (i === 0 && early.current ? early.current : fetch(i + 1)));
    early.current = undefined;
    Promise.all(pages).then(
      (answers) => {
        if (!current) return;
        const last = answers[answers.length - 1];
        const next = { ...last, list: answers.flatMap((a) => a.list) } as Paged<T>;
        kept.set(name, next);
        setData(next);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, fetch, name]);
  const update = (f: (list: T[]) => T[]) =>
    setData((d) => {
      if (!d) return d;
      const next = { ...d, list: f(d.list), total: d.total - (d.list.length - f(d.list).length) };
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
