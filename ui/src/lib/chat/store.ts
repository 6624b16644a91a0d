import { useEffect } from 'react';
import { create } from 'zustand';
import { chatMessages, listChats, readChat, recallChat, sendChat, sendChatPicture, type ChatFace, type ChatMessage, type Conversation } from '@/lib/api/chat';
import { newClientId } from './client-id';
import { ChatSocket, chatSocketUrl, type ServerEvent, type SocketState } from './socket';

/**
 * The chat of this tab: the conversations, the open threads and the sends under way, kept live by the socket
 * (lib/chat/socket.ts) or, while it is down, by polling `/chat/list` and `/chat/messages?afterSeq`. This is a
 * live feed that several places read at once (every header's badge, the list, the thread), not a page's load,
 * which is why it is a store and not `useServerData`.
 */
export interface Pending {
  clientId: string;
  text: string;
  /** A picture under way (`/chat/picture`), with the object URL of its local preview. */
  file?: File;
  preview?: string;
  state: 'sending' | 'failed';
  /** A refusal a resend cannot cure (`bad:<the BAD_INPUT key>`, `gone` for NOT_FOUND, CHAT_BLOCKED / CHAT_YOU_BLOCKED); the message is not resent. */
  refused?: string;
  at: number;
}

export interface Thread {
  messages: ChatMessage[];
  pending: Pending[];
  lastSeq: number;
  readSeq: number;
  peerReadSeq: number;
  peerDeliveredSeq: number;
  loaded: boolean;
  failed: boolean;
}

export interface ChatState {
  face: ChatFace | null;
  list: Conversation[] | undefined;
  listFailed: boolean;
  /** The server's unread total (the socket's `unread`, else the list's sum). */
  unread: number;
  threads: Record<number, Thread>;
  live: SocketState;
  /** The newest message from the other side, for the polite live region (`picture`: a picture's sender, worded there). */
  announce: { id: number; text: string; picture?: string } | null;
}

const EMPTY_THREAD: Thread = { messages: [], pending: [], lastSeq: 0, readSeq: 0, peerReadSeq: 0, peerDeliveredSeq: 0, loaded: false, failed: false };

export const useChat = create<ChatState>(() => ({
  face: null,
  list: undefined,
  listFailed: false,
  unread: 0,
  threads: {},
  live: 'down',
  announce: null,
}));

/**
 * How often the list and an open thread are asked: while a chat page shows and the socket is down, while only a
 * header's badge shows (and the socket is down), and while the socket is open (a safety net).
 */
export const POLL_DOWN_MS = 3000;
export const POLL_BADGE_MS = 10_000;
export const POLL_LIVE_MS = 30_000;

let socket: ChatSocket | null = null;
let users = 0;
/** The chat pages mounted (the list and thread): the socket is opened while one shows. */
let views = 0;
let listTimer: ReturnType<typeof setTimeout> | null = null;
const threadUsers = new Map<number, number>();
const threadTimers = new Map<number, ReturnType<typeof setTimeout>>();
const sending = new Set<string>();

function sumUnread(list: Conversation[]): number {
  return list.reduce((n, c) => n + c.unread, 0);
}

function thread(id: number): Thread {
  return useChat.getState().threads[id] ?? EMPTY_THREAD;
}

function setThread(id: number, update: (t: Thread) => Thread) {
  useChat.setState((s) => ({ threads: { ...s.threads, [id]: update(s.threads[id] ?? EMPTY_THREAD) } }));
}

/**
 * A card's new state, carried by the note of its answer (an exchange's 同意 / 拒绝, an interview's answer): the card
 * held, found by `messageId`, takes it. The note's seq is what brought it, so it is never missed.
 */
function withCardUpdates(messages: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const exchange = new Map(incoming.flatMap((m) => (m.exchange && m.exchange.messageId !== m.id ? [[m.exchange.messageId, m.exchange] as const] : [])));
  const interview = new Map(incoming.flatMap((m) => (m.interview && m.interview.messageId !== m.id ? [[m.interview.messageId, m.interview] as const] : [])));
  if (exchange.size === 0 && interview.size === 0) return messages;
  return messages.map((m) => {
    const e = exchange.get(m.id);
    const i = interview.get(m.id);
    return e || i ? { ...m, exchange: e ? { ...e, messageId: m.id } : m.exchange, interview: i ? { ...i, messageId: m.id } : m.interview } : m;
  });
}

/** Adds messages to a thread in seq order, once each; a pending send they acknowledge leaves. */
export function mergeMessages(t: Thread, incoming: ChatMessage[]): Thread {
  if (incoming.length === 0) return t;
  const bySeq = new Map(t.messages.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  // A recall's note (`recalls`) empties the message it names, whichever of the two came first.
  for (const note of bySeq.values()) {
    const target = note.recalls == null ? undefined : bySeq.get(note.recalls);
    if (target && target.recalledAt == null) bySeq.set(target.seq, { ...target, text: '', recalledAt: note.createdAt, warning: null, closing: null, picture: null });
  }
  const messages = withCardUpdates([...bySeq.values()].sort((a, b) => a.seq - b.seq), incoming);
  const done = new Set(incoming.filter((m) => m.mine).map((m) => m.clientId));
  const lastSeq = Math.max(t.lastSeq, messages.at(-1)?.seq ?? 0);
  for (const p of t.pending) if (p.preview && done.has(p.clientId)) URL.revokeObjectURL(p.preview);
  return { ...t, messages, lastSeq, pending: t.pending.filter((p) => !done.has(p.clientId)) };
}

function pollWait() {
  if (useChat.getState().live === 'open') return POLL_LIVE_MS;
  return views > 0 ? POLL_DOWN_MS : POLL_BADGE_MS;
}

async function refreshList() {
  const face = useChat.getState().face;
  if (!face) return;
  try {
    const list = await listChats(face);
    if (useChat.getState().face !== face) return;
    const before = useChat.getState().list;
    if (before) {
      const old = new Map(before.map((c) => [c.conversationId, c.lastSeq]));
      const fresh = list.find((c) => c.lastSeq > (old.get(c.conversationId) ?? 0) && c.lastMessage && !c.lastMessage.mine);
      if (fresh?.lastMessage) {
        const who = fresh.peerName || fresh.companyName;
        const announce = fresh.lastMessage.kind === 'picture' ? { id: Date.now(), text: '', picture: who } : { id: Date.now(), text: `${who}: ${fresh.lastMessage.text}` };
        useChat.setState({ announce });
      }
    }
    useChat.setState({ list, listFailed: false, unread: sumUnread(list) });
  } catch {
    useChat.setState({ listFailed: true });
  }
}

function scheduleList() {
  if (listTimer) clearTimeout(listTimer);
  listTimer = setTimeout(async () => {
    listTimer = null;
    await refreshList();
    if (users > 0) scheduleList();
  }, pollWait());
}

function onEvent(event: ServerEvent) {
  switch (event.type) {
    case 'message':
      setThread(event.conversationId, (t) => mergeMessages(t, [event.message]));
      void refreshList();
      break;
    case 'ack':
      setThread(event.message.conversationId, (t) => mergeMessages(t, [event.message]));
      break;
    case 'read': {
      // The other side's read mark moves the ticks; our own (another tab of ours read) moves our mark.
      const mine = (useChat.getState().face === 'chat' ? 'candidate' : 'company') === event.side;
      setThread(event.conversationId, (t) =>
        mine ? { ...t, readSeq: Math.max(t.readSeq, event.seq) } : { ...t, peerReadSeq: Math.max(t.peerReadSeq, event.seq) },
      );
      break;
    }
    case 'unread':
      useChat.setState({ unread: event.total });
      break;
    default:
      break;
  }
}

function startSocket() {
  if (socket || typeof WebSocket === 'undefined') return;
  socket = new ChatSocket({
    url: chatSocketUrl(useChat.getState().face === 'chat' ? 'candidate' : 'company'),
    onEvent,
    onState: (live) => {
      useChat.setState({ live });
      if (live === 'open') void refreshList();
    },
  });
  socket.start();
}

function stopSocket() {
  socket?.stop();
  socket = null;
  useChat.setState({ live: 'down' });
}

/**
 * Starts the tab's chat for a face (the list, the badge); the returned function stops this use of it. A chat
 * page (`view`) also opens the socket: the other pages, which only show a badge, poll every 10 s and make no
 * upgrade attempt (each refused one is a console error while the server has no /ajax/chat/ws).
 */
export function acquireChat(face: ChatFace, view = false): () => void {
  if (useChat.getState().face !== face) {
    useChat.setState({ face, list: undefined, threads: {}, unread: 0, listFailed: false });
  }
  users += 1;
  if (view) views += 1;
  if (view && views === 1) {
    startSocket();
    // From the badge's slower pace to the page's.
    if (users > 1) scheduleList();
  }
  if (users === 1) {
    void refreshList();
    scheduleList();
  }
  return () => {
    users -= 1;
    if (view) views -= 1;
    if (view && views === 0) stopSocket();
    if (users > 0) return;
    if (listTimer) clearTimeout(listTimer);
    listTimer = null;
  };
}

/** The tab's chat for a face while the component is mounted; `view`: a chat page (list and thread). */
export function useChatFeed(face: ChatFace | null, view = false): void {
  useEffect(() => (face ? acquireChat(face, view) : undefined), [face, view]);
}

async function catchUp(id: number) {
  const face = useChat.getState().face;
  if (!face) return;
  try {
    for (let guard = 0; guard < 50; guard += 1) {
      const page = await chatMessages(face, id, thread(id).lastSeq);
      setThread(id, (t) => ({
        ...mergeMessages(t, page.list),
        lastSeq: Math.max(t.lastSeq, page.list.at(-1)?.seq ?? 0),
        readSeq: page.readSeq,
        peerReadSeq: page.peerReadSeq,
        peerDeliveredSeq: page.peerDeliveredSeq,
        loaded: true,
        failed: false,
      }));
      socket?.note(id, thread(id).lastSeq);
      if (!page.more) break;
    }
  } catch {
    setThread(id, (t) => ({ ...t, failed: !t.loaded }));
  }
}

function scheduleThread(id: number) {
  const old = threadTimers.get(id);
  if (old) clearTimeout(old);
  threadTimers.set(
    id,
    setTimeout(async () => {
      threadTimers.delete(id);
      await catchUp(id);
      if ((threadUsers.get(id) ?? 0) > 0) scheduleThread(id);
    }, pollWait()),
  );
}

/** Keeps a thread up to date while the component showing it is mounted. */
export function useThreadFeed(id: number | null): void {
  useEffect(() => {
    if (id === null) return undefined;
    threadUsers.set(id, (threadUsers.get(id) ?? 0) + 1);
    void catchUp(id);
    scheduleThread(id);
    return () => {
      const n = (threadUsers.get(id) ?? 1) - 1;
      threadUsers.set(id, n);
      if (n === 0) {
        const t = threadTimers.get(id);
        if (t) clearTimeout(t);
        threadTimers.delete(id);
      }
    };
  }, [id]);
}

const RESEND_WAITS = [1000, 2000, 4000, 8000, 15000];

async function deliver(id: number, clientId: string, attempt: number): Promise<void> {
  const face = useChat.getState().face;
  const p = thread(id).pending.find((x) => x.clientId === clientId);
  if (!face || !p || sending.has(clientId)) return;
  sending.add(clientId);
  setThread(id, (t) => ({ ...t, pending: t.pending.map((x) => (x.clientId === clientId ? { ...x, state: 'sending' } : x)) }));
  try {
    const message = p.file ? await sendChatPicture(face, id, clientId, p.file) : await sendChat(face, id, clientId, p.text);
    sending.delete(clientId);
    setThread(id, (t) => mergeMessages(t, [message]));
    void refreshList();
  } catch (e) {
    sending.delete(clientId);
    const code = (e as { code?: unknown }).code;
    const message = String((e as { message?: unknown }).message ?? '');
    // BAD_INPUT (`text: chat.textTooLong`), a picture refused (FILE_FORMAT, FILE_TOO_BIG), NOT_FOUND and a block are
    // not cured by resending: the bubble says why.
    const refused =
      code === 'BAD_INPUT'
        ? `bad:${message.split(': ')[1] ?? ''}`
        : code === 'FILE_FORMAT'
          ? 'bad:chat.pictureFormat'
          : code === 'FILE_TOO_BIG'
            ? 'bad:chat.pictureSize'
            : code === 'NOT_FOUND'
              ? 'gone'
              : code === 'CHAT_BLOCKED' || code === 'CHAT_YOU_BLOCKED'
                ? code
                : undefined;
    // A block (拉黑) is news for the list and the thread's head.
    if (refused === 'CHAT_BLOCKED' || refused === 'CHAT_YOU_BLOCKED') void refreshList();
    setThread(id, (t) => ({ ...t, pending: t.pending.map((x) => (x.clientId === clientId ? { ...x, state: 'failed', refused } : x)) }));
    // Resent with the same clientId until the server answers: it stores a message once whatever the number of tries.
    if (!refused && attempt < RESEND_WAITS.length) setTimeout(() => void deliver(id, clientId, attempt + 1), RESEND_WAITS[attempt]);
  }
}

/** Sends a text: an optimistic bubble at once, then `/chat/send`, resent with the same clientId on failure. */
export function sendText(id: number, text: string): string {
  const clientId = newClientId();
  setThread(id, (t) => ({ ...t, pending: [...t.pending, { clientId, text, state: 'sending', at: Date.now() }] }));
  void deliver(id, clientId, 0);
  return clientId;
}

/**
 * Sends a picture (checked by the caller with core-wasm's chatPictureProblem): a pending bubble with its local preview at
 * once, then `/chat/picture`, resent with the same clientId on failure (the server stores it once).
 */
export function sendPicture(id: number, file: File): string {
  const clientId = newClientId();
  const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
  setThread(id, (t) => ({ ...t, pending: [...t.pending, { clientId, text: '', file, preview, state: 'sending', at: Date.now() }] }));
  void deliver(id, clientId, 0);
  return clientId;
}

/** Drops a send the server refused (its bubble's 移除). */
export function dismiss(id: number, clientId: string): void {
  const p = thread(id).pending.find((x) => x.clientId === clientId);
  if (p?.preview) URL.revokeObjectURL(p.preview);
  setThread(id, (t) => ({ ...t, pending: t.pending.filter((x) => x.clientId !== clientId) }));
}

/** Tries a failed send again (the 重发 button), with its clientId. */
export function resend(id: number, clientId: string): void {
  void deliver(id, clientId, RESEND_WAITS.length);
}

/** Marks a conversation read up to its newest message, on the server and at once in the list. */
export async function markRead(id: number): Promise<void> {
  const face = useChat.getState().face;
  const t = thread(id);
  if (!face || t.lastSeq <= t.readSeq) return;
  const seq = t.lastSeq;
  setThread(id, (x) => ({ ...x, readSeq: seq }));
  if (!socket?.send({ type: 'read', conversationId: id, seq })) {
    try {
      await readChat(face, id, seq);
    } catch {
      return;
    }
  }
  useChat.setState((s) => {
    const list = s.list?.map((c) => (c.conversationId === id ? { ...c, unread: 0, readSeq: seq } : c));
    return { list, unread: list ? sumUnread(list) : s.unread };
  });
}

/** Fetches the list now (after opening a conversation from a job page, say). */
export function refreshChats(): Promise<void> {
  return refreshList();
}

/** Puts what a card call answered (a request card, an answer's card and note) into its thread at once. */
export function addMessages(conversationId: number, list: ChatMessage[]): void {
  setThread(conversationId, (t) => mergeMessages(t, list));
}

/** Recalls one of our messages (撤回): the note comes back and empties it here at once; the other side hears it through the hub. */
export async function recallMessage(id: number, messageId: number): Promise<void> {
  const face = useChat.getState().face;
  if (!face) return;
  const note = await recallChat(face, messageId);
  setThread(id, (t) => mergeMessages(t, [note]));
  void refreshList();
}

/** Adds a message the server made on our behalf (the closing message of 不合适) to its thread. */
export function addMessage(id: number, message: ChatMessage): void {
  setThread(id, (t) => mergeMessages(t, [message]));
  void refreshList();
}
