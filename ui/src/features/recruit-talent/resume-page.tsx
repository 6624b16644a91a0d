import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { ResumeDocument } from '@/components/resume-view/resume-document';
import { PageHead } from '@/components/recruit/recruit-layout';
import { forCompany, ResumeFiles } from '@/components/recruit/resume-files';
import { errorKey } from '@/components/recruit/errors';
import { recruitPaths } from '@/components/recruit/paths';
import { getInterviewResume, getResume, interviewFileUrl } from './api/resume';
import talentCatalogue from './i18n';

registerCatalogue(talentCatalogue);

/**
 * /recruit/comresume/resume/:resumeId: a resume found by the search (`/comresume/resume`), when the company may see it;
 * with `source="interview"`, /recruit/calendar/interview/:interviewId/resume: the interview's candidate, for its
 * interviewers (`/cominterview/resume`, files through the interview).
 */
export default function ResumePage({ source = 'search' }: { source?: 'search' | 'interview' }) {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.resume'));
  const navigate = useNavigate();
  const params = useParams();
  const fromInterview = source === 'interview';
  const id = Number(fromInterview ? params.interviewId : params.resumeId);
  const fileUrl = fromInterview ? (file: number) => interviewFileUrl(id, file) : undefined;
  // The search result's name, for a resume whose basics hold none.
  const state: unknown = useLocation().state;
  const name = state && typeof state === 'object' && typeof (state as { name?: unknown }).name === 'string' ? (state as { name: string }).name : undefined;
  const resume = useServerData(() => (fromInterview ? getInterviewResume(id) : getResume(id)), [id, fromInterview]);
  return (
    <div className="rc-page" data-testid="resume-page">
      <PageHead
        title={t('recruit.title.resume')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(fromInterview ? recruitPaths.interviews : recruitPaths.search))}>
            {t('recruit.common.back')}
          </Button>
        }
      />
      <div className="rc-card">
        {resume.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(resume.error))} />}
        {resume.status === 'loading' && <Skeleton active avatar paragraph={{ rows: 10 }} />}
        {resume.data && (
          <>
            <ResumeDocument resume={forCompany(resume.data, fileUrl)} fallbackName={name} />
            <ResumeFiles resume={resume.data} fileUrl={fileUrl} />
          </>
        )}
      </div>
    </div>
  );
}
