import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyModal } from '@/components/antd/lazy';
import { markUnsuitable, type ChatFace, type ChatMessage, type Conversation, type PhraseKind } from '@/lib/api/chat';
import { chatPhraseMax, chatPhraseProblem, chatRecallOpen, chatUnsuitableReasons } from '@/lib/core/rules';
import { resetPhrases, savePhrases, usePhrasesOf } from '@/lib/chat/phrases';
import { addMessage, recallMessage, refreshChats } from '@/lib/chat/store';
// The strings are in tools-i18n.ts, laid into the chat's catalogue (i18n.ts), which chat-view registers.
import './chat-tools.css';

/** The kinds a sender may recall (the server's own cards and notes are not theirs). */
const RECALLABLE = new Set(['text', 'emoji', 'picture']);

/** Whether `m` is a recall's note: the thread shows the message it names as recalled instead. */
export function isRecallNote(m: ChatMessage): boolean {
  return m.recalls != null;
}

/** "你撤回了一条消息" / "对方撤回了一条消息", where the recalled message stood. */
export function RecalledNote({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="chat-note" data-testid="chat-recalled">
      {t(mine ? 'chatTools.recalledMine' : 'chatTools.recalledTheirs')}
    </div>
  );
}

/** 撤回 under one's own message while the 2 minutes last (core-wasm's rule; the server checks again). */
export function RecallButton({ conversationId, m }: { conversationId: number; m: ChatMessage }) {
  const { t } = useTranslation();
  const [, tick] = useState(0);
  const [failed, setFailed] = useState(false);
  const open = m.mine && m.recalledAt == null && RECALLABLE.has(m.kind) && !m.clientId.startsWith(':') && chatRecallOpen(m.createdAt);
  useEffect(() => {
    if (!open) return undefined;
    // Hidden when the window closes.
    const left = m.createdAt + 120_000 - Date.now();
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(left, 0) + 50);
    return () => clearTimeout(timer);
  }, [open, m.createdAt]);
  if (!open && !failed) return null;
  return (
    <>
      {open && (
        <button
          type="button"
          className="chat-link-btn chat-recall"
          aria-label={t('chatTools.recallLabel')}
          data-testid="chat-recall"
          onClick={async () => {
            setFailed(false);
            try {
              await recallMessage(conversationId, m.id);
            } catch {
              setFailed(true);
            }
          }}
        >
          {t('chatTools.recall')}
        </button>
      )}
      {failed && (
        <span className="chat-failed" role="alert">
          {t('chatTools.recallFailed')}
        </span>
      )}
    </>
  );
}

/** The candidate's warning under a recruiter's message that asks for money. */
export function FraudWarning() {
  const { t } = useTranslation();
  return (
    <div className="chat-fraud" role="note" aria-label={t('chatTools.fraudTitle')} data-testid="chat-fraud">
      <strong>{t('chatTools.fraudTitle')}</strong> {t('chatTools.fraud')}
    </div>
  );
}

/** A message's text as the reader sees it: the built-in closing message of 不合适 in the reader's language. */
export function messageText(m: ChatMessage, t: (key: string, values?: Record<string, unknown>) => string, lang: string): string {
  if (m.closing?.builtIn && !lang.startsWith('zh')) return t('chatTools.closingDefault', { jobTitle: m.closing.jobTitle });
  return m.text;
}

/** The recruiter's 不合适 in a thread's head: the reason menu, or the mark and its undo. */
export function UnsuitableControl({ face, conversation }: { face: ChatFace; conversation: Conversation | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!conversation) return null;
  const marked = conversation.state === 'unsuitable';
  if (face === 'chat') {
    return marked ? <span className="chat-unsuitable-tag">{t('chatTools.unsuitableForCandidate')}</span> : null;
  }
  const id = conversation.conversationId;
  const run = async (value: string | null) => {
    setBusy(true);
    setFailed(false);
    try {
      const done = await markUnsuitable(id, value);
      if (done.message) addMessage(id, done.message);
      await refreshChats();
      setOpen(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chat-unsuitable">
      {marked ? (
        <>
          <span className="chat-unsuitable-tag" data-testid="chat-unsuitable-tag">
            {t('chatTools.unsuitableMarked', { reason: t(`chatTools.unsuitableReasons.${conversation.unsuitableReason || 'other'}`) })}
          </span>
          <button type="button" className="chat-link-btn" disabled={busy} onClick={() => void run(null)} data-testid="chat-unsuitable-undo">
            {t('chatTools.unsuitableUndo')}
          </button>
        </>
      ) : (
        <button type="button" className="chat-tool" onClick={() => setOpen(true)} data-testid="chat-unsuitable">
          {t('chatTools.unsuitable')}
        </button>
      )}
      {failed && !open && (
        <span className="chat-failed" role="alert">
          {t('chatTools.failed')}
        </span>
      )}
      <LazyModal
        open={open}
        title={t('chatTools.unsuitableTitle')}
        okText={t('chatTools.unsuitableConfirm')}
        cancelText={t('chatTools.cancel')}
        okButtonProps={{ disabled: !reason, loading: busy, className: 'chat-unsuitable-ok' }}
        onOk={() => void run(reason)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="chat-modal-help">{t('chatTools.unsuitableHelp')}</p>
        <fieldset className="chat-reasons">
          <legend>{t('chatTools.unsuitableReason')}</legend>
          {chatUnsuitableReasons().map((code) => (
            <label key={code} className="chat-reason">
              <input type="radio" name={`unsuitable-${id}`} value={code} checked={reason === code} onChange={() => setReason(code)} />
              {t(`chatTools.unsuitableReasons.${code}`)}
            </label>
          ))}
        </fieldset>
        {failed && (
          <p className="chat-failed" role="alert">
            {t('chatTools.failed')}
          </p>
        )}
      </LazyModal>
    </div>
  );
}

/** The words of a phrase problem key (core-wasm chat_tools.rs's `chat.phrase.*`). */
function phraseProblemText(key: string, t: (key: string, values?: Record<string, unknown>) => string, kind: PhraseKind): string {
  const name = key.split('.').pop() ?? 'kindUnknown';
  return t(`chatTools.phraseProblem.${name}`, { max: name === 'tooMany' ? chatPhraseMax(kind) : 200 });
}

/** Edits one kind of the caller's phrases: the whole list is saved at once (`/chat/phrasesSave`). */
function PhraseList({ face, lang, kind, initial, builtIn }: { face: ChatFace; lang: string; kind: PhraseKind; initial: string[]; builtIn: boolean }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(initial);
  const [defaultIndex, setDefaultIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    setTexts(initial);
    setDefaultIndex(0);
  }, [initial]);
  const max = chatPhraseMax(kind);
  const save = async () => {
    setDone(false);
    const bad = texts.map((x) => chatPhraseProblem(x)).find(Boolean);
    if (bad) return setProblem(phraseProblemText(bad, t, kind));
    if (texts.length === 0) return setProblem(phraseProblemText('chat.phrase.textEmpty', t, kind));
    setProblem(null);
    try {
      await savePhrases(face, lang, kind, texts, defaultIndex);
      setDone(true);
    } catch (e) {
      const message = String((e as { message?: unknown }).message ?? '');
      setProblem(message.includes('chat.phrase.') ? phraseProblemText(message.split(': ')[1] ?? '', t, kind) : t('chatTools.failed'));
    }
  };
  const label = t(kind === 'greeting' ? 'chatTools.greetings' : 'chatTools.replies');
  return (
    <section className="chat-phrase-list" aria-label={label}>
      <h3>
        {label} <span className="chat-phrase-count">{t('chatTools.count', { count: texts.length, max })}</span>
        {builtIn && <span className="chat-phrase-builtin">{t('chatTools.builtIn')}</span>}
      </h3>
      <ol>
        {texts.map((text, i) => (
          <li key={i}>
            {kind === 'greeting' && (
              <label className="chat-phrase-default">
                <input type="radio" name={`${face}-default-greeting`} checked={defaultIndex === i} onChange={() => setDefaultIndex(i)} />
                <span className="chat-sr">{t('chatTools.defaultGreeting')}</span>
              </label>
            )}
            <input
              className="chat-phrase-input"
              value={text}
              maxLength={400}
              aria-label={t('chatTools.phraseLabel', { n: i + 1 })}
              onChange={(e) => setTexts(texts.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <button type="button" className="chat-link-btn" aria-label={t('chatTools.removeLabel', { n: i + 1 })} onClick={() => setTexts(texts.filter((_, j) => j !== i))}>
              {t('chatTools.remove')}
            </button>
          </li>
        ))}
      </ol>
      {kind === 'greeting' && <p className="chat-modal-help">{t('chatTools.defaultHint')}</p>}
      <div className="chat-phrase-actions">
        <button type="button" className="chat-tool" disabled={texts.length >= max} onClick={() => setTexts([...texts, ''])}>
          {t('chatTools.add')}
        </button>
        <button type="button" className="chat-send" onClick={() => void save()} data-testid={`chat-phrases-save-${kind}`}>
          {t('chatTools.save')}
        </button>
        {!builtIn && (
          <button type="button" className="chat-link-btn" onClick={() => void resetPhrases(face, lang, kind)}>
            {t('chatTools.reset')}
          </button>
        )}
        {problem && (
          <span className="chat-failed" role="alert">
            {problem}
          </span>
        )}
        {done && !problem && <span role="status">{t('chatTools.saved')}</span>}
      </div>
    </section>
  );
}

/** The dialog where a user edits their greetings and quick replies. */
export function PhraseManager({ face, lang, open, onClose }: { face: ChatFace; lang: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phrases = usePhrasesOf(face, lang);
  return (
    <LazyModal open={open} title={t('chatTools.phrasesTitle')} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      {phrases && (
        <>
          <PhraseList face={face} lang={lang} kind="greeting" initial={phrases.greetings} builtIn={phrases.greetingsBuiltIn} />
          <PhraseList face={face} lang={lang} kind="reply" initial={phrases.replies} builtIn={phrases.repliesBuiltIn} />
        </>
      )}
    </LazyModal>
  );
}
