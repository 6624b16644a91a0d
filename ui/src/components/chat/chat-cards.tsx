import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  answerExchange,
  askExchange,
  chatApplication,
  exchangedResumeUrl,
  setMyWechat,
  type ChatFace,
  type ChatMessage,
  type ExchangeCard,
  type ExchangeKind,
  type InterviewCard,
} from '@/lib/api/chat';
import { getResume } from '@/lib/api/get-resume';
import { answerInvitation } from '@/lib/api/interviews';
import { addMessages, refreshChats } from '@/lib/chat/store';
import { wechatIdProblem } from '@/lib/core/rules';
import { applicationPath, invitePath } from '@/components/recruit/paths';
import { chatErrorKey } from './errors';

/**
 * Chat's cards (issue 32, docs/api.md "Exchange cards"): the exchange requests (电话, 微信, 简历) with 同意 / 拒绝 for the
 * other side, the values once accepted, the interview invitations, and the composer's row that asks for them.
 */

type Side = 'candidate' | 'company';

const sideOf = (face: ChatFace): Side => (face === 'chat' ? 'candidate' : 'company');

/** The catalogue key of a request's title: 交换电话, 交换微信, 发送附件简历 (the candidate's), 索取附件简历 (the recruiter's). */
function titleKey(card: ExchangeCard): string {
  if (card.kind === 'resume') return card.asker === 'candidate' ? 'chat.ex.sendResume' : 'chat.ex.askResume';
  return card.kind === 'phone' ? 'chat.ex.phone' : 'chat.ex.wechat';
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="chat-ex-value">
      <span className="chat-ex-label">{label}</span>
      <span className="chat-ex-text" data-testid="chat-ex-value">
        {value}
      </span>
      <button type="button" className="chat-link-btn" onClick={copy} aria-label={t('chat.ex.copyLabel', { label })}>
        {t('chat.ex.copy')}
      </button>
      <span className="chat-sr" role="status">
        {copied ? t('chat.ex.copied') : ''}
      </span>
    </div>
  );
}

/** The candidate's choice of what a resume exchange sends: one of their attachments, or the online resume (0). */
function ResumeChoice({ value, onChange, name }: { value: number; onChange: (id: number) => void; name: string }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    getResume().then(
      (r) => live && setFiles((r.files.attachment ?? []).map((f) => ({ id: f.id, name: f.name || f.originalName }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <fieldset className="chat-ex-choice">
      <legend>{t('chat.ex.which')}</legend>
      <label>
        <input type="radio" name={name} checked={value === 0} onChange={() => onChange(0)} /> {t('chat.ex.online')}
      </label>
      {files.map((f) => (
        <label key={f.id}>
          <input type="radio" name={name} checked={value === f.id} onChange={() => onChange(f.id)} /> {f.name}
        </label>
      ))}
    </fieldset>
  );
}

function ExchangeValues({ card, face }: { card: ExchangeCard; face: ChatFace }) {
  const { t, i18n } = useTranslation();
  const me = sideOf(face);
  if (card.kind === 'resume') {
    const r = card.resume;
    if (!r) return null;
    const what = r.fileId ? t('chat.ex.file', { name: r.fileName }) : t('chat.ex.onlineResume');
    if (face === 'chat') return <p className="chat-ex-note">{t('chat.ex.resumeSent', { what })}</p>;
    return (
      <div className="chat-ex-links">
        <a href={exchangedResumeUrl(card.messageId, i18n.language)} data-testid="chat-ex-download">
          {t('chat.ex.download', { what })}
        </a>
        {r.applicationId && <Link to={applicationPath(r.applicationId)}>{t('chat.ex.application')}</Link>}
      </div>
    );
  }
  const mine = me === 'candidate' ? card.candidateValue : card.companyValue;
  const theirs = me === 'candidate' ? card.companyValue : card.candidateValue;
  const kind = card.kind === 'phone' ? 'phone' : 'wechat';
  return (
    <div className="chat-ex-values">
      {theirs ? <CopyValue label={t(`chat.ex.theirs.${kind}`)} value={theirs} /> : <p className="chat-ex-note">{t(`chat.ex.peerNone.${kind}`)}</p>}
      {mine ? <CopyValue label={t(`chat.ex.mine.${kind}`)} value={mine} /> : <p className="chat-ex-note">{t(`chat.ex.selfNone.${kind}`)}</p>}
    </div>
  );
}

function ExchangeCardView({ face, m, card }: { face: ChatFace; m: ChatMessage; card: ExchangeCard }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState(0);
  const asker = card.asker === sideOf(face);
  const answer = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const done = await answerExchange(face, card.messageId, accept, accept && card.kind === 'resume' && face === 'chat' ? file : undefined);
      addMessages(m.conversationId, [done.card, done.note]);
    } catch (e) {
      setError(t(chatErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`chat-ex chat-ex-${card.state}`} data-testid="chat-exchange" data-state={card.state}>
      <div className="chat-ex-title">
        <span>{t(titleKey(card))}</span>
        <span className="chat-ex-who">{t(asker ? 'chat.ex.byMe' : 'chat.ex.byPeer')}</span>
      </div>
      {card.state === 'pending' && asker && (
        <>
          {card.resume?.fileId && <p className="chat-ex-note">{t('chat.ex.file', { name: card.resume.fileName })}</p>}
          <p className="chat-ex-note" data-testid="chat-ex-waiting">
            {t('chat.ex.waiting')}
          </p>
        </>
      )}
      {card.state === 'pending' && !asker && (
        <>
          {card.kind === 'resume' && face === 'chat' && <ResumeChoice value={file} onChange={setFile} name={`chat-ex-file-${card.messageId}`} />}
          <div className="chat-ex-actions">
            <button type="button" className="chat-ex-btn primary" disabled={busy} onClick={() => void answer(true)} data-testid="chat-ex-accept">
              {t('chat.ex.accept')}
            </button>
            <button type="button" className="chat-ex-btn" disabled={busy} onClick={() => void answer(false)} data-testid="chat-ex-decline">
              {t('chat.ex.decline')}
            </button>
          </div>
        </>
      )}
      {card.state === 'accepted' && <ExchangeValues card={card} face={face} />}
      {card.state === 'declined' && <p className="chat-ex-note">{t(asker ? 'chat.ex.declinedByPeer' : 'chat.ex.declinedByMe')}</p>}
      {error && (
        <p className="chat-problem" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function InterviewCardView({ face, card }: { face: ChatFace; card: InterviewCard }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answered, setAnswered] = useState<'accepted' | 'declined' | null>(null);
  const answer = answered ?? (card.answer || null);
  const reply = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await answerInvitation(card.interviewId, accept ? 'accept' : 'decline');
      setAnswered(accept ? 'accepted' : 'declined');
      void refreshChats();
    } catch (e) {
      setError(t(chatErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  const status = card.state === 'cancelled' ? 'cancelled' : (answer ?? 'pending');
  return (
    <div className={`chat-ex chat-iv chat-ex-${status}`} data-testid="chat-interview" data-state={status}>
      <div className="chat-ex-title">
        <span>{t('chat.iv.title')}</span>
        <span className="chat-ex-who">{card.jobTitle}</span>
      </div>
      <dl className="chat-iv-facts">
        <dt>{t('chat.iv.time')}</dt>
        <dd>
          {card.start} · {t('chat.iv.minutes', { count: card.minutes })}
        </dd>
        <dt>{t('chat.iv.address')}</dt>
        <dd>{card.address}</dd>
        <dt>{t('chat.iv.contact')}</dt>
        <dd>
          {card.contact} {card.contactPhone}
        </dd>
      </dl>
      {status === 'pending' && face === 'chat' ? (
        <div className="chat-ex-actions">
          <button type="button" className="chat-ex-btn primary" disabled={busy} onClick={() => void reply(true)} data-testid="chat-iv-accept">
            {t('chat.iv.accept')}
          </button>
          <button type="button" className="chat-ex-btn" disabled={busy} onClick={() => void reply(false)} data-testid="chat-iv-decline">
            {t('chat.iv.decline')}
          </button>
        </div>
      ) : (
        <p className="chat-ex-note" data-testid="chat-iv-state">
          {t(`chat.iv.state.${status}`)}
        </p>
      )}
      {error && (
        <p className="chat-problem" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A card message (an exchange request, an interview invitation) or the note of an answer; null for any other message. */
export function CardMessage({ face, m }: { face: ChatFace; m: ChatMessage }) {
  const { t } = useTranslation();
  if (m.kind === 'exchange' && m.exchange) return <ExchangeCardView face={face} m={m} card={m.exchange} />;
  if (m.kind === 'interview' && m.interview) return <InterviewCardView face={face} card={m.interview} />;
  if (m.kind === 'system' && m.exchange) {
    const done = m.exchange.state === 'accepted' ? 'accepted' : 'declined';
    return (
      <div className="chat-note" data-testid="chat-note">
        {t(`chat.ex.note.${m.mine ? 'me' : 'peer'}.${done}`, { what: t(titleKey(m.exchange)) })}
      </div>
    );
  }
  if (m.kind === 'system' && m.handOver) {
    const h = m.handOver;
    const values = { job: h.jobTitle, name: h.memberName };
    return (
      <div className="chat-note" data-testid="chat-handover">
        {t(h.continuedIn ? 'chat.handOverContinued' : 'chat.handOver', values)}
      </div>
    );
  }
  if (m.kind === 'system' && m.interview) {
    return (
      <div className="chat-note" data-testid="chat-note">
        {t(m.interview.answer === 'accepted' ? `chat.iv.note.${m.mine ? 'me' : 'peer'}.accepted` : `chat.iv.note.${m.mine ? 'me' : 'peer'}.declined`)}
      </div>
    );
  }
  return null;
}

/** Whether a message shows as a card (CardMessage) rather than a bubble. */
export function isCard(m: ChatMessage): boolean {
  return (m.kind === 'exchange' && !!m.exchange) || (m.kind === 'interview' && !!m.interview) || (m.kind === 'system' && !!(m.exchange || m.interview || m.handOver));
}

/** The lists' preview of a card, in the reader's language. */
export function cardPreview(kind: string, t: (k: string) => string): string | null {
  if (kind === 'exchange') return t('chat.ex.preview');
  if (kind === 'interview') return t('chat.iv.preview');
  if (kind === 'picture') return t('chat.picture.preview');
  return null;
}

/** The composer's row: 交换电话, 交换微信, 发送简历 (candidate) or 求简历 and 约面试 (recruiter). */
export function ExchangeTools({ face, id }: { face: ChatFace; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [wechatForm, setWechatForm] = useState(false);
  const [wechat, setWechat] = useState('');
  const [wechatProblem, setWechatProblem] = useState<string | null>(null);
  const [resumeForm, setResumeForm] = useState(false);
  const [file, setFile] = useState(0);

  const ask = async (kind: ExchangeKind, fileId?: number) => {
    setBusy(true);
    setMessage(null);
    try {
      addMessages(id, [await askExchange(face, id, kind, fileId)]);
      setResumeForm(false);
    } catch (e) {
      if ((e as { code?: unknown }).code === 'CHAT_WECHAT_MISSING') setWechatForm(true);
      setMessage(t(chatErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  const saveWechat = async () => {
    const p = wechatIdProblem(wechat) ?? (wechat.trim() === '' ? 'chat.wechatIdBad' : undefined);
    if (p) {
      setWechatProblem(p);
      return;
    }
    try {
      await setMyWechat(face, wechat.trim());
      setWechatForm(false);
      setWechatProblem(null);
      await ask('wechat');
    } catch (e) {
      setWechatProblem(chatErrorKey(e));
    }
  };

  const invite = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const applyId = await chatApplication(id);
      if (applyId === null) setMessage(t('chat.iv.needResume'));
      else void navigate(`${invitePath(applyId)}&chat=${id}`);
    } catch (e) {
      setMessage(t(chatErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-ex-tools" role="group" aria-label={t('chat.ex.tools')}>
      <button type="button" className="chat-tool" disabled={busy} onClick={() => void ask('phone')} data-testid="chat-ask-phone">
        {t('chat.ex.askPhone')}
      </button>
      <button type="button" className="chat-tool" disabled={busy} onClick={() => void ask('wechat')} data-testid="chat-ask-wechat">
        {t('chat.ex.askWechat')}
      </button>
      {face === 'chat' ? (
        <button type="button" className="chat-tool" disabled={busy} aria-expanded={resumeForm} onClick={() => setResumeForm(!resumeForm)} data-testid="chat-send-resume">
          {t('chat.ex.sendResumeBtn')}
        </button>
      ) : (
        <>
          <button type="button" className="chat-tool" disabled={busy} onClick={() => void ask('resume')} data-testid="chat-ask-resume">
            {t('chat.ex.askResumeBtn')}
          </button>
          <button type="button" className="chat-tool" disabled={busy} onClick={() => void invite()} data-testid="chat-invite">
            {t('chat.iv.invite')}
          </button>
        </>
      )}
      {resumeForm && (
        <div className="chat-ex-form">
          <ResumeChoice value={file} onChange={setFile} name={`chat-send-file-${id}`} />
          <button type="button" className="chat-ex-btn primary" disabled={busy} onClick={() => void ask('resume', file || undefined)} data-testid="chat-send-resume-go">
            {t('chat.ex.sendIt')}
          </button>
        </div>
      )}
      {wechatForm && (
        <form
          className="chat-ex-form"
          onSubmit={(e) => {
            e.preventDefault();
            void saveWechat();
          }}
        >
          <label htmlFor={`chat-wechat-${id}`}>{t('chat.ex.myWechat')}</label>
          <input
            id={`chat-wechat-${id}`}
            className="chat-search"
            value={wechat}
            onChange={(e) => {
              setWechat(e.target.value);
              setWechatProblem(null);
            }}
            aria-invalid={wechatProblem ? true : undefined}
            aria-describedby={wechatProblem ? `chat-wechat-problem-${id}` : undefined}
          />
          <button type="submit" className="chat-ex-btn primary">
            {t('chat.ex.saveWechat')}
          </button>
          {wechatProblem && (
            <span className="chat-problem" id={`chat-wechat-problem-${id}`} role="alert">
              {t(wechatProblem)}
            </span>
          )}
        </form>
      )}
      {message && (
        <p className="chat-problem" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
