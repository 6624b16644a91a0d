import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { registerCatalogue } from '@/i18n';
import { LIST_FILTERS, listChats, type ChatFace, type ChatMessage, type Conversation, type ListFilter } from '@/lib/api/chat';
import { chatSendProblem } from '@/lib/core/rules';
import { loadDraft, saveDraft } from '@/lib/chat/draft';
import { markRead, resend, sendText, useChat, useChatFeed, useThreadFeed, type Pending } from '@/lib/chat/store';
import { formatTime } from '@/lib/format';
import { CardMessage, cardPreview, ExchangeTools, isCard } from './chat-cards';
import { PendingPicture, PictureButton, PictureMessage } from './chat-picture';
import { usePhrasesOf } from '@/lib/chat/phrases';
import { FraudWarning, isRecallNote, messageText, PhraseManager, RecallButton, RecalledNote, UnsuitableControl } from './chat-tools';
import { BlockedBar, ThreadMenu } from './chat-report';
import { sendProblemKey } from './errors';
import chatCatalogue from './i18n';
import './chat-badge.css';
import './chat.css';

/** The width at which chat.css turns the composer into one line (and phones have no Enter hint). */
const NARROW_QUERY = '(max-width: 760px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

registerCatalogue(chatCatalogue);

export const TEXT_MAX = 1000;
const EMOJI = ['😀', '😂', '😊', '😍', '🤔', '😅', '😭', '😎', '👍', '👏', '🙏', '💪', '🎉', '❤️', '🌹', '☕', '👌', '🤝', '😉', '😁', '🙂', '😮', '😢', '🔥'];

interface Props {
  face: ChatFace;
  /** `mobile`: the list, then the thread full screen (the /m site); `desktop`: both side by side on wide screens. */
  variant?: 'desktop' | 'mobile';
  /** Where a job card links: `/job/ID` or `/m/job/ID`. */
  jobPath?: (jobId: number) => string;
}

function dayLabel(ms: number, t: (k: string) => string): string {
  const day = formatTime(ms, 'YYYY-MM-DD');
  if (day === formatTime(Date.now(), 'YYYY-MM-DD')) return t('chat.today');
  if (day === formatTime(Date.now() - 86_400_000, 'YYYY-MM-DD')) return t('chat.yesterday');
  return day;
}

function listTime(ms: number): string {
  return formatTime(ms, formatTime(ms, 'YYYY-MM-DD') === formatTime(Date.now(), 'YYYY-MM-DD') ? 'HH:mm' : 'MM-DD');
}

function peerOf(c: Conversation, face: ChatFace): string {
  return c.peerName || (face === 'chat' ? c.companyName : '—');
}

/** The chat: the conversations on the left, the open thread on the right (one after the other on a phone). */
export function ChatView({ face, variant = 'desktop', jobPath = (id) => `/job/${id}` }: Props) {
  const { t } = useTranslation();
  useChatFeed(face, true);
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const list = useChat((s) => (s.face === face ? s.list : undefined));
  const listFailed = useChat((s) => s.listFailed);
  const [filter, setFilter] = useState<ListFilter>('all');
  const [q, setQ] = useState('');
  // A filter or search is the server's (`/chat/list?filter&q`), asked again as the live list changes.
  const [found, setFound] = useState<Conversation[] | null>(null);
  const needle = q.trim();
  useEffect(() => {
    if (filter === 'all' && !needle) {
      setFound(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      listChats(face, filter, needle).then(
        (l) => live && setFound(l),
        () => live && setFound([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [face, filter, needle, list]);
  const shown = useMemo(() => {
    if (found === null) return list ?? [];
    // The server's choice, with the live list's newest state of each.
    const fresh = new Map((list ?? []).map((c) => [c.conversationId, c]));
    return found.map((c) => fresh.get(c.conversationId) ?? c);
  }, [list, found]);
  const current = list?.find((c) => c.conversationId === selected) ?? null;

  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('c');
    else next.set('c', String(id));
    setParams(next, { replace: id === null ? false : selected !== null });
  };

  return (
    <div className={`chat chat-${variant}${selected ? ' chat-has-thread' : ''}`} data-testid="chat">
      <section className="chat-list-pane" aria-label={t('chat.conversations')}>
        <div className="chat-list-tools">
          <div className="chat-filters" role="group" aria-label={t('chatTools.filterLabel')}>
            {LIST_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={filter === f ? 'chat-filter active' : 'chat-filter'}
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
              >
                {t(`chatTools.filters.${f}`)}
              </button>
            ))}
          </div>
          <input
            className="chat-search"
            type="search"
            value={q}
            placeholder={t('chat.search')}
            aria-label={t('chat.searchLabel')}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        {list === undefined ? (
          listFailed ? (
            <p className="chat-empty">{t('chat.loadFailed')}</p>
          ) : (
            <p className="chat-empty" aria-busy="true">
              …
            </p>
          )
        ) : list.length === 0 ? (
          <div className="chat-empty">
            <p>{t('chat.none')}</p>
            <p className="chat-empty-hint">{t(face === 'chat' ? 'chat.noneHint' : 'chat.noneRecruitHint')}</p>
          </div>
        ) : shown.length === 0 ? (
          <p className="chat-empty">{t('chat.noMatch')}</p>
        ) : (
          <ul className="chat-list" data-testid="chat-list">
            {shown.map((c) => (
              <li key={c.conversationId}>
                <button
                  type="button"
                  className={c.conversationId === selected ? 'chat-item active' : 'chat-item'}
                  aria-current={c.conversationId === selected ? 'true' : undefined}
                  onClick={() => open(c.conversationId)}
                  data-testid="chat-item"
                >
                  <span className="chat-avatar" aria-hidden="true">
                    {peerOf(c, face).slice(0, 1)}
                  </span>
                  <span className="chat-item-main">
                    <span className="chat-item-top">
                      <span className="chat-item-name">{peerOf(c, face)}</span>
                      {c.blocked === 'byMe' && <span className="chat-item-blocked">{t('chatReport.blockedTag')}</span>}
                      <span className="chat-item-sub">
                        {face === 'chat' ? `${c.companyName} · ` : ''}
                        {c.jobTitle}
                      </span>
                      <span className="chat-item-time">{listTime(c.lastMessage?.createdAt ?? c.updatedAt)}</span>
                    </span>
                    <span className="chat-item-bottom">
                      <span className="chat-item-last">
                        {c.lastMessage
                          ? c.lastMessage.recall
                            ? t(c.lastMessage.mine ? 'chatTools.recalledMine' : 'chatTools.recalledTheirs')
                            : c.lastMessage.handOver
                              ? t('chat.handOver', { job: c.lastMessage.handOver.jobTitle, name: c.lastMessage.handOver.memberName })
                              : c.lastMessage.kind === 'job'
                                ? t('chat.jobCard', { title: c.lastMessage.text || c.jobTitle })
                                : (cardPreview(c.lastMessage.kind, t) ?? c.lastMessage.text)
                          : t('chat.noMessage')}
                      </span>
                      {c.unread > 0 && (
                        <span className="chat-count" data-testid="chat-item-unread">
                          <span aria-hidden="true">{c.unread > 99 ? '99+' : c.unread}</span>
                          <span className="chat-sr">{t('chat.unreadCount', { count: c.unread })}</span>
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="chat-thread-pane" aria-label={current ? peerOf(current, face) : t('chat.messages')}>
        {selected === null ? (
          <div className="chat-pick">{t('chat.pick')}</div>
        ) : (
          <ThreadView key={selected} face={face} id={selected} conversation={current} onBack={() => open(null)} jobPath={jobPath} />
        )}
      </section>
    </div>
  );
}

function Ticks({ m, peerReadSeq, peerDeliveredSeq }: { m: ChatMessage; peerReadSeq: number; peerDeliveredSeq: number }) {
  const { t } = useTranslation();
  if (!m.mine || m.kind === 'job') return null;
  if (m.seq <= peerReadSeq) return <span className="chat-tick read">{t('chat.read')}</span>;
  if (m.seq <= peerDeliveredSeq) return <span className="chat-tick">{t('chat.delivered')}</span>;
  return null;
}

function ThreadView({ face, id, conversation, onBack, jobPath }: { face: ChatFace; id: number; conversation: Conversation | null; onBack: () => void; jobPath: (jobId: number) => string }) {
  const { t, i18n } = useTranslation();
  useThreadFeed(id);
  const thread = useChat((s) => s.threads[id]);
  const box = useRef<HTMLDivElement>(null);
  const messages = thread?.messages ?? [];
  const pending = thread?.pending ?? [];
  const lastSeq = thread?.lastSeq ?? 0;

  // Read up to the newest while the thread shows in a visible tab.
  useEffect(() => {
    if (!thread?.loaded || lastSeq <= thread.readSeq) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    void markRead(id);
  }, [id, thread?.loaded, thread?.readSeq, lastSeq]);

  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length]);

  const jobCard = conversation ? (
    <div className="chat-job" data-testid="chat-job">
      <span className="chat-job-label">{t('chat.job')}</span>
      <span className="chat-job-title">{conversation.jobTitle}</span>
      <Link className="chat-job-link" to={jobPath(conversation.jobId)}>
        {t('chat.viewJob')}
      </Link>
    </div>
  ) : null;

  let lastDay = '';
  return (
    <div className="chat-thread">
      <header className="chat-thread-head">
        <button type="button" className="chat-back" onClick={onBack} aria-label={t('chat.back')}>
          <span aria-hidden="true">‹</span>
        </button>
        <div className="chat-thread-who">
          <h2 className="chat-thread-name">{conversation ? peerOf(conversation, face) : ''}</h2>
          {conversation && <span className="chat-thread-sub">{face === 'chat' ? `${conversation.companyName} · ${conversation.jobTitle}` : conversation.jobTitle}</span>}
        </div>
        <UnsuitableControl face={face} conversation={conversation} />
        <ThreadMenu face={face} conversation={conversation} />
      </header>
      {jobCard}
      <div className="chat-messages" ref={box} role="log" aria-label={t('chat.messages')} tabIndex={0} data-testid="chat-messages">
        {thread?.failed && <p className="chat-empty">{t('chat.loadFailed')}</p>}
        {messages.map((m) => {
          if (isRecallNote(m)) return null;
          const day = dayLabel(m.createdAt, t);
          const sep = day !== lastDay;
          lastDay = day;
          return (
            <div key={m.seq}>
              {sep && (
                <div className="chat-day" role="separator">
                  {day}
                </div>
              )}
              {isCard(m) ? (
                <div className={m.kind === 'system' ? 'chat-card-msg' : m.mine ? 'chat-msg mine chat-card-row' : 'chat-msg chat-card-row'}>
                  <CardMessage face={face} m={m} />
                </div>
              ) : m.kind === 'job' ? (
                <div className="chat-card-msg">
                  {t('chat.jobCard', { title: m.job?.title ?? m.text })}
                  {m.job && (
                    <Link to={jobPath(m.job.jobId)} className="chat-job-link">
                      {t('chat.viewJob')}
                    </Link>
                  )}
                </div>
              ) : m.recalledAt != null ? (
                <RecalledNote mine={m.mine} />
              ) : (
                <div className={m.mine ? 'chat-msg mine' : 'chat-msg'} data-testid={m.mine ? 'chat-msg-mine' : 'chat-msg-theirs'}>
                  {m.picture ? <PictureMessage m={m} picture={m.picture} /> : <div className="chat-bubble">{messageText(m, t, i18n.language)}</div>}
                  {m.warning === 'money' && <FraudWarning />}
                  <div className="chat-meta">
                    <time dateTime={new Date(m.createdAt).toISOString()}>{formatTime(m.createdAt, 'HH:mm')}</time>
                    <Ticks m={m} peerReadSeq={thread?.peerReadSeq ?? 0} peerDeliveredSeq={thread?.peerDeliveredSeq ?? 0} />
                    <RecallButton conversationId={id} m={m} />
                  </div>
                </div>
              )}
            </div>
          );
        })}
        {pending.map((p) => (p.file ? <PendingPicture key={p.clientId} id={id} p={p} /> : <PendingBubble key={p.clientId} id={id} p={p} />))}
      </div>
      {conversation && conversation.blocked !== 'none' ? (
        <BlockedBar face={face} conversation={conversation} />
      ) : (
        <>
          <ExchangeTools face={face} id={id} />
          <Composer face={face} id={id} messages={messages} />
        </>
      )}
    </div>
  );
}

function PendingBubble({ id, p }: { id: number; p: Pending }) {
  const { t } = useTranslation();
  return (
    <div className="chat-msg mine pending" data-testid="chat-msg-pending">
      <div className="chat-bubble">{p.text}</div>
      <div className="chat-meta">
        {p.state === 'sending' ? (
          <span>{t('chat.sending')}</span>
        ) : (
          <>
            <span className="chat-failed" role="status">
              {p.refused === 'gone'
                ? t('chat.errors.NOT_FOUND')
                : p.refused === 'CHAT_BLOCKED' || p.refused === 'CHAT_YOU_BLOCKED'
                  ? t(`chat.errors.${p.refused}`)
                  : p.refused
                    ? t(sendProblemKey(p.refused.slice(4)))
                    : t('chat.failed')}
            </span>
            {!p.refused && (
              <button type="button" className="chat-link-btn" onClick={() => resend(id, p.clientId)}>
                {t('chat.resend')}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Composer({ face, id, messages }: { face: ChatFace; id: number; messages: ChatMessage[] }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => loadDraft(face, id));
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const [pop, setPop] = useState<'phrases' | 'emoji' | null>(null);
  const [managing, setManaging] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const narrow = useNarrow();
  const tooLong = [...text.trim()].length > TEXT_MAX;
  const problem = tooLong ? 'chat.textTooLong' : shownProblem;
  const lang = i18n.language.startsWith('en') ? 'en-US' : 'zh-CN';
  const mine = usePhrasesOf(face, lang);
  const phrases = mine?.replies ?? [];
  // The first message of a conversation the user started (its first card is theirs) is their default
  // greeting, put in the composer to edit or send.
  const [greeted, setGreeted] = useState(false);
  const greeting = mine?.greetings[0];
  const startedByMe = messages.length > 0 && messages[0].mine && !messages.some((m) => m.mine && m.kind !== 'job');
  useEffect(() => {
    if (greeted || !greeting || !startedByMe || text !== '') return;
    setGreeted(true);
    setText(greeting);
  }, [greeted, greeting, startedByMe, text]);

  const change = (value: string) => {
    // Once the user typed or sent, the greeting is not put back.
    setGreeted(true);
    setText(value);
    setShownProblem(null);
    saveDraft(face, id, value);
  };

  const send = (value = text) => {
    const p = chatSendProblem('text', value, 'check');
    if (p) {
      setShownProblem(p);
      return;
    }
    sendText(id, value.trim());
    if (value === text) change('');
    area.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const insert = (s: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    change(text.slice(0, start) + s + text.slice(end));
    setPop(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + s.length, start + s.length);
    });
  };

  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      setPop(null);
      area.current?.focus();
    }
  };

  return (
    <div className="chat-composer" onKeyDown={pop ? closeOnEscape : undefined}>
      <div className="chat-tools">
        <button type="button" className="chat-tool" aria-expanded={pop === 'emoji'} aria-controls={`chat-emoji-${id}`} onClick={() => setPop(pop === 'emoji' ? null : 'emoji')}>
          <span aria-hidden="true">☺</span> {t('chat.emoji')}
        </button>
        <PictureButton id={id} onProblem={setShownProblem} />
        <button type="button" className="chat-tool" aria-expanded={pop === 'phrases'} aria-controls={`chat-phrases-${id}`} onClick={() => setPop(pop === 'phrases' ? null : 'phrases')}>
          {t('chat.phrases')}
        </button>
        {pop === 'emoji' && (
          <div className="chat-pop chat-emoji" id={`chat-emoji-${id}`} role="group" aria-label={t('chat.emoji')}>
            {EMOJI.map((e) => (
              <button key={e} type="button" className="chat-emoji-btn" aria-label={t('chat.emojiPick', { emoji: e })} onClick={() => insert(e)}>
                {e}
              </button>
            ))}
          </div>
        )}
        {pop === 'phrases' && (
          <ul className="chat-pop chat-phrases" id={`chat-phrases-${id}`} aria-label={t('chat.phrases')}>
            {phrases.length === 0 && <li className="chat-empty">{t('chatTools.noPhrases')}</li>}
            {phrases.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className="chat-phrase"
                  onClick={() => {
                    setPop(null);
                    send(p);
                  }}
                >
                  {p}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="chat-phrase chat-phrase-manage"
                onClick={() => {
                  setPop(null);
                  setManaging(true);
                }}
              >
                {t('chatTools.managePhrases')}
              </button>
            </li>
          </ul>
        )}
        <PhraseManager face={face} lang={lang} open={managing} onClose={() => setManaging(false)} />
      </div>
      <textarea
        ref={area}
        className="chat-input"
        value={text}
        rows={3}
        placeholder={t(narrow ? 'chat.placeholderShort' : 'chat.placeholder')}
        aria-label={t('chat.composer')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `chat-problem-${id}` : undefined}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKey}
        data-testid="chat-input"
      />
      {greeted && greeting && text === greeting && <p className="chat-greeting-hint">{t('chatTools.greetingHint')}</p>}
      <div className="chat-send-row">
        {problem ? (
          <span className="chat-problem" id={`chat-problem-${id}`} role="alert">
            {t(sendProblemKey(problem))}
          </span>
        ) : (
          <span />
        )}
        {[...text].length > TEXT_MAX - 100 && <span className="chat-counter">{t('chat.count', { count: [...text.trim()].length, max: TEXT_MAX })}</span>}
        <button type="button" className="chat-send" onClick={() => send()} disabled={text.trim() === '' || tooLong} data-testid="chat-send">
          {t('chat.send')}
        </button>
      </div>
    </div>
  );
}
