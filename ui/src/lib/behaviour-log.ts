/**
 * The behaviour log's sender (`/pcuser/addLog`, docs/api.md): events queue here and leave in one batch
 * with `navigator.sendBeacon` when the page hides (or when a batch is full), so no page waits on them.
 * Each event is checked by the core's rule (the server's) before it is queued: an unknown kind or a
 * malformed event never leaves the browser. The server keeps a visitor's events against the finger
 * cookie only, and nothing personal.
 */
import { checkLogEvent, logBatchMax, logSearchFilters } from '@/lib/core';

export type LogKind = 'view' | 'open' | 'search' | 'apply' | 'save';

export interface LogEvent {
  kind: LogKind;
  /** The job of a view, open, apply or save. */
  jobId?: number | string;
  /** A search's keyword and filter values. */
  keyword?: string;
  city?: string;
  category?: string;
  /** A search's other filters that are set (core-wasm's LOG_SEARCH_FILTERS: industry, salary, …). */
  [filter: string]: string | number | undefined;
}

export const LOG_URL = '/ajax/pcuser/addLog';

/** Sends one batch; true when the browser took it. */
export type Sender = (url: string, body: URLSearchParams) => boolean;

/** sendBeacon where there is one (it outlives the page), else a keep-alive fetch. */
export const beaconSender: Sender = (url, body) => {
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return true;
  if (typeof fetch !== 'function') return false;
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  return true;
};

/** A queue of events and the way they leave. */
export class BehaviourLog {
  private queue: LogEvent[] = [];

  constructor(private readonly send: Sender = beaconSender) {}

  /** Queues an event the server keeps; drops anything else. Sends at once when a batch is full. */
  add(event: LogEvent): boolean {
    if (checkLogEvent(event as unknown as Record<string, unknown>) !== 'keep') return false;
    this.queue.push(event);
    if (this.queue.length >= logBatchMax()) this.flush();
    return true;
  }

  /** Sends what is queued, a batch at a time. */
  flush(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, logBatchMax());
      if (!this.send(LOG_URL, new URLSearchParams({ events: JSON.stringify(batch) }))) {
        // Refused (the beacon quota): the batch waits for the next chance.
        this.queue.unshift(...batch);
        return;
      }
    }
  }

  get pending(): number {
    return this.queue.length;
  }
}

/**
 * The events an address means: a job page opened (`/job/123`, `/m/job/123`), a search with its keyword
 * and filters (`/search?q=…&city=…&category=…`, on the mobile site too).
 */
export function eventsOfLocation(pathname: string, search: string): LogEvent[] {
  const job = /\/job\/(\d{1,19})\/?$/.exec(pathname);
  if (job) return [{ kind: 'open', jobId: job[1] }];
  if (/\/search\/?$/.test(pathname)) {
    const params = new URLSearchParams(search);
    const pick = (k: string) => (params.get(k) ?? '').trim();
    const event: LogEvent = { kind: 'search', keyword: pick('q'), city: pick('city'), category: pick('category') };
    let filtered = false;
    for (const name of logSearchFilters()) {
      const value = pick(name);
      if (value) {
        event[name] = value;
        filtered = true;
      }
    }
    return event.keyword || event.city || event.category || filtered ? [event] : [];
  }
  return [];
}

/** The job a link to a job page names (`/job/12`, `/m/job/12`, absolute or not), or undefined. */
export function jobIdOfHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  const path = href.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
  return /\/job\/(\d{1,19})\/?$/.exec(path)?.[1];
}

/** Links to job pages inside list items: the job cards of every list (search, home, similar jobs, mobile). */
const JOB_LINKS = 'li a[href*="/job/"]';

/**
 * Calls `onSeen` once per job whose card link has been at least half on screen, once per page shown
 * (`reset` when the address changes). Watches the document for cards that come and go; does nothing
 * where the browser has no IntersectionObserver.
 */
export function watchJobsSeen(onSeen: (jobId: string) => void): { reset: () => void } {
  if (typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined') return { reset: () => undefined };
  let seen = new Set<string>();
  const watched = new WeakSet<Element>();
  const visible = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const id = jobIdOfHref(e.target.getAttribute('href'));
        if (id && !seen.has(id)) {
          seen.add(id);
          onSeen(id);
        }
      }
    },
    { threshold: 0.5 },
  );
  let pending = 0;
  const scan = () => {
    pending = 0;
    for (const a of document.querySelectorAll(JOB_LINKS)) {
      if (!watched.has(a)) {
        watched.add(a);
        visible.observe(a);
      }
    }
  };
  // New cards are looked for a moment after the document changes, not on every change.
  new MutationObserver(() => {
    if (!pending) pending = window.setTimeout(scan, 200);
  }).observe(document.body, { childList: true, subtree: true });
  scan();
  return {
    reset: () => {
      seen = new Set();
    },
  };
}

/** The home pages (desktop and mobile), whose recommendations read the log: what is queued goes before they load. */
export function isHome(pathname: string): boolean {
  return /^\/(m\/?)?$/.test(pathname);
}

const log = new BehaviourLog();

/** Records an event of the page (apply, save, a job seen in a list). */
export function logEvent(event: LogEvent): void {
  log.add(event);
}

interface Located {
  location: { pathname: string; search: string };
}

/**
 * Logs the addresses the router goes to and the job cards seen in lists, and sends the queue whenever the page hides (a tab switch, a
 * close, a navigation away: `pagehide` is the last moment a beacon is sure to go).
 */
export function installBehaviourLog(router: { state: Located; subscribe: (fn: (state: Located) => void) => unknown }): void {
  let last = '';
  // Jobs seen in lists: a `view` each, once per page shown.
  const cards = watchJobsSeen((jobId) => log.add({ kind: 'view', jobId }));
  const note = ({ location }: Located) => {
    const key = location.pathname + location.search;
    if (key === last) return;
    last = key;
    cards.reset();
    for (const e of eventsOfLocation(location.pathname, location.search)) log.add(e);
    // Back on a home page within the app (no page hid): send now, so "recommended for you" can weigh it.
    if (isHome(location.pathname)) log.flush();
  };
  note(router.state);
  router.subscribe(note);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') log.flush();
  });
  window.addEventListener('pagehide', () => log.flush());
}
