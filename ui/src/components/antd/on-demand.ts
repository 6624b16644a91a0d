import { useSyncExternalStore } from 'react';

/** A module fetched the first time it is wanted (hover, click, focus), then shared by every user of it. */
export interface OnDemand<M> {
  /** Starts the fetch (once); resolves with the module. A failed fetch (offline) is tried again next time. */
  load(): Promise<M>;
  /** The module once it has arrived, else null; re-renders the caller when it arrives. */
  use(): M | null;
  /** The module if it has arrived. */
  current(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();

  const load = () => {
    pending ??= importer().then(
      (m) => {
        loaded = m;
        for (const l of listeners) l();
        return m;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  return { load, use: () => useSyncExternalStore(subscribe, current), current };
}

/** Starts a fetch whose failure the next attempt will repair; nothing to report now. */
export function prefetch(module: OnDemand<unknown>): void {
  module.load().catch(() => undefined);
}
