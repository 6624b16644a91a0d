import { describe, expect, it, vi } from 'vitest';
import { afterCompanyCheck, enterRecruiterSite, withPlatformParams, zxDirect, type Navigation } from './company-login';

const hr = 'https://hr.example.cn';
const positions = `${hr}/job/`;
const candidates = `${hr}/comresume/applyresume?stageId=1&stageOppId=1`;
const zx = { zxLogin: true, p: 7, id: 'a b' };

describe('zxDirect', () => {
  it('adds platformId and id', () => {
    expect(withPlatformParams(positions, zx)).toBe(`${hr}/job/?platformId=7&id=a%20b`);
    expect(withPlatformParams(candidates, zx)).toBe(`${candidates}&platformId=7&id=a%20b`);
  });

  it('same tab in a frame, new tab otherwise', () => {
    expect(zxDirect(zx, positions, true)?.how).toBe('sameTab');
    expect(zxDirect(zx, positions, false)?.how).toBe('newTab');
  });

  it('does not apply without zxLogin', () => {
    expect(zxDirect(null, positions, false)).toBeNull();
    expect(zxDirect({ ...zx, zxLogin: false }, positions, false)).toBeNull();
  });
});

describe('afterCompanyCheck', () => {
  it('a logged-in company goes to the page', () => {
    expect(afterCompanyCheck(true, positions, hr, false)).toEqual({ how: 'newTab', url: positions });
    expect(afterCompanyCheck({ id: 1 }, positions, hr, true)).toEqual({ how: 'sameTab', url: positions });
  });

  it('anyone else goes to the login bridge: via the parent in a frame, else a new tab', () => {
    const bridge = `${hr}/login/bridge?logoutcode=1&returnurl=${encodeURIComponent(candidates)}`;
    expect(afterCompanyCheck(false, candidates, hr, true)).toEqual({ how: 'parent', url: bridge });
    expect(afterCompanyCheck(null, candidates, hr, false)).toEqual({ how: 'newTab', url: bridge });
  });
});

describe('enterRecruiterSite', () => {
  function deps(over: Partial<Parameters<typeof enterRecruiterSite>[0]> = {}) {
    const calls: string[] = [];
    const tab = { go: vi.fn() };
    const d = {
      target: positions,
      recruiterUrl: hr,
      zxInfo: null,
      inFrame: false,
      isComLogin: vi.fn(async () => {
        calls.push('isComLogin');
        return true;
      }),
      prepareTab: vi.fn(() => {
        calls.push('prepareTab');
        return tab;
      }),
      go: vi.fn((nav: Navigation) => {
        calls.push(`go:${nav.how}`);
      }),
      ...over,
    };
    return { d, calls, tab };
  }

  it('skips the company check for partner users', async () => {
    const { d } = deps({ zxInfo: zx });
    const nav = await enterRecruiterSite(d);
    expect(nav).toEqual({ how: 'newTab', url: `${positions}?platformId=7&id=a%20b` });
    expect(d.isComLogin).not.toHaveBeenCalled();
    expect(d.prepareTab).not.toHaveBeenCalled();
  });

  it('opens the tab before asking, then sends it to the page', async () => {
    const { d, calls, tab } = deps();
    await enterRecruiterSite(d);
    expect(calls).toEqual(['prepareTab', 'isComLogin', 'go:newTab']);
    expect(d.go).toHaveBeenCalledWith({ how: 'newTab', url: positions }, tab);
  });

  it('a failed check counts as not logged in', async () => {
    const { d } = deps({
      isComLogin: vi.fn(async () => {
        throw { status: 500, message: 'x' };
      }),
      inFrame: true,
    });
    const nav = await enterRecruiterSite(d);
    expect(nav.how).toBe('parent');
    expect(nav.url).toContain('/login/bridge?logoutcode=1&returnurl=');
    expect(d.prepareTab).not.toHaveBeenCalled();
  });
});
