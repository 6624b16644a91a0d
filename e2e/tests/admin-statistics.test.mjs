// The admin console's statistics page (/admin/statistics, issues 19 and 23) in a browser: a job page a
// candidate opens reaches today's views on the page's table and the most viewed jobs; each chart is drawn
// (ECharts, fetched only when the page opens) with its data table beside it; axe-core, <html lang>, one h1 and
// the page's own width in zh-CN and en-US at 1366 and 390 px, screenshots into
// screenshots/admin-statistics-*.png. And the recruiter funnel (/recruit/funnel) puts views before applications.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  DESKTOP,
  PHONE_390,
  a11yProblems,
  adminTotpSecret,
  ajax,
  assertNoA11yProblems,
  ensureShotsDir,
  freshTotp,
  loginAsDemo,
  openBrowser,
  pageOverflow,
  readUntil,
  settle,
  url,
  waitForPath,
  watchErrors,
} from '../lib.mjs';

const shots = ensureShotsDir();
const COMPANY = { mobile: '13700000000', password: 'demo1234' };

async function adminLogin(page) {
  await page.goto(url('/admin/login'));
  const signedIn = await ajax(page, '/admin/login', { username: 'admin', password: 'demo1234', otp: await freshTotp(await adminTotpSecret()) });
  assert.ok(signedIn?.admin, `admin log-in: ${JSON.stringify(signedIn)}`);
}

/** Today's views in /admin/statsDaily. */
async function todaysViews(page) {
  const stats = await ajax(page, '/admin/statsDaily', { days: 7 });
  return stats.series.at(-1);
}

describe('admin statistics', () => {
  let browser;
  let job;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('a job page opened reaches the statistics; every chart has its table; axe-clean in both languages at 1366 and 390 px', async () => {
    const admin = await (await browser.context()).newPage();
    await adminLogin(admin);
    const before = await todaysViews(admin);

    // A candidate opens a job page and leaves it: the page hides and its beacon goes.
    const candidate = await (await browser.context({ viewport: DESKTOP })).newPage();
    await loginAsDemo(candidate);
    const list = (await ajax(candidate, '/job/search', { page: 1, pagesize: 20 })).list;
    job = list[list.length - 1];
    await candidate.goto(url(`/job/${job.id}`));
    await candidate.locator('h1').first().waitFor();
    await candidate.goto(url('/my/tags'));
    const today = await readUntil(() => todaysViews(admin), (t) => t.views > before.views, { every: 300 });
    assert.ok(today.views > before.views, `today's views went up: ${before.views} → ${today.views}`);

    for (const [lang, size, viewport] of [
      ['zh-CN', '1366', DESKTOP],
      ['en-US', '1366', DESKTOP],
      ['zh-CN', '390', PHONE_390],
      ['en-US', '390', PHONE_390],
    ]) {
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const charts = [];
      page.on('request', (r) => {
        if (/\/assets\/echart-[^/]*\.js$/.test(r.url())) charts.push(r.url());
      });
      await adminLogin(page);
      await page.goto(url('/admin'));
      await page.locator('.admin-content h1').waitFor();
      assert.equal(charts.length, 0, 'the dashboard does not fetch the chart library');
      // By the menu, as an admin goes there.
      await page.locator('.admin-sider a[href="/admin/statistics"]').click();
      await waitForPath(page, '/admin/statistics');
      for (const id of ['registrations-chart', 'activity-chart', 'site-funnel-chart', 'jobs-chart']) {
        await page.locator(`[data-testid="${id}"] svg`).waitFor({ timeout: 15_000 });
      }
      assert.ok(charts.length > 0, 'the chart library came with the statistics page');
      const heading = (await page.locator('h1').innerText()).trim();
      assert.equal(heading, lang === 'zh-CN' ? '数据统计' : 'Statistics');

      // Today's row is first in the day tables, and says what the server counts.
      const now = await ajax(page, '/admin/statsDaily', { days: 30 });
      const day = now.series.at(-1).day;
      const cell = (table, key) => page.locator(`[data-testid="${table}"] tbody tr`).first().locator(`td[data-key="${key}"]`).innerText();
      assert.equal(await page.locator('[data-testid="activity-table"] tbody tr').first().getAttribute('data-day'), day);
      assert.equal(Number(await cell('activity-table', 'views')), now.series.at(-1).views);
      assert.equal(Number(await cell('registrations-table', 'candidates')), now.series.at(-1).candidates);
      assert.equal(await page.locator('[data-testid="activity-table"] tbody tr').count(), 30, 'every day of the window');
      // The funnel: views first.
      const steps = await page.locator('[data-testid="site-funnel-table"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-step')));
      assert.deepEqual(steps, ['views', 'applied', 'viewed', 'interview', 'hired']);
      // The opened job is among the most viewed, with its views and conversion.
      const row = page.locator(`[data-testid="jobs-table"] tr[data-job="${job.id}"]`);
      await row.waitFor();
      assert.ok(Number(await row.locator('td[data-key="views"]').innerText()) >= 1);

      await settle(page);
      const problems = await a11yProblems(page, lang);
      const overflow = await pageOverflow(page);
      if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
      await page.screenshot({ path: join(shots, `admin-statistics-${lang}-${size}.png`), fullPage: true });
      assertNoA11yProblems([['statistics', problems]], `/admin/statistics ${lang} at ${size} px`);

      if (size === '1366' && lang === 'zh-CN') {
        // Another window: the tables follow.
        await page.locator('.ant-select:has(#stats-days)').click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '7' }).click();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="activity-table"] tbody tr').length === 7);
      }
      assert.deepEqual(errors, []);
      await ctx.close();
    }
  });

  it('the recruiter funnel shows views before applications', async () => {
    const ctx = await browser.context({ viewport: DESKTOP });
    const page = await ctx.newPage();
    await page.goto(url('/recruit/login'));
    await page.locator('#comlogin_mobile').fill(COMPANY.mobile);
    await page.locator('#comlogin_password').fill(COMPANY.password);
    await page.locator('form#comlogin button[type="submit"]').click();
    await waitForPath(page, '/recruit/job/');
    await page.goto(url('/recruit/funnel'));
    await page.locator('[data-testid="funnel-chart"] svg').waitFor({ timeout: 15_000 });
    const funnel = await ajax(page, '/comresume/hiringFunnel', { days: 90, jobId: 0 });
    const rows = page.locator('[data-testid="funnel-table"] tbody tr');
    assert.equal(await rows.first().getAttribute('data-step'), 'views');
    assert.equal(await rows.nth(1).getAttribute('data-step'), 'applied');
    assert.equal(Number(await rows.first().locator('td').first().innerText()), funnel.views);
    await ctx.close();
  });
});
