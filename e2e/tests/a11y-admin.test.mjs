// Accessibility of the admin console (/admin), as the demo admin (admin/demo1234, the TOTP secret from the
// server's log): axe-core (WCAG 2.1 A and AA, one h1, landmarks), <html lang> and the page's own width on
// every page and its open dialogs, in zh-CN and en-US at 1366 and 390 px, each page's screenshot into
// screenshots/a11y-admin-*.png; then by keyboard alone: log in with the code, find the demo candidate,
// disable the account with a reason in the dialog, and enable it again.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  DEMO,
  DESKTOP,
  PHONE_390,
  a11yProblems,
  adminTotpSecret,
  assertNoA11yProblems,
  ensureShotsDir,
  freshTotp,
  openBrowser,
  pageOverflow,
  settle,
  tabTo,
  url,
  waitForPath,
  watchErrors,
} from '../lib.mjs';

const ADMIN = { username: 'admin', password: 'demo1234' };
const shots = ensureShotsDir();

/** The errors a page logged, less the refusals the tests cause on purpose. */
function unexpected(errors) {
  return errors.filter((e) => !/LOGIN_FAILED|status of (400|401|403)/.test(e));
}

describe('admin console: axe-core and the keyboard', () => {
  let browser;
  let secret;
  before(async () => {
    secret = await adminTotpSecret();
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '1366', DESKTOP],
    ['zh-CN', '390', PHONE_390],
    ['en-US', '390', PHONE_390],
  ]) {
    it(`every admin page and its dialogs, ${lang} at ${size} px`, async () => {
      const found = [];
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const check = async (name) => {
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
        await settle(page);
        const problems = await a11yProblems(page, lang);
        const overflow = await pageOverflow(page);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        // The menu's item of this page is in sight (on a phone the menu is a row that scrolls sideways).
        const hidden = await page.evaluate(([boxSel, itemSel]) => {
          const box = document.querySelector(boxSel)?.getBoundingClientRect();
          const item = document.querySelector(itemSel);
          const at = item?.getBoundingClientRect();
          return box && at && (at.left < box.left - 1 || at.right > box.right + 1) ? item.textContent.trim() : null;
        }, ['.admin-sider .ant-menu', '.admin-sider .ant-menu-item-selected']);
        if (hidden) problems.push({ id: 'menu-item-out-of-sight', impact: 'layout', help: `the menu's "${hidden}" is scrolled out of sight`, nodes: [{ target: '.admin-sider .ant-menu-item-selected', summary: '' }] });
        // After the checks: a full-page screenshot resizes the page for a moment (popups realign).
        await page.screenshot({ path: join(shots, `a11y-admin-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };
      const modal = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
      // A dialog once it has zoomed in (what axe and the screenshot see).
      const dialogShown = async () => {
        await modal.waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="zoom"], .ant-modal-mask[class*="fade"]'));
      };

      await page.goto(url('/admin/login'));
      await page.locator('form#adminlogin').waitFor();
      await check('login');
      await page.locator('form#adminlogin button[type="submit"]').click();
      await page.locator('form#adminlogin .ant-form-item-explain-error').first().waitFor();
      await check('login-errors');

      await page.locator('#adminlogin_username').fill(ADMIN.username);
      await page.locator('#adminlogin_password').fill(ADMIN.password);
      await page.locator('#adminlogin_otp').fill(await freshTotp(secret));
      await page.locator('form#adminlogin button[type="submit"]').click();
      await waitForPath(page, '/admin');

      for (const [path, name, ready] of [
        ['/admin', 'dashboard', '.admin-content h1'],
        ['/admin/users', 'users', '.admin-toolbar input'],
        ['/admin/companies', 'companies', '.ant-table-row'],
        ['/admin/reports', 'reports', '.admin-content h1'],
        ['/admin/held-jobs', 'held-jobs', '.admin-content h1'],
        ['/admin/black-words', 'black-words', '.ant-table-row'],
        ['/admin/audit', 'audit', '.ant-table-row'],
        ['/admin/admins', 'admins', '.ant-table-row'],
        ['/admin/trials', 'trials', '.admin-content h1'],
        ['/admin/no-such-page', 'not-found', '.ant-result'],
      ]) {
        await page.goto(url(path));
        try {
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
        } catch {
          found.push([name, [{ id: 'page-not-ready', impact: 'test', help: `${ready} did not show`, nodes: [{ target: path, summary: '' }] }]]);
          continue;
        }
        if (name === 'users') {
          await page.locator('.admin-toolbar input').fill('138');
          await page.locator('.admin-toolbar input').press('Enter');
          await page.locator('.ant-table-row').first().waitFor();
          await check(name);
          // The disable dialog, with its error shown.
          await page.locator('.ant-table-row', { hasText: DEMO.mobile }).locator('button[data-action="disable"]').first().click();
          await dialogShown();
          await modal.locator('.ant-modal-footer .ant-btn-primary').click();
          await modal.locator('.ant-form-item-explain-error').waitFor();
          await check('users-disable-dialog');
          await page.keyboard.press('Escape');
          await modal.waitFor({ state: 'hidden' });
          // An account's detail, opened from the keyboard.
          await page.locator('.ant-table-row [data-action="view"]').first().focus();
          await page.keyboard.press('Enter');
          await page.locator('.ant-drawer-content .ant-descriptions').waitFor();
          await check('users-detail');
          await page.keyboard.press('Escape');
          await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
          continue;
        }
        await check(name);
        if (name === 'admins') {
          const create = page.locator('.admin-content .ant-btn-primary').first();
          await create.click();
          await dialogShown();
          await check('admins-create-dialog');
          await page.keyboard.press('Escape');
          await modal.waitFor({ state: 'hidden' });
        }
      }
      await ctx.close();
      assertNoA11yProblems(found, `admin pages, ${lang} at ${size} px`);
      assert.deepEqual(unexpected(errors), []);
    });
  }

  it('by keyboard alone: logs in with the code, disables the demo candidate with a reason and enables it again', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const kb = page.keyboard;

    await page.goto(url('/admin/login'));
    await page.locator('form#adminlogin').waitFor();
    await tabTo(page, '#adminlogin_username');
    await kb.type(ADMIN.username);
    await tabTo(page, '#adminlogin_password');
    await kb.type(ADMIN.password);
    await tabTo(page, '#adminlogin_otp');
    await kb.type(await freshTotp(secret));
    await kb.press('Enter');
    await waitForPath(page, '/admin');
    await page.locator('.admin-content h1').waitFor();

    // The menu to the users page.
    await tabTo(page, '.admin-sider a[href="/admin/users"]');
    await kb.press('Enter');
    await waitForPath(page, '/admin/users');
    await tabTo(page, '.admin-toolbar input');
    await kb.type(DEMO.mobile);
    await kb.press('Enter');
    const row = page.locator('.ant-table-row', { hasText: DEMO.mobile }).filter({ hasText: '求职者' }).first();
    await row.waitFor();
    const rowKey = await row.getAttribute('data-row-key');
    const inRow = `.ant-table-row[data-row-key="${rowKey}"]`;

    // Disable: the dialog takes the focus, Tab stays inside; the reason, then Enter on OK.
    await tabTo(page, `${inRow} button[data-action="disable"]`);
    await kb.press('Enter');
    const modal = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    await modal.waitFor();
    await page.waitForFunction(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement));
    await tabTo(page, '.ant-modal textarea', { max: 10 });
    const reason = `键盘操作禁用 ${String(Date.now()).slice(-6)}`;
    await kb.type(reason);
    for (let i = 0; i < 6; i++) {
      await kb.press('Tab');
      assert.ok(await page.evaluate(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement)), `Tab ${i + 1} left the dialog`);
    }
    await tabTo(page, '.ant-modal-footer .ant-btn-primary', { max: 10 });
    await kb.press('Enter');
    await modal.waitFor({ state: 'hidden' });
    await page.locator(inRow).getByText(reason).waitFor();

    // Enable again, by the row's button: the focus came back to the row when the dialog closed.
    const enable = `${inRow} button[data-action="enable"]`;
    await page.locator(enable).waitFor();
    if (!(await page.evaluate((sel) => Boolean(document.activeElement?.matches(sel)), enable))) await tabTo(page, enable, { max: 80 });
    await kb.press('Enter');
    await page.locator(inRow).getByText('正常').waitFor();
    await page.locator(`${inRow} button[data-action="disable"]`).waitFor();

    assert.deepEqual(unexpected(errors), []);
    await ctx.close();
  });
});
