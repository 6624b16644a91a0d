import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyModal } from '@/components/antd/lazy';
import type { ChatMessage } from '@/lib/api/chat';
import { chatPictureProblem } from '@/lib/core/rules';
import { THUMB_PX, thumbSize } from '@/lib/chat/picture';
import { dismiss, resend, sendPicture, type Pending } from '@/lib/chat/store';
import { formatTime } from '@/lib/format';
import { sendProblemKey } from './errors';
import './chat-picture.css';

type Picture = NonNullable<ChatMessage['picture']>;

/** A picture message: its 240 px thumbnail, which opens the full picture in a viewer (Escape or 关闭 closes it). */
export function PictureMessage({ m, picture }: { m: ChatMessage; picture: Picture }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const size = thumbSize(picture.width, picture.height);
  const alt = t(m.mine ? 'chat.picture.altMine' : 'chat.picture.altTheirs', { time: formatTime(m.createdAt, 'MM-DD HH:mm') });
  return (
    <>
      <button
        type="button"
        className="chat-picture"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('chat.picture.open', { alt })}
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        data-testid="chat-picture"
      >
        <img src={`${picture.url}?size=${THUMB_PX}`} alt={alt} width={size.width} height={size.height} loading="lazy" decoding="async" />
      </button>
      <LazyModal
        open={open}
        title={alt}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        centered
        width="auto"
        className="chat-picture-viewer"
        closable={{ 'aria-label': t('chat.picture.close') }}
      >
        <img className="chat-picture-full" src={picture.url} alt={alt} width={picture.width} height={picture.height} data-testid="chat-picture-full" />
      </LazyModal>
    </>
  );
}

/** A picture on its way: the local preview, then the server's message; a failed upload is retried (重发), a refused one says why. */
export function PendingPicture({ id, p }: { id: number; p: Pending }) {
  const { t } = useTranslation();
  return (
    <div className="chat-msg mine pending" data-testid="chat-msg-pending">
      <div className={p.state === 'sending' ? 'chat-picture chat-picture-pending sending' : 'chat-picture chat-picture-pending'}>
        {p.preview ? <img src={p.preview} alt={t('chat.picture.pendingAlt')} /> : <span>{t('chat.picture.preview')}</span>}
      </div>
      <div className="chat-meta">
        {p.state === 'sending' ? (
          <span role="status">{t('chat.picture.uploading')}</span>
        ) : (
          <>
            <span className="chat-failed" role="status">
              {p.refused === 'gone' ? t('chat.errors.NOT_FOUND') : p.refused ? t(sendProblemKey(p.refused.slice(4))) : t('chat.picture.failed')}
            </span>
            {p.refused ? (
              <button type="button" className="chat-link-btn" onClick={() => dismiss(id, p.clientId)}>
                {t('chat.picture.remove')}
              </button>
            ) : (
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

/**
 * The composer's 图片 button: a file input for pictures (`accept="image/*"`), checked here with core-wasm's rule (a JPEG,
 * PNG or GIF of at most 5 MB) before anything is sent; `onProblem` shows what is wrong, with the composer's other problems.
 */
export function PictureButton({ id, onProblem }: { id: number; onProblem: (key: string | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file can be picked again after this one.
    e.target.value = '';
    if (!file) return;
    const problem = chatPictureProblem(file.name, file.size);
    onProblem(problem ?? null);
    if (!problem) sendPicture(id, file);
  };
  return (
    <>
      <button type="button" className="chat-tool" onClick={() => input.current?.click()} data-testid="chat-picture-button">
        <svg className="chat-picture-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <circle cx="5.5" cy="6" r="1.3" fill="currentColor" />
          <path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
        </svg>{' '}
        {t('chat.picture.button')}
      </button>
      <input ref={input} className="chat-file" type="file" accept="image/*" tabIndex={-1} aria-hidden="true" onChange={picked} data-testid="chat-picture-input" />
    </>
  );
}
