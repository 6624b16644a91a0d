import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout, useAuth } from '@/lib/auth';
import { scrollMemory } from '@/components/keep-alive/scroll-memory';
import { isPlainLeftClick, menuChoice, type UserMenuItem } from './user-menu';

/**
 * Click handler for menu entries rendered as real links: a plain click is handled here
 * (clear the page's cached view when it is the page shown, then go), any other click opens a tab as usual.
 */
export function useMenuChoose(base = '') {
  const navigate = useNavigate();
  const location = useLocation();
  const clearKeepAlive = useAuth((s) => s.clearKeepAlive);

  return (item: UserMenuItem, e?: MouseEvent) => {
    if (e) {
      if (!isPlainLeftClick(e)) return;
      e.preventDefault();
    }
    const choice = menuChoice(item, location.pathname, base);
    if (choice.kind === 'logout') {
      void logout();
      return;
    }
    if (choice.clear) {
      clearKeepAlive(choice.page);
      scrollMemory.forget(choice.page);
    }
    navigate(choice.path);
  };
}
