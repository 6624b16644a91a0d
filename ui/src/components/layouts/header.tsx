import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useBrand, useSiteConfig } from '@/lib/site-config';
import { ChatBadge } from '@/components/chat/chat-badge';
import { LanguageSwitch } from './language-switch';
import { QrPopover } from './qr-popover';
import { UserDropdown } from './user-dropdown';

/** The host's brand, with the site's label (full-time jobs) or the caller's beside it. */
export function Brand({ to = paths.home, sub }: { to?: string; sub?: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Link to={to} className="brand">
      <span className="brand-mark" aria-hidden="true">
        {brand.charAt(0)}
      </span>
      <span className="brand-name">{brand}</span>
      <span className="brand-sub">{sub ?? t('site.name')}</span>
    </Link>
  );
}

/** The default header (SPEC 2): home, job search, campus, recruit, resume, login; QR popup; user menu. */
export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const { campusUrl, recruiterUrl } = useSiteConfig();
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Brand />
        <nav className="main-nav" aria-label={t('header.mainNav')}>
          <NavLink to={paths.home} end className={navClass}>
            {t('header.home')}
          </NavLink>
          <NavLink to={paths.search} className={navClass}>
            {t('header.search')}
          </NavLink>
          {campusUrl && (
            <a className="nav-link" href={campusUrl} target="_blank" rel="noopener noreferrer">
              {t('header.campus')}
            </a>
          )}
          {recruiterUrl && (
            <a className="nav-link" href={recruiterUrl} target="_blank" rel="noopener noreferrer">
              {t('header.recruit')}
            </a>
          )}
          <a className="nav-link" href={session.resumeUrl || paths.my.edit}>
            {t('header.resume')}
          </a>
          {session.isLogin && (
            <NavLink to={paths.my.chat} className={navClass} data-testid="header-chat">
              {t('menu.chat')}
              <ChatBadge face="chat" live />
            </NavLink>
          )}
        </nav>
        <div className="header-actions">
          <QrPopover />
          <LanguageSwitch />
          {session.isLogin ? (
            <UserDropdown />
          ) : (
            <Link to={paths.login} className="login-link" title={t('header.loginRegister')}>
              <span className="wide-only">{t('header.loginRegister')}</span>
              <span className="narrow-only">{t('header.loginShort')}</span>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
