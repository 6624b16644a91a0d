import { BankOutlined, CalendarOutlined, ContactsOutlined, DownOutlined, FormOutlined, FunnelPlotOutlined, GiftOutlined, IdcardOutlined, LogoutOutlined, MailOutlined, MessageOutlined, ProfileOutlined, SearchOutlined, SettingOutlined, TeamOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Result, Spin, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useBrand } from '@/lib/site-config';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { ChatBadge } from '@/components/chat/chat-badge';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { getMe, logout } from './api/member';
import type { Member } from './api/types';
import { loginPath, recruitPaths, talentPaths } from './paths';
import { useRecruiter } from './store';
import recruitCatalogue from './i18n';
import './recruit.css';

// Every recruiter page is drawn in this frame (or the log-in's top bar from it): the shared strings and styles come with it.
registerCatalogue(recruitCatalogue);

const MENU = [
  { key: 'jobs', to: recruitPaths.jobs, match: '/recruit/job', icon: <ProfileOutlined /> },
  { key: 'candidates', to: recruitPaths.candidates, match: '/recruit/comresume', icon: <TeamOutlined /> },
  { key: 'chat', to: recruitPaths.chat, match: recruitPaths.chat, icon: <MessageOutlined /> },
  { key: 'search', to: recruitPaths.search, match: '/recruit/search', icon: <SearchOutlined /> },
  { key: 'talent', to: talentPaths.list, match: talentPaths.list, icon: <ContactsOutlined /> },
  { key: 'interviews', to: recruitPaths.interviews, match: '/recruit/calendar', icon: <CalendarOutlined /> },
  { key: 'templates', to: recruitPaths.templates, match: '/recruit/template', icon: <MailOutlined /> },
  { key: 'interviewers', to: recruitPaths.interviewers, match: '/recruit/interviewer', icon: <IdcardOutlined /> },
  { key: 'members', to: recruitPaths.members, match: recruitPaths.members, icon: <UserSwitchOutlined /> },
  { key: 'assessments', to: recruitPaths.assessments, match: '/recruit/assessments', icon: <FormOutlined /> },
  { key: 'funnel', to: recruitPaths.funnel, match: '/recruit/funnel', icon: <FunnelPlotOutlined /> },
  { key: 'plan', to: recruitPaths.plan, match: '/recruit/plan', icon: <GiftOutlined /> },
  { key: 'company', to: recruitPaths.company, match: '/recruit/company', icon: <BankOutlined /> },
  { key: 'account', to: recruitPaths.account, match: '/recruit/account', icon: <SettingOutlined /> },
] as const;

/**
 * The recruiter guard: asks `/comlogin/me` on entry and at every navigation inside; without a company
 * session the member goes to /recruit/login, coming back here afterwards.
 */
function useRecruiterGuard(): 'checking' | 'in' | 'failed' {
  const location = useLocation();
  const navigate = useNavigate();
  const member = useRecruiter((s) => s.member);
  const setMember = useRecruiter((s) => s.setMember);
  const here = location.pathname + location.search;
  // Asked again at every navigation inside the site.
  const me = useServerData(() => getMe(), [], { refetchOn: [location.key, here] });

  // Each answer is taken once: a render for a new address still holds the previous answer until its own comes.
  const taken = useRef<Member | null | undefined>(undefined);
  useEffect(() => {
    if (me.status !== 'ready' || me.data === undefined || me.data === taken.current) return;
    taken.current = me.data;
    setMember(me.data);
    if (!me.data) navigate(loginPath(here), { replace: true });
  }, [me.status, me.data, here, navigate, setMember]);

  // Transport trouble keeps what we knew: a member on screen stays; without one the failure shows until an answer.
  if (member) return 'in';
  return me.status === 'failed' || me.error !== undefined ? 'failed' : 'checking';
}

function MemberMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const member = useRecruiter((s) => s.member);
  const setMember = useRecruiter((s) => s.setMember);
  if (!member) return null;
  const onLogout = async () => {
    try {
      await logout();
    } catch {
      message.error(t('recruit.layout.logoutFailed'));
      return;
    }
    setMember(null);
    navigate(recruitPaths.login, { replace: true });
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'company', icon: <BankOutlined />, label: <Link to={recruitPaths.company}>{t('recruit.menu.company')}</Link> },
          { key: 'account', icon: <SettingOutlined />, label: <Link to={recruitPaths.account}>{t('recruit.menu.account')}</Link> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('recruit.layout.logout'), onClick: () => void onLogout() },
        ],
      }}
    >
      <button type="button" className="rc-member" data-testid="member-menu">
        <span className="rc-avatar" aria-hidden="true">
          {(member.name || member.mobile).slice(0, 1)}
        </span>
        <span className="rc-member-name">{member.name || member.mobile}</span>
        <span className="rc-role">{t(`recruit.role.${member.role}`)}</span>
        <DownOutlined aria-hidden="true" />
      </button>
    </Dropdown>
  );
}

/** The recruiter top bar: the site's name as an employer's, the company, the language and the member's menu. */
export function RecruitTopBar({ withMember = true }: { withMember?: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const member = useRecruiter((s) => s.member);
  return (
    <header className="rc-top">
      <div className="rc-top-inner">
        <Link to={member ? recruitPaths.jobs : recruitPaths.login} className="rc-brand">
          <span className="rc-brand-name">{brand}</span>
          <span className="rc-brand-tag">{t('recruit.layout.edition')}</span>
        </Link>
        {withMember && member && (
          <span className="rc-company" data-testid="company-name" title={member.company.name}>
            {member.company.shortName || member.company.name}
          </span>
        )}
        <span className="rc-top-space" />
        <a className="rc-top-link" href="/">
          {t('recruit.layout.jobSeekerSite')}
        </a>
        <LanguageSwitch />
        {withMember && <MemberMenu />}
      </div>
    </header>
  );
}

/** Every recruiter page after log-in: the top bar, the left menu (a row of tabs on a phone), the page. */
export function RecruitLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const guard = useRecruiterGuard();
  const member = useRecruiter((s) => s.member);
  // On a phone the menu is a row that scrolls sideways: the page's own item is brought into sight,
  // and again when an item grows (沟通's unread badge arrives after the first paint).
  const side = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = side.current;
    if (!box) return;
    const centre = () => {
      const active = box.querySelector<HTMLElement>('.rc-side-link.active');
      if (!active || box.scrollWidth <= box.clientWidth) return;
      const [b, a] = [box.getBoundingClientRect(), active.getBoundingClientRect()];
      box.scrollLeft += a.left + a.width / 2 - (b.left + b.width / 2);
    };
    centre();
    if (typeof ResizeObserver === 'undefined') return;
    const grown = new ResizeObserver(centre);
    box.querySelectorAll('.rc-side-link').forEach((link) => grown.observe(link));
    return () => grown.disconnect();
  }, [location.pathname]);

  return (
    <div className="rc-shell">
      <RecruitTopBar />
      <div className="rc-body">
        <nav className="rc-side" aria-label={t('recruit.layout.menu')} ref={side}>
          <ul>
            {MENU.filter((m) => member?.role !== 'interviewer' || m.key === 'interviews').map((m) => (
              <li key={m.key}>
                <NavLink
                  to={m.to}
                  className={() => (location.pathname.startsWith(m.match) ? 'rc-side-link active' : 'rc-side-link')}
                  aria-current={location.pathname.startsWith(m.match) ? 'page' : undefined}
                >
                  {m.icon}
                  <span>{t(`recruit.menu.${m.key}`)}</span>
                  {m.key === 'chat' && <ChatBadge face={member && member.role !== 'interviewer' ? 'comchat' : null} live />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="rc-main" id="main">
          {guard === 'in' && member?.role === 'interviewer' && !location.pathname.startsWith(recruitPaths.interviews) ? (
            <Result status="info" title={<h1 className="rc-result-title">{t('recruit.layout.interviewer')}</h1>} />
          ) : guard === 'in' && member ? (
            <Outlet />
          ) : guard === 'failed' ? (
            <Result status="warning" title={<h1 className="rc-result-title">{t('errors.network')}</h1>} extra={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>} />
          ) : (
            <div className="rc-loading">
              <Spin />
            </div>
          )}
        </main>
      </div>
    </div>
  );
}

/** The page's heading row: title, an optional tag, actions on the right. */
export function PageHead({ title, extra, tag }: { title: string; extra?: React.ReactNode; tag?: React.ReactNode }) {
  return (
    <div className="rc-page-head">
      <h1>
        {title}
        {tag && <Tag className="rc-head-tag">{tag}</Tag>}
      </h1>
      {extra && <div className="rc-page-actions">{extra}</div>}
    </div>
  );
}
