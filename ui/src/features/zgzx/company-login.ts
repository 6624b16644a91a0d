import type { ZxInfo } from '@/lib/core';
import { loginBridgeUrl } from '@/config/paths';

/** Where to send the user and how: this tab, a new tab, or (in a frame) ask the parent page. */
export type Navigation = { how: 'sameTab' | 'newTab' | 'parent'; url: string };

/** The message posted to the embedding page to open the central login bridge. */
export const BRIDGE_MESSAGE_TYPE = 'openLoginBridge';

export function withPlatformParams(url: string, zx: ZxInfo): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}platformId=${encodeURIComponent(String(zx.p))}&id=${encodeURIComponent(String(zx.id))}`;
}

/** A partner-platform user (zxInfo.zxLogin) goes straight in with platformId and id; null when that does not apply. */
export function zxDirect(zx: ZxInfo | null | undefined, target: string, inFrame: boolean): Navigation | null {
  if (!zx?.zxLogin) return null;
  return { how: inFrame ? 'sameTab' : 'newTab', url: withPlatformParams(target, zx) };
}

/** After `/pclogin/isComLogin`: a logged-in company goes to the page, anyone else to the central login bridge. */
export function afterCompanyCheck(comLoggedIn: unknown, target: string, recruiterUrl: string, inFrame: boolean): Navigation {
  if (comLoggedIn) return { how: inFrame ? 'sameTab' : 'newTab', url: target };
  return { how: inFrame ? 'parent' : 'newTab', url: loginBridgeUrl(recruiterUrl, target) };
}

export interface TabHandle {
  go(url: string): void;
}

export interface EntryDeps {
  target: string;
  recruiterUrl: string;
  zxInfo: ZxInfo | null | undefined;
  inFrame: boolean;
  isComLogin: () => Promise<unknown>;
  /** Opens an empty tab now, while the click still counts as a user gesture (popup blockers). */
  prepareTab: () => TabHandle;
  go: (nav: Navigation, tab?: TabHandle) => void;
}

/** Positions / candidates tabs of the zgzx header: decide and go. */
export async function enterRecruiterSite(deps: EntryDeps): Promise<Navigation> {
  const direct = zxDirect(deps.zxInfo, deps.target, deps.inFrame);
  if (direct) {
    deps.go(direct);
    return direct;
  }
  const tab = deps.inFrame ? undefined : deps.prepareTab();
  let answer: unknown;
  try {
    answer = await deps.isComLogin();
  } catch {
    answer = false;
  }
  const nav = afterCompanyCheck(answer, deps.target, deps.recruiterUrl, deps.inFrame);
  deps.go(nav, tab);
  return nav;
}
