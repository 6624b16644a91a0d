import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useServerData } from '@/lib/use-server-data';

export interface PageAnswer<T> {
  list: T[];
  total: number;
}

export type ListStatus = 'loading' | 'ready' | 'failed';

/** The last page that holds items for a total (page 1 when there are none). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * One page of a list, kept in the component (a kept-alive page keeps its place), loaded through
 * useServerData. `reload()` fetches the current page again; a page left empty by a removal falls back
 * to the last page that still has items. Once a page has come, the list stays on screen: a later
 * fetch shows `busy` over it (none for a quiet reload) and a failure shows beside it (`failure`).
 */
export function usePagedList<A extends PageAnswer<unknown>>(
  fetchPage: (page: number, pageSize: number) => Promise<A>,
  pageSize: number,
  toErrorKey: (e: unknown) => string,
) {
  const [page, setPage] = useState(1);
  const list = useServerData(() => fetchPage(page, pageSize), [fetchPage, page, pageSize], {
    keep: true,
    accept: (a) => {
      if (a.list.length === 0 && page > 1 && a.total > 0) {
        setPage(lastPage(a.total, pageSize));
        return false;
      }
      return true;
    },
  });
  const { reload: reloadList } = list;
  const answer = list.data ?? null;
  const status: ListStatus = answer ? 'ready' : list.error !== undefined ? 'failed' : 'loading';
  const failure = list.error !== undefined ? toErrorKey(list.error) : null;

  /** Fetch the current page again; `quiet` keeps the rows on screen without a spinner. */
  const reload = useCallback((quiet = false) => reloadList(quiet ? 'quiet' : 'show'), [reloadList]);

  const goTo = useCallback((p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  }, []);

  return { page, goTo, answer, status, failure, busy: list.busy, reload };
}

/**
 * Calls `onReturn` when a kept-alive page is shown again after another page was
 * (its path is the current one again), so its data is fresh while its place is kept.
 */
export function useOnReturn(pageName: string, onReturn: () => void): void {
  const { pathname } = useLocation();
  const shown = pathname.replace(/\/+$/, '').endsWith(`/my/${pageName}`);
  const wasShown = useRef(shown);
  const callback = useRef(onReturn);
  callback.current = onReturn;
  useEffect(() => {
    if (shown && !wasShown.current) callback.current();
    wasShown.current = shown;
  }, [shown]);
}
