import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '@/components/ui/page-card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ResumeSummary } from './components/resume-summary';

/** /my/edit and /my/preview: the resume summary from the user record, with the way back. */
function ResumePage({ mode }: { mode: 'edit' | 'preview' }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const other = mode === 'edit' ? { to: paths.my.preview, label: t('resume.preview') } : { to: paths.my.edit, label: t('resume.edit') };
  return (
    <div className="container standalone">
      <PageCard title={t(mode === 'edit' ? 'title.edit' : 'title.preview')}>
        <h2 className="section-title">{t('resume.summary')}</h2>
        <ResumeSummary user={user} />
        <Space wrap className="resume-actions">
          <Link to={paths.my.root}>
            <Button>{t('resume.backToCentre')}</Button>
          </Link>
          <Link to={other.to}>
            <Button type="primary">{other.label}</Button>
          </Link>
          {user?.url && (
            <a href={user.url}>
              <Button type="link">{t('resume.openResume')}</Button>
            </a>
          )}
        </Space>
      </PageCard>
    </div>
  );
}

export function ResumeEditPage() {
  return <ResumePage mode="edit" />;
}

export function ResumePreviewPage() {
  return <ResumePage mode="preview" />;
}
