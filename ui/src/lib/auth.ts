import { create } from 'zustand';
import { request, type User, type ZxInfo } from './core';
import { currentFinger } from './finger';
import type { PartnerLink } from './partner-link';

export interface AuthState {
  user: User | null;
  isLogin: boolean;
  /** Names of the personal-centre pages whose views are kept mounted. */
  keepAlive: string[];
  /** Bumped when a page's cached view is cleared, so it remounts fresh. */
  keepAliveGen: Record<string, number>;
  setUser: (user: User | null) => void;
  addKeepAlive: (name: string) => void;
  clearKeepAlive: (name: string) => void;
}

export const useAuth = create<AuthState>((set) => ({
  user: null,
  isLogin: false,
  keepAlive: [],
  keepAliveGen: {},
  setUser: (user) => set({ user, isLogin: !!user }),
  addKeepAlive: (name) => set((s) => (s.keepAlive.includes(name) ? s : { keepAlive: [...s.keepAlive, name] })),
  clearKeepAlive: (name) =>
    set((s) => ({
      keepAlive: s.keepAlive.filter((n) => n !== name),
      keepAliveGen: { ...s.keepAliveGen, [name]: (s.keepAliveGen[name] ?? 0) + 1 },
    })),
}));

/** Session fields the headers use. */
export interface Session {
  isLogin: boolean;
  userName: string;
  resumeUrl: string;
  zxInfo: ZxInfo | null;
}

export function sessionOf(user: User | null): Session {
  return {
    isLogin: !!user,
    userName: user?.name ?? '',
    resumeUrl: user?.url ?? '',
    zxInfo: user?.zxInfo ?? null,
  };
}

export function useSession(): Session {
  return sessionOf(useAuth((s) => s.user));
}

function isUser(v: unknown): v is User {
  return !!v && typeof v === 'object';
}

let pending: Promise<User | null> | null = null;

/**
 * Asks the server who is logged in (`/pclogin/islogin`); null for nobody.
 * Overlapping navigations share one call (the core refuses an identical call in flight).
 */
export function fetchLoginUser(partner?: PartnerLink | null): Promise<User | null> {
  if (!pending) {
    pending = request<unknown>('/pclogin/islogin', { finger: currentFinger(), ...(partner ?? {}) })
      .then((answer) => (isUser(answer) ? answer : null))
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

/** Ends the session, then reloads at the root. */
export async function logout(): Promise<void> {
  try {
    await request('/pclogin/logout');
  } catch {
    // The reload below shows whatever state the server kept.
  }
  window.location.href = '/';
}
