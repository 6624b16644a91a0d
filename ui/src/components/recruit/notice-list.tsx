import { Tag } from 'antd';
import type { DependencyList } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerData } from '@/lib/use-server-data';
import { listNotices } from './api/notices';
import { noticeEventKey } from './format';

/**
 * The outbox's notices of one event prefix (`interview:ID:`, `apply:ID:`) with their delivery state, asked
 * again when `refetchOn` changes (a new interview time, a move that queued a notice).
 */
export function NoticeList({ event, refetchOn, level = 3, className = 'rc-notices' }: { event: string; refetchOn: DependencyList; level?: 2 | 3; className?: string }) {
  const { t } = useTranslation();
  const notices = useServerData(() => listNotices(event), [event], { refetchOn });
  const rows = notices.data?.list ?? [];
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={className} data-testid={event.startsWith('interview:') ? 'interview-notices' : 'application-notices'}>
      <Heading className={level === 2 ? 'rc-side-title' : undefined}>{t('recruit.notices.title')}</Heading>
      {rows.length === 0 ? (
        <p>{t('recruit.notices.empty')}</p>
      ) : (
        <ul>
          {rows.map((n) => (
            <li key={n.id}>
              <Tag>{t(`recruit.notices.channel.${n.channel}`)}</Tag>
              <span>{n.recipient}</span> <span className="rc-notice-event">{t(noticeEventKey(n.eventKey))}</span>{' '}
              <Tag color={n.state === 'sent' ? 'green' : n.state === 'failed' ? 'red' : undefined} data-testid="notice-state">
                {t(`recruit.notices.state.${n.state}`)}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
