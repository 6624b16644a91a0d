/** Every route and outward path of the ui, in one place. */

/** The seven personal-centre pages inside the side-menu layout, in menu order. */
export const CENTRE_PAGES = ['tags', 'chat', 'apply', 'collect', 'shield', 'order', 'account'] as const;
export type CentrePage = (typeof CENTRE_PAGES)[number];

export const paths = {
  home: '/',
  search: '/search',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  my: {
    root: '/my',
    edit: '/my/edit',
    preview: '/my/preview',
    tags: '/my/tags',
    chat: '/my/chat',
    apply: '/my/apply',
    collect: '/my/collect',
    shield: '/my/shield',
    order: '/my/order',
    account: '/my/account',
  },
  zgzx: {
    root: '/zgzx',
    /** Links in the zgzx header, as the partner platform expects them. */
    links: {
      home: '/zgzx/',
      search: '/search/',
      apply: '/my/apply/',
      collect: '/my/collect/',
    },
  },
} as const;

/** `/my/{page}`: where choosing a menu entry goes. */
export function centrePath(page: CentrePage): string {
  return `${paths.my.root}/${page}`;
}

/** `/search?q=…`: the query lives in the URL. */
export function searchPath(q: string): string {
  const query = q.trim();
  return query ? `${paths.search}?q=${encodeURIComponent(query)}` : paths.search;
}

/** The recruiter-site pages reached from the zgzx header. */
export function recruiterPages(recruiterUrl: string): { positions: string; candidates: string } {
  const base = recruiterUrl.replace(/\/+$/, '');
  return {
    positions: `${base}/job/`,
    candidates: `${base}/comresume/applyresume?stageId=1&stageOppId=1`,
  };
}

/** The central-site login bridge a company user is sent to when not logged in. */
export function loginBridgeUrl(recruiterUrl: string, returnUrl: string): string {
  const base = recruiterUrl.replace(/\/+$/, '');
  return `${base}/login/bridge?logoutcode=1&returnurl=${encodeURIComponent(returnUrl)}`;
}

/** /my/chat with a conversation open. */
export function chatPath(conversationId: number): string {
  return `${paths.my.chat}?c=${conversationId}`;
}
