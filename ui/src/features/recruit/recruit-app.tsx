import { Button, ConfigProvider, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { registerCatalogue } from '@/i18n';
import authFormCatalogue from '@/components/auth-form/i18n';
import { RecruitLayout } from './components/recruit-layout';
import recruitCatalogue from './i18n';
import AccountPage from './pages/account-page';
import ApplicationPage from './pages/application-page';
import CandidatesPage from './pages/candidates-page';
import CompanyPage from './pages/company-page';
import JobFormPage from './pages/job-form-page';
import JobsPage from './pages/jobs-page';
import LoginPage from './pages/login-page';
import RegisterPage from './pages/register-page';
import ResumePage from './pages/resume-page';
import SearchPage from './pages/search-page';
import { loginPath, recruitPaths } from './paths';
import './recruit.css';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitCatalogue);

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
  return <Navigate to={loginPath(path || undefined)} replace />;
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('recruit.notFound')}
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
  },
};

/**
 * The recruiter site under /recruit/: its own routes (the app's router mounts this module lazily at
 * `recruit/*`, so none of it is in the candidate pages' first load), its own layout and guard.
 */
export default function RecruitApp() {
  return (
    <ConfigProvider theme={THEME}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="login/bridge" element={<Bridge />} />
        <Route path="register" element={<RegisterPage />} />
        <Route element={<RecruitLayout />}>
          <Route index element={<Navigate to={recruitPaths.jobs} replace />} />
          <Route path="job" element={<JobsPage />} />
          <Route path="job/new" element={<JobFormPage key="new" />} />
          <Route path="job/:id/edit" element={<JobFormPage key="edit" />} />
          <Route path="comresume/applyresume" element={<CandidatesPage />} />
          <Route path="comresume/detail/:applyId" element={<ApplicationPage />} />
          <Route path="comresume/resume/:resumeId" element={<ResumePage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="company" element={<CompanyPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </ConfigProvider>
  );
}
