/**
 * Saves a candidate's answers one at a time as they change, so a lost connection loses nothing: every
 * answer not yet confirmed by the server waits in storage (localStorage, per send) and goes again on the
 * next change, on a timer and when the browser is back online. One call at a time, in order, so a later
 * answer to a question never lands before an earlier one.
 */

export type SaverState = 'saved' | 'saving' | 'offline' | 'closed';

/** An error the server gave (a code of the envelope): trying again would give it again. */
function isFinal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && !['DB_UNAVAILABLE', 'INTERNAL', 'RATE_LIMITED'].includes(code);
}

export interface SaverOptions {
  /** Sends one answer; rejects as `request` does. */
  send: (question: number, answer: string) => Promise<unknown>;
  /** Where unsent answers wait (localStorage in the page). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  key: string;
  onState: (state: SaverState, error?: unknown) => void;
  /** Milliseconds before trying again after a failure. */
  retryMs?: number;
}

export class AnswerSaver {
  private pending: Record<string, string>;
  private busy = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly o: SaverOptions) {
    this.pending = AnswerSaver.read(o.storage, o.key);
  }

  /** The answers stored but not confirmed (from an earlier visit too), by question. */
  static read(storage: SaverOptions['storage'], key: string): Record<string, string> {
    try {
      const raw = storage?.getItem(key);
      const v = raw ? (JSON.parse(raw) as unknown) : null;
      if (!v || typeof v !== 'object') return {};
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, a]) => typeof a === 'string')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  unsent(): Record<string, string> {
    return { ...this.pending };
  }

  /** Records an answer and sends it (after those before it). */
  save(question: number, answer: string): void {
    if (this.stopped) return;
    this.pending[String(question)] = answer;
    this.persist();
    void this.flush();
  }

  /** Sends what waits; resolves true once nothing waits. */
  async flush(): Promise<boolean> {
    if (this.stopped) return false;
    if (this.busy) return Object.keys(this.pending).length === 0;
    this.busy = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      for (;;) {
        const next = Object.entries(this.pending)[0];
        if (!next) {
          this.o.onState('saved');
          return true;
        }
        const [q, answer] = next;
        this.o.onState('saving');
        try {
          await this.o.send(Number(q), answer);
        } catch (e) {
          if (isFinal(e)) {
            const code = (e as { code?: string }).code;
            if (code === 'ASSESSMENT_TIME_UP' || code === 'ASSESSMENT_SUBMITTED' || code === 'NOT_FOUND') {
              this.stop();
              this.o.onState('closed', e);
              return false;
            }
            // A refused answer is dropped (the page says why); the others go on.
            if (this.pending[q] === answer) delete this.pending[q];
            this.persist();
            this.o.onState('saved', e);
            continue;
          }
          this.o.onState('offline', e);
          this.timer = setTimeout(() => void this.flush(), this.o.retryMs ?? 3000);
          return false;
        }
        if (this.pending[q] === answer) delete this.pending[q];
        this.persist();
      }
    } finally {
      this.busy = false;
    }
  }

  /** No more sending (answers closed, or the page left). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Forgets what waits (the send is closed). */
  clear(): void {
    this.pending = {};
    this.persist();
  }

  private persist(): void {
    try {
      if (Object.keys(this.pending).length) this.o.storage?.setItem(this.o.key, JSON.stringify(this.pending));
      else this.o.storage?.removeItem(this.o.key);
    } catch {
      // storage full or refused: the answers still go now
    }
  }
}
