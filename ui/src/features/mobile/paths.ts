/** The mobile site's own addresses (under /m, the server's MOBILE_BASE default). */
export const M = '/m';

export const mPaths = {
  home: `${M}/`,
  search: `${M}/search`,
  job: (id: number | string) => `${M}/job/${id}`,
  company: (id: number | string) => `${M}/company/${id}`,
  login: `${M}/login`,
  register: `${M}/register`,
  forgotPassword: `${M}/forgot-password`,
  logout: `${M}/logout`,
  my: `${M}/my`,
  apply: `${M}/my/apply`,
  /** /m/my/apply's interview invitations tab. */
  invitations: `${M}/my/apply?tab=interviews`,
  collect: `${M}/my/collect`,
  /** The candidate's messages (issue 32): the list, `?c=ID` a conversation full screen. */
  chat: `${M}/chat`,
  chatWith: (conversationId: number) => `${M}/chat?c=${conversationId}`,
  setPassword: `${M}/my/set-password`,
  resume: `${M}/resume/detail`,
  resumeEdit: (section: string, itemId?: number) => `${M}/resume/edit/${section}${itemId ? `/${itemId}` : ''}`,
};

/** Pages that need a logged-in candidate: the user centre and the resume. */
export function needsLogin(pathname: string): boolean {
  return /^\/m\/(my|resume|chat)(\/|$)/.test(pathname);
}

/** `/m/login?returnUrl=…`, coming back to `to` (a path of the mobile site). */
export function loginPath(to?: string): string {
  return to ? `${mPaths.login}?returnUrl=${encodeURIComponent(to)}` : mPaths.login;
}

/** Where to go after logging in: a path of the mobile site only, else the user centre. */
export function safeReturn(returnUrl: string | null): string {
  if (returnUrl && returnUrl.startsWith(`${M}/`) && !returnUrl.startsWith('//') && !returnUrl.includes('\\')) return returnUrl;
  return mPaths.my;
}
