// Accessibility, measured by axe-core (WCAG 2.1 A and AA, one h1, landmarks): every page of the public site,
// the account screens and the personal centre (both layouts), logged in as the demo candidate where a page
// needs it, at 1366 px in zh-CN and at 390 px in en-US; also the open dialogs and menus. Any violation fails.
// A1Y_REPORT=1 prints the count per page even when all pass.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, ajax, axeViolations, ensureShotsDir, describeViolations, loginAsDemo, openBrowser, url } from '../lib.mjs';

const NARROW_390 = { width: 390, height: 844 };

/** Pages seen logged out: the account screens. */
const LOGGED_OUT = [
  ['login', '/login', 'form#login'],
  ['register', '/register', 'form'],
  ['forgot-password', '/forgot-password', 'form'],
  // A job and a company that are not there (or not public): the server's 404 page, then the app's.
  ['job not found', '/job/1', '.ant-result h1'],
  ['company not found', '/company/1', '.ant-result h1'],
];

/** Pages seen as the demo candidate; `ready` is what shows once the page has its data. */
const LOGGED_IN = [
  ['home', '/', '.hero'],
  ['search', '/search', '.search-page'],
  ['search java', '/search?q=Java', 'a.job-card-title'],
  ['job', 'JOB', '.job-page h1'],
  ['company', 'COMPANY', 'h1'],
  ['not found', '/no-such-page', '.ui-result, .ant-result'],
  ['/my/edit', '/my/edit', '.resume-section'],
  ['/my/preview', '/my/preview', '.resume-document'],
  ['/my/tags', '/my/tags', '[data-keep-alive="tags"] input'],
  ['/my/apply', '/my/apply', '[data-keep-alive="apply"] .page-card'],
  ['/my/collect', '/my/collect', '[data-keep-alive="collect"] .page-card'],
  ['/my/shield', '/my/shield', '[data-keep-alive="shield"] .page-card'],
  ['/my/order', '/my/order', '[data-keep-alive="order"] .page-card'],
  ['/my/account', '/my/account', '[data-keep-alive="account"] .page-card'],
  ['/zgzx/', '/zgzx/', '.hero'],
  ['/zgzx/my/apply', '/zgzx/my/apply', '.zgzx-subbar'],
  ['/zgzx/my/edit', '/zgzx/my/edit', '.resume-section'],
];

describe('accessibility (axe-core)', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '390', NARROW_390],
  ]) {
    it(`every page, ${lang} at ${size}px`, async () => {
      const found = [];
      const check = async (page, label) => {
        const violations = await axeViolations(page);
        const lang_ = await page.evaluate(() => document.documentElement.lang);
        if (lang_ !== lang) violations.push({ id: 'html-lang-follows-language', impact: 'serious', help: `<html lang> is ${lang_}`, nodes: [{ target: 'html', summary: '' }] });
        // One h1 in sight (kept-alive pages stay in the document, hidden, with their own).
        const h1s = await page.evaluate(() => [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent.trim()));
        if (h1s.length !== 1) violations.push({ id: 'one-h1', impact: 'moderate', help: `${h1s.length} visible h1`, nodes: h1s.map((t) => ({ target: 'h1', summary: t })) });
        found.push([label, violations]);
      };
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();

      const visit = async (label, path, ready) => {
        await page.goto(url(path));
        try {
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
        } catch {
          found.push([label, [{ id: 'page-not-ready', impact: 'test', help: `${ready} did not show`, nodes: [{ target: path, summary: '' }] }]]);
          return;
        }
        await check(page, label);
      };
      for (const [label, path, ready] of LOGGED_OUT) await visit(label, path, ready);

      // The slider's dialog (it opens before any code is sent).
      await page.goto(url('/register'));
      await page.locator('#register_mobile').fill('13712349876');
      await page.locator('form#register .send-code-btn').click();
      await page.locator('.slider-modal .slider-captcha[data-phase="ready"]').waitFor();
      await check(page, 'slider dialog');
      await page.keyboard.press('Escape');

      await loginAsDemo(page);
      await page.goto(url('/search?q=Java'));
      await page.locator('a.job-card-title').first().waitFor();
      const jobHref = await page.locator('a.job-card-title').first().getAttribute('href');
      await page.goto(url(jobHref));
      await page.locator('.job-page h1').waitFor();
      const companyHref = await page.locator('a[href^="/company/"]').first().getAttribute('href');

      for (const [label, path, ready] of LOGGED_IN) {
        await visit(label, path === 'JOB' ? jobHref : path === 'COMPANY' ? companyHref : path, ready);
      }

      // The open menus and dialogs.
      await page.goto(url('/my/tags'));
      await page.locator('[data-keep-alive="tags"] input').waitFor();
      await page.locator('.site-header .user-trigger').focus();
      await page.keyboard.press('Enter');
      await page.locator('.user-dropdown .ant-dropdown-menu').waitFor({ state: 'visible' }).catch(() => {});
      await check(page, 'user menu open');
      await page.keyboard.press('Escape');

      await page.goto(url('/my/account'));
      await page.locator('[data-keep-alive="account"] .page-card').waitFor();
      await page.locator('[data-keep-alive="account"] button[data-action="change-password"]').first().click();
      await page.locator('.ant-modal').first().waitFor({ state: 'visible' });
      await check(page, '/my/account password dialog');
      await page.keyboard.press('Escape');

      await page.goto(url('/my/shield'));
      await page.locator('[data-keep-alive="shield"] input[name="comname"]').fill('腾讯');
      await page.keyboard.press('Enter');
      await page.locator('.shield-result').first().waitFor();
      await check(page, '/my/shield search results');

      const open = (await ajax(page, '/job/search', { q: '工程师' })).list.find((j) => !j.applied && !j.closed);
      await page.goto(url(`/job/${open.id}`));
      await page.locator('[data-testid="apply"]:not([disabled])').click();
      await page.locator('.ant-modal').first().waitFor({ state: 'visible' });
      await check(page, 'job apply dialog');
      await page.keyboard.press('Escape');

      await ctx.close();

      const total = found.reduce((n, [, v]) => n + v.reduce((m, x) => m + x.nodes.length, 0), 0);
      const table = found.map(([label, v]) => `  ${label}: ${v.reduce((m, x) => m + x.nodes.length, 0)}${v.length ? ` (${v.map((x) => `${x.id} ${x.nodes.length}`).join(', ')})` : ''}`).join('\n');
      if (process.env.A11Y_REPORT || total) console.log(`axe, ${lang} at ${size}px:\n${table}`);
      if (process.env.A11Y_REPORT) writeFileSync(join(ensureShotsDir(), `axe-${lang}-${size}.json`), JSON.stringify(found, null, 1));
      const failing = found.filter(([, v]) => v.length);
      assert.equal(total, 0, `${total} axe violations\n${failing.map(([label, v]) => `${label}:\n${describeViolations(v)}`).join('\n')}`);
    });
  }
});
