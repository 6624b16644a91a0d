/** How the recruiter pages show times. */

/** A time from the server as ms since the epoch (seconds are taken too). */
export function toMs(t: number | null | undefined): number | null {
  if (t === null || t === undefined || !Number.isFinite(t) || t <= 0) return null;
  return t < 1e12 ? t * 1000 : t;
}

/** How long since `t`, as an i18n key and count: minutes under an hour, hours under a day, then days. */
export function since(t: number | null | undefined, now: number): { key: string; count: number } {
  const ms = toMs(t);
  if (ms === null) return { key: 'recruit.ago.unknown', count: 0 };
  const minutes = Math.max(0, Math.floor((now - ms) / 60_000));
  if (minutes < 1) return { key: 'recruit.ago.now', count: 0 };
  if (minutes < 60) return { key: 'recruit.ago.minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'recruit.ago.hours', count: hours };
  return { key: 'recruit.ago.days', count: Math.floor(hours / 24) };
}

/** The return path after log-in: a recruiter page of this site, else the positions page. */
export function safeRecruitReturn(returnUrl: string | null | undefined): string {
  const r = returnUrl ?? '';
  if (!r.startsWith('/recruit/') || r.startsWith('//') || r.includes('\\')) return '/recruit/job/';
  if (/^\/recruit\/(login|register)(\/|\?|$)/.test(r)) return '/recruit/job/';
  return r;
}

/** Below this, `stageId` is a position (the n-th stage) and `stageOppId` means every job, as the server reads them. */
export const SMALL = 1000;

/** The stage the URL's `stageId` names, as the server reads it: the n-th stage for a small n, else the stage of that id; null for all. */
export function stageFromParam<S extends { id: number }>(stages: S[], param: string | null): S | null {
  const n = Number(param ?? '0');
  if (!Number.isInteger(n) || n <= 0) return null;
  if (n < SMALL) return stages[n - 1] ?? null;
  return stages.find((s) => s.id === n) ?? null;
}

/** The antd colour of a stage's tag, by the candidate-side status it maps to. */
/** The candidate-side status of a hired stage: a move there offers to send the offer notice. */
export const HIRED = 6;

export const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'green', 4: 'orange', 5: 'default', 6: 'purple' };

/** The outbox events named as they are (their i18n key is `recruit.notices.event.<event>`). */
const NOTICE_EVENTS = new Set(['rejection', 'offer', 'invite', 'reschedule', 'cancel', 'remind24', 'remind1']);

/**
 * What a queued notice is about, as an i18n key, from its outbox event (`apply:ID:rejection`,
 * `apply:ID:offer`, `apply:ID:stage:SID`, `interview:ID:vN:invite|reschedule|cancel|remind24|remind1`,
 * `interview:ID:vN:remind-iv…` for an interviewer's reminder); `recruit.notices.event.other` else.
 */
export function noticeEventKey(eventKey: string): string {
  const [kind, , ...rest] = eventKey.split(':');
  const what = kind === 'interview' ? rest.slice(1).join(':') : rest.join(':');
  if (kind === 'apply' && what.startsWith('stage:')) return 'recruit.notices.event.stage';
  if (kind === 'interview' && what.startsWith('remind-iv')) return 'recruit.notices.event.remindInterviewer';
  return NOTICE_EVENTS.has(what) ? `recruit.notices.event.${what}` : 'recruit.notices.event.other';
}
