import { describe, expect, it } from 'vitest';
import { ChatSocket, chatSocketUrl, reconnectWait, type ServerEvent, type SocketLike } from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  fail() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; id: number }[] = [];
  const events: ServerEvent[] = [];
  const states: string[] = [];
  let next = 1;
  const client = new ChatSocket({
    url: 'ws://x/ajax/chat/ws',
    onEvent: (e) => events.push(e),
    onState: (s) => states.push(s),
    create: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => {
      const id = next++;
      timers.push({ fn, ms, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    pingEvery: 25_000,
  });
  /** Runs the earliest pending timer of `ms` (the reconnection's or the ping's). */
  const fire = (ms?: number) => {
    const i = timers.findIndex((t) => ms === undefined || t.ms === ms);
    const [t] = timers.splice(i, 1);
    t.fn();
    return t.ms;
  };
  return { client, sockets, timers, events, states, fire };
}

const msg = (conversationId: number, seq: number) => ({
  id: seq,
  conversationId,
  seq,
  clientId: `c${seq}`,
  kind: 'text' as const,
  text: 'hi',
  side: 'company' as const,
  mine: false,
  createdAt: 0,
  recalledAt: null,
  job: null,
});

describe('the chat socket', () => {
  it('waits 1 s, 2 s, 4 s … at most 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectWait)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('names the socket for the page origin', () => {
    expect(chatSocketUrl('candidate', { protocol: 'https:', host: 'a.cn' })).toBe('wss://a.cn/ajax/chat/ws?side=candidate');
    expect(chatSocketUrl('company', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ajax/chat/ws?side=company');
  });

  it('says hello with the seqs it holds, and keeps them up to date from messages and acks', () => {
    const h = harness();
    h.client.note(7, 3);
    h.client.start();
    h.sockets[0].open();
    expect(JSON.parse(h.sockets[0].sent[0])).toEqual({ type: 'hello', since: { '7': 3 } });
    h.sockets[0].receive({ type: 'message', conversationId: 7, seq: 4, message: msg(7, 4) });
    h.sockets[0].receive({ type: 'message', conversationId: 9, seq: 1, message: msg(9, 1) });
    h.sockets[0].receive({ type: 'ack', clientId: 'c5', message: msg(7, 5) });
    // An older seq never moves the mark back.
    h.client.note(7, 2);
    expect(h.client.since).toEqual({ '7': 5, '9': 1 });
    expect(h.events.map((e) => e.type)).toEqual(['message', 'message', 'ack']);
  });

  it('reconnects with a growing wait while the upgrade fails, and says hello from where it is after', () => {
    const h = harness();
    h.client.start();
    h.sockets[0].fail();
    expect(h.client.state).toBe('down');
    expect(h.fire()).toBe(1000);
    h.sockets[1].fail();
    expect(h.fire()).toBe(2000);
    h.sockets[2].fail();
    expect(h.fire()).toBe(4000);
    // Polling brought seq 12 meanwhile; the connection that opens asks from there.
    h.client.note(3, 12);
    h.sockets[3].open();
    expect(h.client.state).toBe('open');
    expect(JSON.parse(h.sockets[3].sent[0])).toEqual({ type: 'hello', since: { '3': 12 } });
    // Once a connection opened, the next loss waits 1 s again.
    h.sockets[3].fail();
    expect(h.fire(1000)).toBe(1000);
    h.sockets[4].open();
    expect(JSON.parse(h.sockets[4].sent[0]).type).toBe('hello');
    expect(h.states.filter((s) => s === 'open')).toHaveLength(2);
  });

  it('sends frames only while open, pings, and stops for good', () => {
    const h = harness();
    h.client.start();
    expect(h.client.send({ type: 'read', conversationId: 1, seq: 2 })).toBe(false);
    h.sockets[0].open();
    expect(h.client.send({ type: 'read', conversationId: 1, seq: 2 })).toBe(true);
    h.fire(25_000);
    expect(h.sockets[0].sent.map((s) => JSON.parse(s).type)).toEqual(['hello', 'read', 'ping']);
    h.client.stop();
    expect(h.sockets[0].closed).toBe(true);
    expect(h.timers).toHaveLength(0);
    expect(h.client.state).toBe('down');
    expect(h.client.send({ type: 'ping' })).toBe(false);
  });

  it('ignores a frame that is not JSON', () => {
    const h = harness();
    h.client.start();
    h.sockets[0].open();
    h.sockets[0].onmessage?.({ data: 'nope' });
    expect(h.events).toHaveLength(0);
  });
});
