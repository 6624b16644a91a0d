import type { ChatMessage } from '@/lib/api/chat';

/**
 * The chat's socket (`GET /ajax/chat/ws`), one per tab. It reconnects with a growing wait (1 s, 2 s, 4 s … 30 s;
 * back to 1 s once a connection opened) and at every (re)connect says `hello` with the last seq it has of every
 * conversation, so the server sends what came meanwhile. Until a connection opens the store polls instead
 * (`state` is `down`); sending goes over HTTP (`/chat/send`) either way.
 *
 * The protocol, client → server: `{type: 'hello', since: {conversationId: lastSeq}}`, `{type: 'send',
 * conversationId, clientId, kind: 'text', text}`, `{type: 'read', conversationId, seq}`, `{type: 'ping'}`;
 * server → client: the `ServerEvent`s below.
 */
export type ServerEvent =
  | { type: 'message'; conversationId: number; seq: number; message: ChatMessage }
  | { type: 'read'; conversationId: number; seq: number; side: 'candidate' | 'company' }
  | { type: 'unread'; total: number }
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | { type: 'error'; clientId?: string; code: string; message: string }
  | { type: 'pong' };

export type SocketState = 'connecting' | 'open' | 'down';

/** What the client needs of a WebSocket (tests hand it a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface ChatSocketOptions {
  url: string;
  onEvent: (event: ServerEvent) => void;
  onState?: (state: SocketState) => void;
  create?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** How often to ping an open socket (ms). */
  pingEvery?: number;
}

const OPEN = 1;
export const MAX_WAIT = 30_000;

/** The wait before the `attempt`-th reconnection (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectWait(attempt: number): number {
  return Math.min(MAX_WAIT, 1000 * 2 ** Math.min(attempt, 15));
}

/**
 * The socket's address for the page's origin (ws: on http, wss: on https), for one side: a browser
 * may hold a candidate's and a recruiter's session at once, and the server then opens the one asked.
 */
export function chatSocketUrl(side: 'candidate' | 'company', loc: { protocol: string; host: string } = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ajax/chat/ws?side=${side}`;
}

export class ChatSocket {
  /** The last seq held of each conversation: what `hello` asks from. */
  readonly since: Record<string, number> = {};
  state: SocketState = 'down';
  /** Failed attempts since the last open connection. */
  attempt = 0;
  private socket: SocketLike | null = null;
  private retry: unknown = null;
  private ping: unknown = null;
  private stopped = true;
  private readonly o: Required<Omit<ChatSocketOptions, 'onState'>> & Pick<ChatSocketOptions, 'onState'>;

  constructor(options: ChatSocketOptions) {
    this.o = {
      create: (url) => new WebSocket(url) as unknown as SocketLike,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      pingEvery: 25_000,
      ...options,
    };
  }

  /** Notes that the client holds a conversation up to `seq` (never moves back). */
  note(conversationId: number, seq: number): void {
    const key = String(conversationId);
    if (!(seq <= (this.since[key] ?? 0))) this.since[key] = seq;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry !== null) this.o.clearTimer(this.retry);
    if (this.ping !== null) this.o.clearTimer(this.ping);
    this.retry = this.ping = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = s.onerror = s.onmessage = s.onopen = null;
      s.close();
    }
    this.setState('down');
  }

  /** Sends a frame when the socket is open; false otherwise (the caller uses HTTP). */
  send(frame: Record<string, unknown>): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.state !== 'open') return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    this.o.onState?.(state);
  }

  private connect() {
    this.retry = null;
    if (this.stopped) return;
    this.setState('connecting');
    let s: SocketLike;
    try {
      s = this.o.create(this.o.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      this.attempt = 0;
      this.setState('open');
      this.send({ type: 'hello', since: { ...this.since } });
      this.schedulePing();
    };
    s.onmessage = (ev) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(ev.data)) as ServerEvent;
      } catch {
        return;
      }
      if (event.type === 'message') this.note(event.conversationId, event.seq);
      if (event.type === 'ack') this.note(event.message.conversationId, event.message.seq);
      this.o.onEvent(event);
    };
    s.onerror = () => {};
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      if (this.ping !== null) this.o.clearTimer(this.ping);
      this.ping = null;
      this.setState('down');
      this.scheduleRetry();
    };
  }

  private scheduleRetry() {
    if (this.stopped) return;
    this.setState('down');
    const wait = reconnectWait(this.attempt);
    this.attempt += 1;
    this.retry = this.o.setTimer(() => this.connect(), wait);
  }

  private schedulePing() {
    this.ping = this.o.setTimer(() => {
      this.ping = null;
      if (this.send({ type: 'ping' })) this.schedulePing();
    }, this.o.pingEvery);
  }
}
