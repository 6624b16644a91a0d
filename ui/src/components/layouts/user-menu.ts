import { CENTRE_PAGES, centrePath, type CentrePage } from '@/config/paths';

/** One entry of the user dropdown. `content` is an i18n key; `divider` puts a divider line before the entry. */
export interface UserMenuItem {
  content: string;
  value: CentrePage | 'logout';
  path: string;
  divider: boolean;
}

/** The header dropdown, in order: the six personal-centre pages, a divider, log out. */
export function userMenuItems(): UserMenuItem[] {
  return [
    ...CENTRE_PAGES.map((page) => ({ content: `menu.${page}`, value: page, path: centrePath(page), divider: false })),
    { content: 'menu.logout', value: 'logout', path: '', divider: true },
  ];
}

/** The side menu of the personal centre: the dropdown's page entries. */
export function sideMenuItems(): UserMenuItem[] {
  return userMenuItems().filter((item) => item.path !== '');
}

export type MenuChoice = { kind: 'logout' } | { kind: 'go'; path: string; page: CentrePage; clear: boolean };

function normalise(path: string): string {
  const p = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/**
 * What choosing a menu entry does. `base` is the variant prefix ('' or '/zgzx').
 * Choosing the page already shown clears its cached view, so it starts fresh;
 * choosing another page goes there and keeps that page's cached view.
 */
export function menuChoice(item: UserMenuItem, currentPath: string, base = ''): MenuChoice {
  if (item.value === 'logout') return { kind: 'logout' };
  const path = `${base}${item.path}`;
  return { kind: 'go', path, page: item.value, clear: normalise(currentPath) === normalise(path) };
}

/** A plain left click that the router should take; other clicks (middle, ctrl/cmd, shift) stay with the browser. */
export function isPlainLeftClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
