import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@/lib/core';
import { maskMobile } from '@/lib/core';

function shown(v: unknown): string {
  return v === null || v === undefined || v === '' || v === 0 ? '' : String(v);
}

/** What the user record tells about the resume. */
export function ResumeSummary({ user }: { user: User | null }) {
  const { t } = useTranslation();
  if (!user) return <Empty description={t('resume.noResume')} />;
  const resumeId = shown(user.resumeId);
  const dash = <span className="muted">{t('resume.notSet')}</span>;
  return (
    <>
      <Descriptions column={1} size="middle" bordered className="resume-summary">
        <Descriptions.Item label={t('resume.name')}>{user.name || dash}</Descriptions.Item>
        <Descriptions.Item label={t('resume.mobile')}>{user.mobile ? maskMobile(user.mobile) : dash}</Descriptions.Item>
        <Descriptions.Item label={t('resume.resumeId')}>{resumeId || dash}</Descriptions.Item>
      </Descriptions>
      {!resumeId && <Empty className="resume-empty" description={t('resume.noResume')} />}
    </>
  );
}
