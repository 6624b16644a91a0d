import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { chatQuota, quotaResetsAt, type ChatFace, type ChatQuota } from '@/lib/api/chat';
import { formatTime } from '@/lib/format';
import { useServerData, type ServerData } from '@/lib/use-server-data';
import { chatErrorKey } from './errors';
import './chat-quota.css';

/**
 * Chat's daily quota of new conversations (docs/api.md "Daily quotas"), where a conversation starts: the job
 * page's 立即沟通 (desktop and /m) and the recruiter's 打招呼. `face` null (nobody to ask for) fetches nothing.
 */
export function useChatQuota(face: ChatFace | null): ServerData<ChatQuota | null> {
  return useServerData(() => (face ? chatQuota(face) : Promise.resolve(null)), [face]);
}

/** When the day's count starts again, in Beijing time as the quota counts days: "11月29日 00:00" / "2026-11-29 00:00". */
export function resetTime(at: number): string {
  return formatTime(at, currentLanguage() === 'en-US' ? 'YYYY-MM-DD HH:mm' : 'M月D日 HH:mm');
}

/** A failed start's words: CHAT_QUOTA says when the count resets; the rest as the chat words them. */
export function chatStartErrorText(t: TFunction, error: unknown): string {
  const at = quotaResetsAt(error);
  return at === null ? t(chatErrorKey(error)) : t('chat.errors.CHAT_QUOTA', { time: resetTime(at) });
}

/** "今日还可发起 N 次沟通", or once none are left when they come back; nothing before the answer. */
export function ChatQuotaNote({ quota, className = '' }: { quota: ChatQuota | null | undefined; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={`chat-quota ${quota && quota.remaining === 0 ? 'chat-quota-none' : ''} ${className}`} aria-live="polite" data-testid="chat-quota">
      {quota ? (quota.remaining > 0 ? t('chat.quota.left', { count: quota.remaining }) : t('chat.quota.none', { time: resetTime(quota.resetsAt) })) : ''}
    </p>
  );
}
