import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { notRepeated } from '@/lib/call-errors';
import { isRepeatRefusal } from '@/lib/request-error';

/**
 * How the pages load what they show from the server: one hook, instead of a turn counter per page.
 * Only the latest fetch's outcome is taken (a page changed, a retry, a reload, leaving the page:
 * an older answer is dropped), and a refusal of a repeat of a call in flight waits and tries again.
 *
 * Chosen over TanStack Query: the pages need no cache shared between them (a kept-alive page keeps its
 * own state), no refetch on focus and no retries beyond the core's repeat refusal, and the light pages'
 * first load (lib/ ships with each of them) would carry its 13 KB gzipped for one turn guard.
 */

export type LoadStatus = 'loading' | 'ready' | 'failed';

/**
 * How a fetch treats what is on screen while it runs:
 * - `show`: back to `loading` until it answers (with the `keep` option: an answer on screen stays `ready`);
 * - `keep`: an answer on screen stays `ready` (and `busy` says a fetch is under way);
 * - `quiet`: nothing changes until it answers (no `busy`); a failure leaves an answer on screen `ready`.
 */
export type FetchMode = 'show' | 'keep' | 'quiet';

export interface ServerState<T> {
  status: LoadStatus;
  /** The latest answer taken, kept through later fetches and failures; undefined before the first. */
  data: T | undefined;
  /** Why the latest fetch failed; cleared by the next answer. */
  error: unknown;
  /** A fetch that is not quiet is under way. */
  busy: boolean;
}

export const INITIAL: ServerState<never> = { status: 'loading', data: undefined, error: undefined, busy: false };

/** The state once a fetch starts. */
export function started<T>(s: ServerState<T>, mode: FetchMode, keep = false): ServerState<T> {
  if (mode === 'quiet') return s;
  const status = (mode === 'keep' || keep) && s.status === 'ready' ? 'ready' : 'loading';
  return s.busy && s.status === status ? s : { ...s, status, busy: true };
}

/** The state once the latest fetch answers. */
export function answeredWith<T>(data: T): ServerState<T> {
  return { status: 'ready', data, error: undefined, busy: false };
}

/** The state once the latest fetch fails. */
export function failedWith<T>(s: ServerState<T>, error: unknown, mode: FetchMode): ServerState<T> {
  return { ...s, error, busy: false, status: mode === 'quiet' && s.status === 'ready' ? 'ready' : 'failed' };
}

export interface ServerDataOptions<T> {
  /** A fetch that is not quiet leaves an answer on screen (`ready`, `busy`) instead of going back to `loading`. */
  keep?: boolean;
  /** Every failure taken (not a dropped one's), and whether its fetch was quiet (e.g. to say so in a toast). */
  onError?: (error: unknown, mode: FetchMode) => void;
  /** Whether to take an answer; false drops it as if it were stale (the page asks for something else instead). */
  accept?: (data: T) => boolean;
  /** What the answer depends on without the fetch naming it (who is logged in, for the session): a change fetches again. */
  refetchOn?: DependencyList;
}

export interface ServerData<T> extends ServerState<T> {
  /** Fetches again (`show` unless told); settles once that fetch has (a dialog can stay busy until its list shows the change). */
  reload: (mode?: FetchMode) => Promise<void>;
  /** Changes the answer held, after a call that answered the new value or after a local edit. */
  setData: (update: T | ((data: T | undefined) => T | undefined)) => void;
}

/**
 * Fetches with `fetch` on mount and whenever `deps` change (a dependency list like an effect's, checked by
 * react-hooks/exhaustive-deps), and on `reload()`. `fetch` gets a signal that aborts once its answer would
 * be dropped (for a wait before the call, say); the core's calls themselves are not aborted.
 */
export function useServerData<T>(
  fetch: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: ServerDataOptions<T> = {},
): ServerData<T> {
  const [state, setState] = useState<ServerState<T>>(INITIAL);
  const latest = useRef({ fetch, options });
  latest.current = { fetch, options };
  const current = useRef<AbortController | null>(null);

  const run = useCallback((mode: FetchMode): Promise<void> => {
    current.current?.abort();
    const turn = new AbortController();
    current.current = turn;
    const { fetch: call, options: opts } = latest.current;
    setState((s) => started(s, mode, opts.keep));
    return notRepeated(() => call(turn.signal)).then(
      (data) => {
        if (current.current !== turn) return;
        const { accept } = latest.current.options;
        if (accept && !accept(data)) return;
        setState(answeredWith(data));
      },
      (error: unknown) => {
        if (current.current !== turn || isRepeatRefusal(error)) return;
        setState((s) => failedWith(s, error, mode));
        latest.current.options.onError?.(error, mode);
      },
    );
  }, []);

  useEffect(() => {
    void run('show');
    return () => {
      current.current?.abort();
      current.current = null;
    };
    // The caller's dependency list (exhaustive-deps checks it where useServerData is called: additionalHooks)
    // and what the answer depends on besides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, ...(options.refetchOn ?? [])]);

  const reload = useCallback((mode: FetchMode = 'show') => run(mode), [run]);
  const setData = useCallback((update: T | ((data: T | undefined) => T | undefined)) => {
    setState((s) => ({ ...s, data: typeof update === 'function' ? (update as (data: T | undefined) => T | undefined)(s.data) : update }));
  }, []);

  return { ...state, reload, setData };
}

/** Waits `ms`, or rejects once `signal` aborts (a debounce before a fetch whose answer would be dropped). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
