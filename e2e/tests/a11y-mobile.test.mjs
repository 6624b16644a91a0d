// Accessibility of the mobile site (/m) on a 390x844 phone (Pixel 7's user agent and touch): axe-core (WCAG 2.1
// A and AA, one h1, landmarks), <html lang> and the page's own width on every page and its open sheets, in
// zh-CN and en-US, logged out and as the demo candidate, each page's screenshot into screenshots/a11y-m-*.png;
// then by keyboard alone (a phone with a keyboard, or a screen reader's): log in, search, the sort tabs by
// their arrows, a filter sheet that takes and gives back the focus, a job, and applying to it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, DEMO, PHONE_390, a11yProblems, ajax, assertFocus, assertNoA11yProblems, ensureShotsDir, pageOverflow, settle, tabTo, url, waitForPath, watchErrors } from '../lib.mjs';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const { defaultBrowserType: _, viewport: __, ...PHONE } = devices['Pixel 7'];
const shots = ensureShotsDir();

let browser;

async function phone(lang) {
  const ctx = await browser.newContext({ ...PHONE, viewport: PHONE_390, baseURL: BASE_URL, locale: 'zh-CN' });
  if (lang) await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  return ctx;
}

/** Whether the focus is on `selector` now. */
function focusedOn(page, selector) {
  return page.evaluate((sel) => Boolean(document.activeElement?.matches(sel)), selector);
}

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
});
after(async () => {
  await browser?.close();
});

describe('mobile site: axe-core and the keyboard', () => {
  for (const lang of ['zh-CN', 'en-US']) {
    it(`every /m page and its sheets, ${lang} at 390 px`, async () => {
      const found = [];
      const ctx = await phone(lang);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const check = async (name) => {
        await settle(page);
        const problems = await a11yProblems(page, lang);
        const overflow = await pageOverflow(page);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        // After the checks: a full-page screenshot resizes the page for a moment (popups realign).
        await page.screenshot({ path: join(shots, `a11y-m-${name}-${lang}-390.png`), fullPage: true });
        found.push([name, problems]);
      };
      const visit = async (name, path, ready) => {
        await page.goto(url(path));
        try {
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
        } catch {
          found.push([name, [{ id: 'page-not-ready', impact: 'test', help: `${ready} did not show`, nodes: [{ target: path, summary: '' }] }]]);
          return false;
        }
        await check(name);
        return true;
      };
      await page.goto(url('/m/'));
      await page.waitForFunction(() => Boolean(window.__jobseekerCore));
      const job = (await ajax(page, '/job/search', { kw: '', page: 1, pagesize: 1 })).list[0];

      // Logged out.
      await visit('home', '/m/', '.m-job');
      if (await visit('search', '/m/search?q=Java', '[data-testid="m-results"]')) {
        await page.locator('.m-filters button').first().click();
        await page.locator('.m-sheet .m-chip').first().waitFor();
        await check('search-filter-sheet');
        await page.keyboard.press('Escape');
      }
      await visit('job-logged-out', `/m/job/${job.id}`, '[data-testid="m-apply"]');
      await visit('company', `/m/company/${job.companyId}`, '.m-job-head');
      if (await visit('login', '/m/login', 'form#m-login')) {
        await page.locator('form#m-login button[type="submit"]').click();
        await page.locator('form#m-login .m-error').first().waitFor();
        await check('login-errors');
        await page.locator('.m-segments [role="tab"]').nth(1).click();
        await page.locator('form#m-login input[name="mobile"]').fill('13712349876');
        await page.locator('form#m-login .m-input-row button').click();
        await page.locator('.m-sheet .slider-captcha[data-phase="ready"]').waitFor({ timeout: 15_000 }).catch(() => {});
        await check('login-slider-sheet');
        await page.keyboard.press('Escape');
      }
      await visit('register', '/m/register', 'input[name="confirmPassword"]');
      await visit('forgot-password', '/m/forgot-password', 'input[name="confirmPassword"]');
      await visit('not-found', '/m/no-such-page', '.m-main');

      // The demo candidate.
      await page.goto(url('/m/login'));
      await page.locator('form#m-login input[name="mobile"]').fill(DEMO.mobile);
      await page.locator('form#m-login input[name="password"]').fill(DEMO.password);
      await page.locator('form#m-login button[type="submit"]').click();
      await page.waitForURL((u) => new URL(u).pathname !== '/m/login');
      await visit('job', `/m/job/${job.id}`, '[data-testid="m-apply"]');
      await visit('my', '/m/my', '[data-testid="m-count-apply"]');
      await visit('my-apply', '/m/my/apply', '.m-job, .m-empty');
      await visit('my-apply-interviews', '/m/my/apply?tab=interviews', '[data-testid="m-invitation"], .m-empty');
      await visit('my-collect', '/m/my/collect', '.m-job, .m-empty');
      if (await visit('my-set-password', '/m/my/set-password', 'input[name="confirmPassword"]')) {
        await page.locator('.m-main button[type="submit"]').click();
        await page.locator('.m-error').first().waitFor();
        await check('my-set-password-errors');
      }
      await visit('resume', '/m/resume/detail', '[data-testid="m-resume"]');
      await visit('resume-edit', '/m/resume/edit/basic', 'form[data-section="basic"]');

      await ctx.close();
      assertNoA11yProblems(found, `/m pages, ${lang} at 390 px`);
      assert.deepEqual(errors.filter((e) => !/status of (400|401)/.test(e)), []);
    });
  }

  it('by keyboard alone: logs in, searches, uses a filter sheet, opens a job and applies', async () => {
    const ctx = await phone();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const kb = page.keyboard;

    await page.goto(url('/m/login'));
    await page.locator('form#m-login').waitFor();
    await tabTo(page, 'form#m-login input[name="mobile"]');
    await kb.type(DEMO.mobile);
    await tabTo(page, 'form#m-login input[name="password"]');
    await kb.type(DEMO.password);
    await kb.press('Enter');
    await page.waitForURL((u) => new URL(u).pathname !== '/m/login');

    // A job the demo candidate has not applied to yet.
    const found = await ajax(page, '/job/search', { q: '工程师' });
    const job = found.list.find((j) => !j.applied && !j.closed);
    assert.ok(job, 'an open job to apply to');

    // The tab bar to the search page; the keyword box, Enter.
    await tabTo(page, '.m-tabs a[href="/m/search"]');
    await kb.press('Enter');
    await waitForPath(page, '/m/search');
    await tabTo(page, '.m-searchbox input');
    await kb.type(job.title);
    await kb.press('Enter');
    await page.waitForURL((u) => new URL(u).searchParams.get('q') === job.title);
    await page.locator(`[data-testid="m-results"] a[href="/m/job/${job.id}"]`).waitFor();

    // The sort tabs: one Tab stop, the arrows choose (newest, then back to best match).
    await tabTo(page, '.m-segments [role="tab"][aria-selected="true"]');
    await kb.press('ArrowRight');
    await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'newest');
    await assertFocus(page, '.m-segments [role="tab"][aria-selected="true"]', 'on the chosen sort');
    await kb.press('ArrowLeft');
    await page.waitForURL((u) => !new URL(u).searchParams.get('sort'));
    await page.locator(`[data-testid="m-results"] a[href="/m/job/${job.id}"]`).waitFor();

    // A filter sheet: it takes the focus, keeps it inside, and Escape gives it back to its button.
    await tabTo(page, '.m-filters button');
    await kb.press('Enter');
    await page.locator('.m-sheet').waitFor();
    await page.waitForFunction(() => document.querySelector('.m-sheet')?.contains(document.activeElement));
    for (let i = 0; i < 4; i++) {
      await kb.press('Shift+Tab');
      assert.ok(await page.evaluate(() => document.querySelector('.m-sheet')?.contains(document.activeElement)), `Shift+Tab ${i + 1} left the sheet`);
    }
    await kb.press('Escape');
    await page.locator('.m-sheet').waitFor({ state: 'detached' });
    await assertFocus(page, '.m-filters button', 'after the sheet closed');

    // The job, and apply.
    await tabTo(page, `[data-testid="m-results"] a[href="/m/job/${job.id}"]`);
    await kb.press('Enter');
    await waitForPath(page, `/m/job/${job.id}`);
    await page.locator('[data-testid="m-apply"]').waitFor();
    await tabTo(page, '[data-testid="m-apply"]');
    await kb.press('Enter');
    // With more than one resume, a sheet asks which: its first choice, by Enter.
    const sheet = page.locator('.m-sheet');
    const applied = page.locator('[data-testid="m-apply"][disabled]');
    await Promise.race([sheet.waitFor(), applied.waitFor()]);
    if (await sheet.isVisible()) {
      await page.waitForFunction(() => document.querySelector('.m-sheet')?.contains(document.activeElement));
      if (!(await focusedOn(page, '.m-sheet .m-choice'))) await tabTo(page, '.m-sheet .m-choice', { max: 5 });
      await kb.press('Enter');
    }
    await applied.waitFor();
    const mine = await ajax(page, '/job/detail', { jobid: job.id });
    assert.equal(mine.job.applied, true, `applied to ${job.title}`);

    assert.deepEqual(errors, []);
    await ctx.close();
  });
});
