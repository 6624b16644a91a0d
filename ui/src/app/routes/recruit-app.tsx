import { Button, ConfigProvider, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useRoutes, useSearchParams } from 'react-router';
import { inLandmark } from '@/components/antd/in-landmark';
import InterviewersPage from '@/features/recruit-interviews/interviewers-page';
import InterviewsPage from '@/features/recruit-interviews/interviews-page';
import TemplatesPage from '@/features/recruit-interviews/templates-page';
import AccountPage from '@/features/recruit-account/account-page';
import AssessmentsPage from '@/features/recruit-interviews/assessments-page';
import PlanPage from '@/features/recruit-company/plan-page';
import ApplicationPage from '@/features/recruit-pipeline/application-page';
import CandidatesPage from '@/features/recruit-pipeline/candidates-page';
import CompanyPage from '@/features/recruit-company/company-page';
import JobFormPage from '@/features/recruit-jobs/job-form-page';
import JobsPage from '@/features/recruit-jobs/jobs-page';
import MembersPage from '@/features/recruit-jobs/members-page';
import LoginPage from '@/features/recruit-account/login-page';
import InvitePage from '@/features/recruit-account/invite-page';
import RegisterPage from '@/features/recruit-account/register-page';
import ResumePage from '@/features/recruit-talent/resume-page';
import RecruitChatPage from '@/features/chat/recruit-chat-page';
import SearchPage from '@/features/recruit-talent/search-page';
import TalentDetailPage from '@/features/recruit-talent/detail-page';
import TalentListPage from '@/features/recruit-talent/list-page';
import TalentUploadPage from '@/features/recruit-talent/upload-page';
import { RecruitLayout } from '@/components/recruit/recruit-layout';
import { loginPath, recruitPaths } from '@/components/recruit/paths';

// The funnel page draws with ECharts: fetched only when it is opened.
const FunnelPage = lazy(() => import('@/features/recruit-pipeline/funnel-page'));

/**
 * Goes to `to` in place of this address. (react-router's Navigate and Routes would bring code the candidate
 * pages' first load had tree-shaken away; useRoutes and useNavigate are in it already.)
 */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** `/recruit/login/bridge?returnurl=`: where the zgzx header sends a company user without a session. */
function Bridge() {
  const [params] = useSearchParams();
  const target = params.get('returnurl') ?? params.get('returnUrl') ?? '';
  let path = '';
  try {
    const u = new URL(target, window.location.origin);
    if (u.origin === window.location.origin) path = u.pathname + u.search;
  } catch {
    // not an address: log in and go to the positions
  }
  return <GoTo to={loginPath(path || undefined)} />;
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 className="rc-result-title">{t('recruit.notFound')}</h1>}
      extra={
        <Button type="primary" onClick={() => navigate(recruitPaths.jobs)}>
          {t('recruit.menu.jobs')}
        </Button>
      }
    />
  );
}

/** antd's grey texts and red, darkened to WCAG AA contrast on white (the recruiter pages pass axe-core). */
const THEME = {
  token: {
    colorTextDescription: '#5c626b',
    colorTextTertiary: '#5c626b',
    colorTextPlaceholder: '#6b7079',
    colorTextQuaternary: '#6b7079',
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
  },
};

/**
 * The recruiter site under /recruit/: its own routes (the app's router mounts this module lazily at
 * `recruit/*`, so none of it is in the candidate pages' first load), its own layout and guard.
 */
export default function RecruitApp() {
  const page = useRoutes([
    { path: 'login', element: <LoginPage /> },
    { path: 'login/bridge', element: <Bridge /> },
    { path: 'register', element: <RegisterPage /> },
    { path: 'invite/:token', element: <InvitePage /> },
    {
      element: <RecruitLayout />,
      children: [
        { index: true, element: <GoTo to={recruitPaths.jobs} /> },
        { path: 'job', element: <JobsPage /> },
        { path: 'job/new', element: <JobFormPage key="new" /> },
        { path: 'job/:id/edit', element: <JobFormPage key="edit" /> },
        { path: 'comresume/applyresume', element: <CandidatesPage /> },
        { path: 'comresume/detail/:applyId', element: <ApplicationPage /> },
        { path: 'comresume/resume/:resumeId', element: <ResumePage /> },
        { path: 'chat', element: <RecruitChatPage /> },
        { path: 'search', element: <SearchPage /> },
        { path: 'company', element: <CompanyPage /> },
        { path: 'account', element: <AccountPage /> },
        { path: 'calendar', element: <InterviewsPage /> },
        { path: 'calendar/interview/:interviewId/resume', element: <ResumePage source="interview" /> },
        { path: 'template', element: <TemplatesPage /> },
        { path: 'interviewer', element: <InterviewersPage /> },
        { path: 'members', element: <MembersPage /> },
        { path: 'assessments', element: <AssessmentsPage /> },
        { path: 'plan', element: <PlanPage /> },
        // The talent pool (issue 17).
        { path: 'talent', element: <TalentListPage /> },
        { path: 'talent/upload', element: <TalentUploadPage /> },
        { path: 'talent/:id', element: <TalentDetailPage /> },
        {
          path: 'funnel',
          element: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <FunnelPage />
            </Suspense>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
  // Popups (menus, confirmations, a select's options) are drawn inside their trigger's landmark.
  return (
    <ConfigProvider theme={THEME} getPopupContainer={inLandmark}>
      {page}
    </ConfigProvider>
  );
}
