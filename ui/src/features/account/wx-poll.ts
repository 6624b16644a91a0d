import type { WxScanStatus } from './api/get-bind-wx-info';

/** How often the page asks whether the QR code was scanned. */
export const WX_POLL_MS = 2000;

/** What the QR modal does with an answer of the poll. */
export type WxView =
  | { state: 'waiting' }
  | { state: 'bound' }
  | { state: 'refused'; key: 'account.wechat.refused' }
  | { state: 'expired'; key: 'account.wechat.expired' };

export function wxView(status: WxScanStatus | undefined, bound: boolean): WxView {
  if (status === 'bound' || (status === undefined && bound)) return { state: 'bound' };
  if (status === 'refused') return { state: 'refused', key: 'account.wechat.refused' };
  if (status === 'expired') return { state: 'expired', key: 'account.wechat.expired' };
  return { state: 'waiting' };
}

/** The code is past its time by our clock too (the poll says so as well; this covers a poll that cannot get through). */
export function expiredByClock(expiresAt: number, now: number): boolean {
  return Number.isFinite(expiresAt) && expiresAt > 0 && now >= expiresAt;
}

/**
 * Calls `poll` every `intervalMs`, one call at a time (the next waits for the answer), until `onAnswer`
 * returns false or the returned stop function is called. A failed call is skipped; polling goes on.
 */
export function startPolling<T>(
  poll: () => Promise<T>,
  onAnswer: (answer: T) => boolean,
  intervalMs = WX_POLL_MS,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = {
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
  },
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = timers.setTimeout(tick, intervalMs);
  };
  const tick = () => {
    if (stopped) return;
    poll().then(
      (answer) => {
        if (stopped) return;
        if (onAnswer(answer)) schedule();
        else stopped = true;
      },
      () => schedule(),
    );
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
