import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LazyDropdown } from '@/components/antd/lazy';
import { Brand } from '@/components/layouts/header';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { UserDropdown } from '@/components/layouts/user-dropdown';
import { Icon } from '@/components/ui/icon';
import { paths, recruiterPages } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { inFrame, postToParent } from '@/lib/frame';
import { useSiteConfig } from '@/lib/site-config';
import { isComLogin } from '../api/is-com-login';
import { BRIDGE_MESSAGE_TYPE, enterRecruiterSite, type Navigation, type TabHandle } from '../company-login';
import { initialZgzxTab, type ZgzxTab } from '../tabs';

function prepareTab(): TabHandle {
  const w = window.open('', '_blank');
  if (w) w.opener = null;
  return {
    go(url) {
      if (w) w.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
  };
}

function go(nav: Navigation, tab?: TabHandle): void {
  if (nav.how === 'sameTab') window.location.href = nav.url;
  else if (nav.how === 'parent') postToParent({ type: BRIDGE_MESSAGE_TYPE, url: nav.url });
  else if (tab) tab.go(nav.url);
  else window.open(nav.url, '_blank', 'noopener');
}

/** The header for users coming from the partner platform; its menus (antd's) come with the first hover. */
export function ZgzxHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const { recruiterUrl, campusUrl } = useSiteConfig();
  const [tab, setTab] = useState<ZgzxTab>(() => initialZgzxTab(location.pathname));
  useEffect(() => setTab(initialZgzxTab(location.pathname)), [location.pathname]);

  const recruiter = recruiterPages(recruiterUrl);
  const enter = (target: string) =>
    void enterRecruiterSite({
      target,
      recruiterUrl,
      zxInfo: session.zxInfo,
      inFrame: inFrame(),
      isComLogin,
      prepareTab,
      go,
    });

  const jobItems: MenuProps['items'] = [
    { key: 'find', label: <Link to={paths.zgzx.links.search}>{t('zgzx.findJobs')}</Link> },
    ...(campusUrl
      ? [{ key: 'campus', label: <a href={campusUrl} target="_blank" rel="noopener noreferrer">{t('zgzx.campus')}</a> }]
      : []),
  ];
  const recruitItems: MenuProps['items'] = [
    { key: 'positions', label: t('zgzx.positions'), onClick: () => enter(recruiter.positions) },
    { key: 'candidates', label: t('zgzx.candidates'), onClick: () => enter(recruiter.candidates) },
  ];
  const tabClass = (key: ZgzxTab) => (tab === key ? 'zgzx-tab active' : 'zgzx-tab');
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');
  const links = paths.zgzx.links;

  return (
    <header className="site-header zgzx-header">
      <div className="container header-bar">
        <Brand to={links.home} sub={t('zgzx.platform')} />
        <nav className="main-nav" aria-label={t('header.mainNav')}>
          <NavLink to={links.home} end className={navClass}>
            {t('zgzx.home')}
          </NavLink>
          <NavLink to={links.search} className={navClass}>
            {t('zgzx.findJobs')}
          </NavLink>
          {campusUrl && (
            <a className="nav-link" href={campusUrl} target="_blank" rel="noopener noreferrer">
              {t('zgzx.campus')}
            </a>
          )}
          <NavLink to={links.apply} className={navClass}>
            {t('zgzx.apply')}
          </NavLink>
          <NavLink to={links.collect} className={navClass}>
            {t('zgzx.collect')}
          </NavLink>
        </nav>
        <div className="header-actions">
          <LanguageSwitch />
        </div>
      </div>
      <div className="zgzx-subbar">
        {/* Menus and links, not tabs (they change no panel here): each control stands alone, none inside another. */}
        <nav className="container zgzx-tabs" aria-label={t('zgzx.sections')}>
          <LazyDropdown menu={{ items: jobItems }} mouseEnterDelay={0.25} mouseLeaveDelay={0.15}>
            <button type="button" aria-haspopup="menu" aria-current={tab === 'qz' || undefined} className={tabClass('qz')} onClick={() => setTab('qz')}>
              {t('zgzx.jobHunting')} <Icon svg={DownOutlined} />
            </button>
          </LazyDropdown>
          <LazyDropdown menu={{ items: recruitItems }} mouseEnterDelay={0.25} mouseLeaveDelay={0.15}>
            <button type="button" aria-haspopup="menu" aria-current={tab === 'zp' || undefined} className={tabClass('zp')} onClick={() => setTab('zp')}>
              {t('zgzx.recruiting')} <Icon svg={DownOutlined} />
            </button>
          </LazyDropdown>
          <a aria-current={tab === 'jl' || undefined} className={tabClass('jl')} href={session.resumeUrl || paths.my.edit} onClick={() => setTab('jl')}>
            {t('zgzx.resume')}
          </a>
          {/* The personal centre's own control is the dropdown's trigger (or the log-in link) inside: this box only marks it. */}
          <span className={tabClass('grzx')} data-current={tab === 'grzx' || undefined} onClickCapture={() => setTab('grzx')}>
            {session.isLogin ? (
              <UserDropdown base={paths.zgzx.root} label={t('zgzx.personalCentre')} />
            ) : (
              <Link to={paths.login} className="zgzx-login">
                {t('header.loginRegister')}
              </Link>
            )}
          </span>
        </nav>
      </div>
    </header>
  );
}
