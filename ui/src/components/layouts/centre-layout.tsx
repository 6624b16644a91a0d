import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeepAliveOutlet } from '@/components/keep-alive/keep-alive-outlet';
import { ChatBadge } from '@/components/chat/chat-badge';
import { CentreFooter } from './centre-footer';
import { useMenuChoose } from './use-menu-choose';
import { sideMenuItems } from './user-menu';

/** Personal-centre frame (standalone pages like /my/edit): the page, then the centre footer. */
export function CentreFrame() {
  return (
    <>
      <main className="site-main">
        <Outlet />
      </main>
      <CentreFooter />
    </>
  );
}

/** The side menu (real links) and the kept-alive page region. */
export function SideMenuLayout({ base = '' }: { base?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const choose = useMenuChoose(base);
  const here = location.pathname.replace(/\/+$/, '');
  const list = useRef<HTMLElement>(null);

  // On narrow screens the menu is a horizontal strip: bring the current entry into view (sideways only).
  useEffect(() => {
    const nav = list.current;
    const active = nav?.querySelector<HTMLElement>('.side-menu-item.active');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [here]);

  return (
    <div className="container centre">
      <aside className="side-menu">
        <div className="side-menu-title">{t('menu.centre')}</div>
        <nav ref={list} className="side-menu-list" aria-label={t('menu.centre')}>
          {sideMenuItems().map((item) => {
            const href = `${base}${item.path}`;
            const active = here === href;
            return (
              <a
                key={item.value}
                href={href}
                className={active ? 'side-menu-item active' : 'side-menu-item'}
                aria-current={active ? 'page' : undefined}
                onClick={(e) => choose(item, e)}
                data-menu={item.value}
              >
                {t(item.content)}
                {item.value === 'chat' && <ChatBadge face="chat" />}
              </a>
            );
          })}
        </nav>
      </aside>
      <section className="centre-content">
        <KeepAliveOutlet />
      </section>
    </div>
  );
}
