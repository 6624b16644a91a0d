/** The resend countdown after a code is sent: whole seconds left, from a deadline, so a slow tab stays right. */
export function secondsLeft(endsAt: number, now: number): number {
  if (!Number.isFinite(endsAt) || !Number.isFinite(now)) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The seconds to count down from the server's `interval` (a bad or missing value counts as 60). */
export function intervalSeconds(interval: unknown, fallback = 60): number {
  const n = typeof interval === 'string' ? Number(interval) : interval;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return fallback;
  return Math.min(Math.ceil(n), 3600);
}

/**
 * Counts `seconds` down: `onTick` gets the seconds left at once and at each change, ending with 0.
 * Returns a stop function. `now` and the timer functions are injectable for tests.
 */
export function startCountdown(
  seconds: number,
  onTick: (left: number) => void,
  clock: { now: () => number; setInterval: typeof setInterval; clearInterval: typeof clearInterval } = {
    now: () => Date.now(),
    setInterval: globalThis.setInterval.bind(globalThis),
    clearInterval: globalThis.clearInterval.bind(globalThis),
  },
): () => void {
  const endsAt = clock.now() + Math.max(0, seconds) * 1000;
  let last = secondsLeft(endsAt, clock.now());
  onTick(last);
  if (last === 0) return () => {};
  const id = clock.setInterval(() => {
    const left = secondsLeft(endsAt, clock.now());
    if (left !== last) {
      last = left;
      onTick(left);
    }
    if (left === 0) clock.clearInterval(id);
  }, 250);
  return () => clock.clearInterval(id);
}
