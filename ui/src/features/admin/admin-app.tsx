import {
  AuditOutlined,
  DashboardOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
  FileSearchOutlined,
  BankOutlined,
  GiftOutlined,
  LineChartOutlined,
  AccountBookOutlined,
} from '@ant-design/icons';
import { App, Button, ConfigProvider, Layout, Menu, Result, Skeleton, Spin, Tag } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useRoutes } from 'react-router';
import { inLandmark } from '@/components/antd/in-landmark';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { registerCatalogue } from '@/i18n';
import { notRepeated } from '@/lib/call-errors';
import { can, getMe, logout, type Power } from './api';
import adminCatalogue from './i18n';
import AdminsPage from './pages/admins-page';
import AuditPage from './pages/audit-page';
import BlackWordsPage from './pages/black-words-page';
import HeldJobsPage from './pages/held-jobs-page';
import CompaniesPage from './pages/companies-page';
import TrialsPage from './pages/trials-page';
import OrdersPage from './pages/orders-page';
import DashboardPage from './pages/dashboard-page';
import LoginPage from './pages/login-page';
import ReportsPage from './pages/reports-page';
import UsersPage from './pages/users-page';
import { useAdmin } from './store';
import './admin.css';

registerCatalogue(adminCatalogue);

// The statistics page draws with ECharts: fetched only when it is opened.
const StatisticsPage = lazy(() => import('./pages/statistics-page'));

const MENU: { key: string; path: string; icon: ReactNode; power?: Power }[] = [
  { key: 'dashboard', path: '/admin', icon: <DashboardOutlined /> },
  { key: 'statistics', path: '/admin/statistics', icon: <LineChartOutlined /> },
  { key: 'users', path: '/admin/users', icon: <UserOutlined />, power: 'users' },
  { key: 'companies', path: '/admin/companies', icon: <BankOutlined />, power: 'companies' },
  { key: 'trials', path: '/admin/trials', icon: <GiftOutlined />, power: 'companies' },
  { key: 'orders', path: '/admin/orders', icon: <AccountBookOutlined />, power: 'orders' },
  { key: 'reports', path: '/admin/reports', icon: <WarningOutlined />, power: 'reports' },
  { key: 'heldJobs', path: '/admin/held-jobs', icon: <FileSearchOutlined />, power: 'reports' },
  { key: 'blackWords', path: '/admin/black-words', icon: <StopOutlined />, power: 'blackWords' },
  { key: 'audit', path: '/admin/audit', icon: <AuditOutlined />, power: 'audit' },
  { key: 'admins', path: '/admin/admins', icon: <TeamOutlined />, power: 'admins' },
];

/** The guard: asks `/admin/me` on entry and at every navigation; without an admin session, /admin/login. */
function useAdminGuard(): 'checking' | 'in' | 'failed' {
  const location = useLocation();
  const navigate = useNavigate();
  const admin = useAdmin((s) => s.admin);
  const setAdmin = useAdmin((s) => s.setAdmin);
  const [state, setState] = useState<'checking' | 'in' | 'failed'>(admin ? 'in' : 'checking');
  const here = location.pathname + location.search;

  useEffect(() => {
    let live = true;
    notRepeated(getMe).then(
      (a) => {
        if (!live) return;
        setAdmin(a);
        if (a) setState('in');
        else navigate(`/admin/login?returnUrl=${encodeURIComponent(here)}`, { replace: true });
      },
      () => {
        if (live) setState((s) => (s === 'checking' ? 'failed' : s));
      },
    );
    return () => {
      live = false;
    };
  }, [location.key, here, navigate, setAdmin]);

  return admin ? 'in' : state === 'in' ? 'checking' : state;
}

function AdminLayout() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useAdminGuard();
  const admin = useAdmin((s) => s.admin);
  const setAdmin = useAdmin((s) => s.setAdmin);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // On a phone the menu is a row that scrolls sideways: the page's own item is brought into sight.
  const side = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = side.current?.querySelector<HTMLElement>('.ant-menu');
    const active = box?.querySelector<HTMLElement>('.ant-menu-item-selected');
    if (!box || !active || box.scrollWidth <= box.clientWidth) return;
    const [b, a] = [box.getBoundingClientRect(), active.getBoundingClientRect()];
    box.scrollLeft += a.left + a.width / 2 - (b.left + b.width / 2);
  }, [pathname, admin]);

  if (state === 'failed') {
    return (
      <main>
        <Result status="warning" title={<h1 className="admin-result-title">{t('errors.network')}</h1>} />
      </main>
    );
  }
  if (!admin) return <Spin fullscreen />;

  const items = MENU.filter((m) => !m.power || can(admin.role, m.power));
  const selected = [...items].reverse().find((m) => pathname === m.path || (m.path !== '/admin' && pathname.startsWith(m.path)));

  const onLogout = async () => {
    try {
      await logout();
      setAdmin(null);
      navigate('/admin/login', { replace: true });
    } catch {
      message.error(t('errors.network'));
    }
  };

  return (
    <Layout className="admin-shell">
      <Layout.Sider width={208} className="admin-sider" theme="dark">
        <Link to="/admin" className="admin-logo">
          <SafetyCertificateOutlined aria-hidden /> {t('admin.brand')}
        </Link>
        <nav aria-label={t('admin.menuLabel')} ref={side}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.key] : []}
            items={items.map((m) => ({ key: m.key, icon: m.icon, label: <Link to={m.path}>{t(`admin.menu.${m.key}`)}</Link> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <a href="/" className="admin-site-link">
            {t('admin.site')}
          </a>
          <div className="admin-header-right">
            <LanguageSwitch />
            <span className="admin-who">
              <UserOutlined aria-hidden /> {admin.username} <Tag color="blue">{t(`admin.roles.${admin.role}`)}</Tag>
            </span>
            <Button type="text" icon={<LogoutOutlined />} onClick={onLogout} className="admin-logout">
              {t('admin.logout')}
            </Button>
          </div>
        </Layout.Header>
        {/* antd's Content is the page's <main>. */}
        <Layout.Content className="admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** A page the role cannot use: hidden from the menu, and refused here when the address is typed. */
function Allowed({ power, children }: { power: Power; children: ReactNode }) {
  const { t } = useTranslation();
  const admin = useAdmin((s) => s.admin);
  if (!can(admin?.role, power)) return <Result status="403" title={<h1 className="admin-result-title">{t('admin.errors.FORBIDDEN_ROLE')}</h1>} />;
  return <>{children}</>;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={<h1 className="admin-result-title">{t('admin.common.notFound')}</h1>} />;
}

/** antd's greys and red darkened to WCAG AA contrast on white, as on the recruiter pages. */
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

/** The admin console under /admin/: its own routes, layout and guard; the app's router mounts it lazily at `admin/*`. */
export default function AdminApp() {
  const page = useRoutes([
    { path: 'login', element: <LoginPage /> },
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <DashboardPage /> },
        {
          path: 'statistics',
          element: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
              <StatisticsPage />
            </Suspense>
          ),
        },
        { path: 'users', element: <Allowed power="users"><UsersPage /></Allowed> },
        { path: 'companies', element: <Allowed power="companies"><CompaniesPage /></Allowed> },
        { path: 'trials', element: <Allowed power="companies"><TrialsPage /></Allowed> },
        { path: 'orders', element: <Allowed power="orders"><OrdersPage /></Allowed> },
        { path: 'reports', element: <Allowed power="reports"><ReportsPage /></Allowed> },
        { path: 'held-jobs', element: <Allowed power="reports"><HeldJobsPage /></Allowed> },
        { path: 'black-words', element: <Allowed power="blackWords"><BlackWordsPage /></Allowed> },
        { path: 'audit', element: <Allowed power="audit"><AuditPage /></Allowed> },
        { path: 'admins', element: <Allowed power="admins"><AdminsPage /></Allowed> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
  // Two-character Chinese labels as written (禁用, not 禁 用).
  return (
    // Popups (menus, confirmations, a select's options) are drawn inside their trigger's landmark.
    <ConfigProvider theme={THEME} button={{ autoInsertSpace: false }} getPopupContainer={inLandmark}>
      {page}
    </ConfigProvider>
  );
}
