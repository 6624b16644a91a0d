import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('./core', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('./finger', () => ({ currentFinger: () => 'f1' }));

const { fetchLoginUser, sessionOf, useAuth } = await import('./auth');

const user = {
  mobile: '13800000000',
  hasPassword: true,
  url: '/my/edit',
  name: '张伟',
  resumeId: 1,
  resumeType: 1,
  emptyResumeId: 0,
  zxInfo: null,
};

describe('fetchLoginUser', () => {
  beforeEach(() => request.mockReset());

  it('asks /pclogin/islogin with the finger and returns the user', async () => {
    request.mockResolvedValue(user);
    await expect(fetchLoginUser()).resolves.toEqual(user);
    expect(request).toHaveBeenCalledWith('/pclogin/islogin', { finger: 'f1' });
  });

  it('reads an empty answer as nobody', async () => {
    request.mockResolvedValue(null);
    await expect(fetchLoginUser()).resolves.toBeNull();
    request.mockResolvedValue(undefined); // 401/403 are ignored by the core
    await expect(fetchLoginUser()).resolves.toBeNull();
  });

  it('overlapping navigations share one call', async () => {
    let answer!: (v: unknown) => void;
    request.mockReturnValue(new Promise((r) => (answer = r)));
    const a = fetchLoginUser();
    const b = fetchLoginUser();
    answer(user);
    await expect(Promise.all([a, b])).resolves.toEqual([user, user]);
    expect(request).toHaveBeenCalledTimes(1);
    request.mockResolvedValue(null);
    await expect(fetchLoginUser()).resolves.toBeNull();
    expect(request).toHaveBeenCalledTimes(2);
  });
});

describe('auth store', () => {
  it('tracks the user and the kept-alive pages', () => {
    const s = useAuth.getState();
    s.setUser(user);
    expect(useAuth.getState().isLogin).toBe(true);
    s.addKeepAlive('tags');
    s.addKeepAlive('apply');
    s.addKeepAlive('tags');
    expect(useAuth.getState().keepAlive).toEqual(['tags', 'apply']);
    s.clearKeepAlive('tags');
    expect(useAuth.getState().keepAlive).toEqual(['apply']);
    expect(useAuth.getState().keepAliveGen.tags).toBe(1);
    s.setUser(null);
    expect(useAuth.getState().isLogin).toBe(false);
  });

  it('derives the session fields the headers use', () => {
    expect(sessionOf(null)).toEqual({ isLogin: false, userName: '', resumeUrl: '', zxInfo: null });
    expect(sessionOf({ ...user, zxInfo: { zxLogin: true, p: 3, id: 9 } })).toEqual({
      isLogin: true,
      userName: '张伟',
      resumeUrl: '/my/edit',
      zxInfo: { zxLogin: true, p: 3, id: 9 },
    });
  });
});
