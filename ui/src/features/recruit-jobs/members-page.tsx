import { Alert, App, Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerCatalogue } from '@/i18n';
import { answered } from '@/lib/call-errors';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { useRecruiter } from '@/components/recruit/store';
import { handOverAll, listMembers, type ChatMemberItem } from './api/handover';
import { HandOverDialog, handedText } from './hand-over';
import recruitJobsCatalogue from './i18n';

registerCatalogue(recruitJobsCatalogue);

/**
 * /recruit/members: the company's owners and HR members, who answer candidates' chats, with the jobs each answers. An
 * owner hands every job and conversation of a member (one who leaves) to another (转交全部职位).
 */
export default function MembersPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.members'));
  const { message } = App.useApp();
  const owner = useRecruiter((s) => s.member?.role === 'owner');
  const members = useServerData(() => listMembers(), []);
  const [from, setFrom] = useState<ChatMemberItem | null>(null);
  const list = members.data?.list ?? [];

  const columns: TableColumnsType<ChatMemberItem> = [
    {
      title: t('recruit.members.col.name'),
      key: 'name',
      render: (_, m) => (
        <div>
          <strong>{m.name}</strong>
          {m.title && <div className="rc-muted">{m.title}</div>}
        </div>
      ),
    },
    { title: t('recruit.members.col.role'), key: 'role', render: (_, m) => t(`recruit.handover.role.${m.role}`) },
    {
      title: t('recruit.members.col.state'),
      key: 'state',
      render: (_, m) => (m.disabled ? <Tag>{t('recruit.members.disabled')}</Tag> : <Tag color="success">{t('recruit.members.active')}</Tag>),
    },
    {
      title: t('recruit.members.col.jobs'),
      key: 'jobs',
      render: (_, m) => <span data-testid="member-jobs">{m.jobs.length}</span>,
    },
    ...(owner
      ? [
          {
            title: t('recruit.jobs.col.actions'),
            key: 'actions',
            render: (_: unknown, m: ChatMemberItem) => (
              <Button size="small" onClick={() => setFrom(m)} aria-label={t('recruit.members.handAllLabel', { name: m.name })} data-testid="handover-all">
                {t('recruit.members.handAll')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="rc-page" data-testid="members-page">
      <PageHead title={t('recruit.title.members')} />
      <section className="rc-card" aria-label={t('recruit.title.members')}>
        <p className="rc-muted">{t(owner ? 'recruit.members.introOwner' : 'recruit.members.intro')}</p>
        {members.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(members.error))} />}
        <Table<ChatMemberItem>
          rowKey="id"
          data-testid="members-table"
          columns={columns}
          dataSource={list}
          loading={members.status === 'loading'}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={() => ({ 'data-testid': 'member-row' }) as object}
        />
      </section>
      <HandOverDialog
        open={from !== null}
        title={t('recruit.members.handAllTitle', { name: from?.name ?? '' })}
        intro={t('recruit.members.handAllIntro', { name: from?.name ?? '', count: from?.jobs.length ?? 0 })}
        members={list}
        exclude={from?.id ?? null}
        onClose={() => setFrom(null)}
        onHand={async (memberId) => {
          const done = answered(await handOverAll((from as ChatMemberItem).id, memberId));
          message.success(handedText(done, list.find((m) => m.id === memberId)?.name ?? '', t));
          setFrom(null);
          members.reload('quiet');
          return done;
        }}
      />
    </div>
  );
}
