import type { CentrePage } from '@/config/paths';

/** What a route declares about itself. */
export interface RouteHandle {
  /** i18n key of the page title */
  titleKey?: string;
  /** the page's view is kept mounted under this name */
  keepAlive?: CentrePage;
}

export function lastHandle(matches: { handle: unknown }[]): RouteHandle {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h && (h.titleKey || h.keepAlive)) return h;
  }
  return {};
}
