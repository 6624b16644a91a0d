import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyModal } from '@/components/antd/lazy';
import { reportChat, setChatBlocked, type ChatFace, type Conversation } from '@/lib/api/chat';
import { chatReportDetailMax, chatReportProblem, chatReportReasons } from '@/lib/core/rules';
import { refreshChats } from '@/lib/chat/store';
// The strings are in report-i18n.ts, laid into the chat's catalogue (i18n.ts), which chat-view registers.
import './chat-report.css';

/** The words of a report's problem: core-wasm's keys (`chat.reportDetailTooLong`) or an error code. */
function problemText(key: string, t: (key: string, values?: Record<string, unknown>) => string): string {
  const name = key.split('.').pop() ?? '';
  if (['reportReasonUnknown', 'reportDetailTooLong', 'CHAT_REPORT_NOTHING'].includes(name)) return t(`chatReport.problems.${name}`, { max: chatReportDetailMax() });
  return t('chatReport.failed');
}

/**
 * The thread head's 更多 menu (a disclosure: a button and the actions it shows): 拉黑 / 取消拉黑, each after a
 * confirm, and 举报, which opens the report form. The same on /my, /recruit and /m.
 */
export function ThreadMenu({ face, conversation }: { face: ChatFace; conversation: Conversation | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<'block' | 'unblock' | 'report' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const away = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  if (!conversation) return null;
  const id = conversation.conversationId;
  const byMe = conversation.blocked === 'byMe';
  const pick = (what: 'block' | 'unblock' | 'report') => {
    setOpen(false);
    setFailed(false);
    setDone(false);
    setAsking(what);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };
  const block = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      await setChatBlocked(face, id, on);
      await refreshChats();
      setAsking(null);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chat-more" ref={wrap} onKeyDown={onKey}>
      {byMe && (
        <span className="chat-blocked-tag" data-testid="chat-blocked-tag">
          {t('chatReport.blockedTag')}
        </span>
      )}
      <button
        ref={button}
        type="button"
        className="chat-tool chat-more-btn"
        aria-expanded={open}
        aria-controls={`chat-more-${id}`}
        aria-label={t('chatReport.moreLabel')}
        onClick={() => setOpen(!open)}
        data-testid="chat-more"
      >
        {t('chatReport.more')} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="chat-more-list" id={`chat-more-${id}`}>
          <li>
            <button type="button" className="chat-more-item" onClick={() => pick(byMe ? 'unblock' : 'block')} data-testid={byMe ? 'chat-unblock' : 'chat-block'}>
              {t(byMe ? 'chatReport.unblock' : 'chatReport.block')}
            </button>
          </li>
          <li>
            <button type="button" className="chat-more-item" onClick={() => pick('report')} data-testid="chat-report">
              {t('chatReport.report')}
            </button>
          </li>
        </ul>
      )}
      {done && (
        <span className="chat-reported" role="status">
          {t('chatReport.reported')}
        </span>
      )}
      <LazyModal
        open={asking === 'block' || asking === 'unblock'}
        title={t(asking === 'unblock' ? 'chatReport.unblockTitle' : 'chatReport.blockTitle')}
        okText={t(asking === 'unblock' ? 'chatReport.unblockConfirm' : 'chatReport.blockConfirm')}
        cancelText={t('chatReport.cancel')}
        okButtonProps={{ danger: asking === 'block', loading: busy, className: 'chat-block-ok' }}
        onOk={() => void block(asking === 'block')}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <p className="chat-modal-help">{t(asking === 'unblock' ? 'chatReport.unblockHelp' : 'chatReport.blockHelp')}</p>
        {failed && (
          <p className="chat-failed" role="alert">
            {t('chatReport.failed')}
          </p>
        )}
      </LazyModal>
      {asking === 'report' && (
        <ReportForm
          face={face}
          id={id}
          onClose={(sent) => {
            setAsking(null);
            setDone(sent);
            button.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** 举报's form: the reason (radios, core-wasm's list), an optional detail, submit. */
function ReportForm({ face, id, onClose }: { face: ChatFace; id: number; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = chatReportDetailMax();
  const submit = async () => {
    const p = chatReportProblem(reason, detail);
    if (p) {
      setProblem(p);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await reportChat(face, id, reason, detail.trim());
      onClose(true);
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? '');
      const message = String((e as { message?: unknown }).message ?? '');
      setProblem(code === 'BAD_INPUT' ? (message.split(': ')[1] ?? 'failed') : code || 'failed');
    } finally {
      setBusy(false);
    }
  };
  const count = [...detail.trim()].length;
  return (
    <LazyModal
      open
      title={t('chatReport.reportTitle')}
      okText={t('chatReport.submit')}
      cancelText={t('chatReport.cancel')}
      okButtonProps={{ disabled: !reason, loading: busy, danger: true, className: 'chat-report-ok' }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p className="chat-modal-help">{t('chatReport.reportHelp')}</p>
      <fieldset className="chat-reasons" data-testid="chat-report-reasons">
        <legend>{t('chatReport.reason')}</legend>
        {chatReportReasons().map((code) => (
          <label key={code} className="chat-reason">
            <input type="radio" name={`report-${id}`} value={code} checked={reason === code} onChange={() => setReason(code)} />
            {t(`chatReport.reasons.${code}`)}
          </label>
        ))}
      </fieldset>
      <label className="chat-report-detail">
        <span>{t('chatReport.detail')}</span>
        <textarea
          value={detail}
          rows={3}
          onChange={(e) => {
            setDetail(e.target.value);
            setProblem(null);
          }}
          aria-invalid={count > max ? true : undefined}
          aria-describedby={`chat-report-count-${id}`}
          data-testid="chat-report-detail"
        />
      </label>
      <span className={count > max ? 'chat-report-count over' : 'chat-report-count'} id={`chat-report-count-${id}`}>
        {t('chatReport.detailCount', { count, max })}
      </span>
      {problem && (
        <p className="chat-failed" role="alert">
          {problemText(problem, t)}
        </p>
      )}
    </LazyModal>
  );
}

/** Where the composer stood, in a blocked conversation: 已拉黑 with 取消拉黑 for the blocker; for the other side only "对方暂时无法接收消息". */
export function BlockedBar({ face, conversation }: { face: ChatFace; conversation: Conversation }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const byMe = conversation.blocked === 'byMe';
  return (
    <div className="chat-blocked-bar" role="status" data-testid="chat-blocked-bar">
      <span>{t(byMe ? 'chatReport.blockedByMe' : 'chatReport.blockedByPeer')}</span>
      {byMe && (
        <button
          type="button"
          className="chat-link-btn"
          disabled={busy}
          data-testid="chat-blocked-unblock"
          onClick={async () => {
            setBusy(true);
            setFailed(false);
            try {
              await setChatBlocked(face, conversation.conversationId, false);
              await refreshChats();
            } catch {
              setFailed(true);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('chatReport.unblock')}
        </button>
      )}
      {failed && <span className="chat-failed">{t('chatReport.failed')}</span>}
    </div>
  );
}
