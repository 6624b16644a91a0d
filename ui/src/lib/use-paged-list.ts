import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { notRepeated } from '@/lib/call-errors';
import { isRepeatRefusal } from '@/lib/request-error';

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
 * One page of a list, kept in the component (a kept-alive page keeps its place).
 * `reload()` fetches the current page again; a page left empty by a removal falls back
 * to the last page that still has items. Only the latest call's answer is used.
 */
export function usePagedList<A extends PageAnswer<unknown>>(
  fetchPage: (page: number, pageSize: number) => Promise<A>,
  pageSize: number,
  toErrorKey: (e: unknown) => string,
) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<A | null>(null);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [turn, setTurn] = useState(0);
  const wanted = useRef('');
  const silent = useRef(false);

  useEffect(() => {
    const key = `${page}/${turn}`;
    wanted.current = key;
    if (!silent.current) setBusy(true);
    silent.current = false;
    notRepeated(() => fetchPage(page, pageSize)).then(
      (a) => {
        if (wanted.current !== key) return;
        if (a.list.length === 0 && page > 1 && a.total > 0) {
          setPage(lastPage(a.total, pageSize));
          return;
        }
        setAnswer(a);
        setStatus('ready');
        setFailure(null);
        setBusy(false);
      },
      (e: unknown) => {
        if (isRepeatRefusal(e) || wanted.current !== key) return;
        setFailure(toErrorKey(e));
        setStatus((s) => (s === 'ready' ? s : 'failed'));
        setBusy(false);
      },
    );
  }, [page, turn, pageSize, fetchPage, toErrorKey]);

  /** Fetch the current page again; `quiet` keeps the rows on screen without a spinner. */
  const reload = useCallback((quiet = false) => {
    silent.current = quiet;
    setTurn((n) => n + 1);
  }, []);

  const goTo = useCallback((p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  }, []);

  return { page, goTo, answer, status, failure, busy, reload };
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
