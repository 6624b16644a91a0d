import { describe, expect, it } from 'vitest';
import { isPlainLeftClick, menuChoice, sideMenuItems, userMenuItems } from './user-menu';

describe('user menu', () => {
  it('lists the entries in order, with a divider before log out', () => {
    expect(userMenuItems()).toEqual([
      { content: 'menu.tags', value: 'tags', path: '/my/tags', divider: false },
      { content: 'menu.chat', value: 'chat', path: '/my/chat', divider: false },
      { content: 'menu.apply', value: 'apply', path: '/my/apply', divider: false },
      { content: 'menu.collect', value: 'collect', path: '/my/collect', divider: false },
      { content: 'menu.shield', value: 'shield', path: '/my/shield', divider: false },
      { content: 'menu.order', value: 'order', path: '/my/order', divider: false },
      { content: 'menu.account', value: 'account', path: '/my/account', divider: false },
      { content: 'menu.logout', value: 'logout', path: '', divider: true },
    ]);
  });

  it('side menu has the seven pages and no log out', () => {
    expect(sideMenuItems().map((i) => i.value)).toEqual(['tags', 'chat', 'apply', 'collect', 'shield', 'order', 'account']);
  });
});

describe('menuChoice', () => {
  const [tags, , apply] = userMenuItems();
  const logout = userMenuItems().at(-1)!;

  it('log out is log out', () => {
    expect(menuChoice(logout, '/my/tags')).toEqual({ kind: 'logout' });
  });

  it('another page keeps its cache', () => {
    expect(menuChoice(apply, '/my/tags')).toEqual({ kind: 'go', path: '/my/apply', page: 'apply', clear: false });
  });

  it('the page shown is cleared, whatever the trailing slash or query', () => {
    expect(menuChoice(tags, '/my/tags')).toMatchObject({ path: '/my/tags', clear: true });
    expect(menuChoice(tags, '/my/tags/?x=1')).toMatchObject({ clear: true });
  });

  it('keeps the zgzx prefix', () => {
    expect(menuChoice(apply, '/zgzx/my/apply/', '/zgzx')).toEqual({
      kind: 'go',
      path: '/zgzx/my/apply',
      page: 'apply',
      clear: true,
    });
    expect(menuChoice(apply, '/my/apply', '/zgzx')).toMatchObject({ clear: false });
  });
});

describe('isPlainLeftClick', () => {
  const base = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
  it('lets middle and modified clicks open new tabs', () => {
    expect(isPlainLeftClick(base)).toBe(true);
    expect(isPlainLeftClick({ ...base, button: 1 })).toBe(false);
    expect(isPlainLeftClick({ ...base, ctrlKey: true })).toBe(false);
    expect(isPlainLeftClick({ ...base, metaKey: true })).toBe(false);
    expect(isPlainLeftClick({ ...base, shiftKey: true })).toBe(false);
  });
});
