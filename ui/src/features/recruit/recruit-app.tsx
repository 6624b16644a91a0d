import { Button, ConfigProvider, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useRoutes, useSearchParams } from 'react-router';
import { registerCatalogue } from '@/i18n';
import { inLandmark } from '@/components/antd/in-landmark';
import authFormCatalogue from '@/components/auth-form/i18n';
import { RecruitLayout } from './components/recruit-layout';
import recruitCatalogue from './i18n';
import InterviewersPage from './pages/interviewers-page';
import InterviewsPage from './pages/interviews-page';
import TemplatesPage from './pages/templates-page';
import AccountPage from './pages/account-page';
import AssessmentsPage from './pages/assessments-page';
import PlanPage from './pages/plan-page';
import ApplicationPage from './pages/application-page';
import CandidatesPage from './pages/candidates-page';
import CompanyPage from './pages/company-page';
import JobFormPage from './pages/job-form-page';
import JobsPage from './pages/jobs-page';
import LoginPage from './pages/login-page';
import InvitePage from './pages/invite-page';
import RegisterPage from './pages/register-page';
import ResumePage from './pages/resume-page';
import SearchPage from './pages/search-page';
import { loginPath, recruitPaths } from './paths';
import TalentDetailPage from './talent/detail-page';
import TalentListPage from './talent/list-page';
import TalentUploadPage from './talent/upload-page';

// The funnel page draws with ECharts: fetched only when it is opened.
const FunnelPage = lazy(() => import('./pages/funnel-page'));
import './recruit.css';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitCatalogue);

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
        { path: 'search', element: <SearchPage /> },
        { path: 'company', element: <CompanyPage /> },
        { path: 'account', element: <AccountPage /> },
        { path: 'calendar', element: <InterviewsPage /> },
        { path: 'calendar/interview/:interviewId/resume', element: <ResumePage source="interview" /> },
        { path: 'template', element: <TemplatesPage /> },
        { path: 'interviewer', element: <InterviewersPage /> },
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
