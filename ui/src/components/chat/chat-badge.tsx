import { useTranslation } from 'react-i18next';
import type { ChatFace } from '@/lib/api/chat';
import { useChat, useChatFeed } from '@/lib/chat/store';
import './chat-badge.css';

/**
 * The unread count of a header's 消息/沟通 entry, from the server's counts (the socket's `unread` or the list's),
 * (its strings are the site's, `chatBadge.*`: it is in every header, before any feature's catalogue)
 * and (`live`: one per page) the polite live region that announces a new message from the other side. `face` null (nobody logged in)
 * draws nothing and starts nothing.
 */
export function ChatBadge({ face, className = '', live = false }: { face: ChatFace | null; className?: string; live?: boolean }) {
  const { t } = useTranslation();
  useChatFeed(face);
  const unread = useChat((s) => (s.face === face ? s.unread : 0));
  const announce = useChat((s) => s.announce);
  if (!face) return null;
  return (
    <>
      {unread > 0 && (
        <span className={`chat-badge ${className}`} data-testid="chat-badge">
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="chat-sr">{t('chatBadge.unread', { count: unread })}</span>
        </span>
      )}
      {live && (
        <span className="chat-sr" aria-live="polite">
          {announce ? (announce.picture !== undefined ? t('chatBadge.newPicture', { name: announce.picture }) : t('chatBadge.newMessage', { text: announce.text })) : ''}
        </span>
      )}
    </>
  );
}
