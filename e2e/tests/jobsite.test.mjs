// The public job site in a browser: search from home, filter, open a job, apply with a resume and save it,
// then find both in the personal centre; screenshots of the four pages in both languages at 1366 and 390 px.
// Runs its own server on a fresh DATA_DIR (the demo candidate's records stay untouched for the other files),
// with 400 generated jobs beside the demo ones.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DEMO, DESKTOP, ensureShotsDir, openBrowser, waitForTitle, watchErrors } from '../lib.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverBin = process.env.SERVER_BIN ? resolve(process.env.SERVER_BIN) : join(repo, 'target', 'debug', 'jobseeker-server');
const NARROW_390 = { width: 390, height: 844 };
const shots = ensureShotsDir();

let base;
let server;
let dataDir;

async function startServer() {
  dataDir = mkdtempSync(join(tmpdir(), 'jobsite-e2e-'));
  const env = { ...process.env, PORT: '0', DATA_DIR: dataDir, UI_DIR: join(repo, 'ui', 'dist'), RUST_LOG: 'warn', SEARCH_SYNC_SECS: '1' };
  delete env.DATABASE_URL;
  // Demo data first (the server makes it on start), then generated jobs, picked up by the index on the next start.
  const first = spawn(serverBin, [], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ok) => first.stdout.once('data', ok));
  first.kill();
  await new Promise((ok) => first.once('exit', ok));
  execFileSync(serverBin, ['seed', '--jobs', '400', '--seed', '3'], { env, stdio: 'ignore' });
  server = spawn(serverBin, [], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((ok) => server.stdout.once('data', (d) => ok(String(d))));
  base = line.trim().replace('listening on ', '').split('\n')[0];
}

const at = (path) => new URL(path, base).toString();

async function login(page, returnUrl) {
  await page.waitForURL((u) => new URL(u).pathname === '/login');
  assert.equal(new URL(page.url()).searchParams.get('returnUrl'), returnUrl);
  await page.locator('#login_mobile').fill(DEMO.mobile);
  await page.locator('#login_password').fill(DEMO.password);
  await page.locator('form#login button[type="submit"]').click();
  await page.waitForURL((u) => new URL(u).pathname === returnUrl);
}

describe('job site', () => {
  let browser;

  before(async () => {
    await startServer();
    browser = await openBrowser();
  });

  after(async () => {
    await browser?.close();
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('searches from home, filters, applies with a resume, saves, and finds both in the personal centre', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);

    await page.goto(at('/'));
    await page.locator('[data-testid="home-newest"] [data-testid="job-card"]').first().waitFor();
    assert.ok((await page.locator('[data-testid="hot-keywords"] a').count()) >= 5);
    assert.ok(await page.locator('[data-testid="home-companies"] li').count());

    await page.locator('.hero .job-search input').fill('测试开发');
    await page.locator('.hero .job-search input').press('Enter');
    await page.waitForURL((u) => new URL(u).pathname === '/search' && new URL(u).searchParams.get('q') === '测试开发');
    const cards = page.locator('[data-testid="job-list"] [data-testid="job-card"]');
    await cards.first().waitFor();
    const all = await page.locator('[data-testid="results-total"]').innerText();
    // The words are marked in the titles.
    assert.deepEqual(await cards.first().locator('.job-card-title mark').allInnerTexts(), ['测试', '开发']);

    // Filter by city: the URL holds it, every result is there, and back undoes it.
    await page.locator('[data-testid="filter-city"] button[data-value="上海"]').click();
    await page.waitForURL((u) => new URL(u).searchParams.get('city') === '上海');
    await page.waitForFunction((before) => document.querySelector('[data-testid="results-total"]')?.textContent !== before, all);
    const cities = await page.locator('[data-testid="job-list"] .job-card-meta span:first-child').allInnerTexts();
    assert.ok(cities.length > 0 && cities.every((c) => c === '上海'), cities.join());
    await page.goBack();
    await page.waitForURL((u) => !new URL(u).searchParams.has('city'));
    await page.waitForFunction((want) => document.querySelector('[data-testid="results-total"]')?.textContent === want, all);
    await page.goForward();
    await page.waitForURL((u) => new URL(u).searchParams.get('city') === '上海');

    // The demo job 测试开发工程师 (饿了么, 上海) is not yet applied for or saved.
    const demo = page.locator('[data-testid="job-card"]', { hasText: '上海拉扎斯信息科技有限公司' }).first();
    await demo.waitFor();
    assert.equal(await demo.locator('[data-testid="flag-applied"]').count(), 0);
    await demo.locator('.job-card-title').click();
    await page.waitForURL((u) => /^\/job\/\d+$/.test(new URL(u).pathname));
    const jobPath = new URL(page.url()).pathname;
    await page.locator('[data-testid="job-head"] .job-title').waitFor();
    assert.equal(await page.locator('[data-testid="job-head"] .job-title').innerText(), '测试开发工程师');
    assert.match(await page.locator('[data-testid="company-card"]').innerText(), /上海拉扎斯信息科技有限公司/);
    await waitForTitle(page, '测试开发工程师 - 饿了么 - 职达招聘');
    assert.match(await page.locator('[data-testid="job-description"]').innerText(), /自动化测试/);

    // A visitor is sent to log in and comes back to the job.
    await page.locator('[data-testid="apply"]').click();
    await login(page, jobPath);
    await page.locator('[data-testid="apply"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('[data-testid="apply-resumes"]').waitFor();
    assert.match(await modal.innerText(), /张伟的简历/);
    await modal.locator('.ant-radio-wrapper', { hasText: '张伟的简历' }).click();
    await modal.locator('[data-testid="apply-confirm"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="apply"]')?.textContent?.includes('已投递'));
    assert.equal(await page.locator('[data-testid="apply"]').isDisabled(), true);
    await page.locator('[data-testid="save"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="save"]')?.textContent?.includes('已收藏'));

    // Back in the results, the job carries both flags.
    await page.goto(at(`/search?q=${encodeURIComponent('测试开发')}&city=${encodeURIComponent('上海')}`));
    const flagged = page.locator('[data-testid="job-card"]', { hasText: '上海拉扎斯信息科技有限公司' }).first();
    await flagged.locator('[data-testid="flag-applied"]').waitFor();
    await flagged.locator('[data-testid="flag-saved"]').waitFor();

    // Both are in the personal centre.
    await page.goto(at('/my/apply'));
    await page.locator('[data-testid="apply-list"]').waitFor();
    assert.match(await page.locator('[data-testid="apply-list"] li').first().innerText(), /测试开发工程师/);
    await page.goto(at('/my/collect'));
    await page.locator('[data-testid="collect-list"]').waitFor();
    assert.match(await page.locator('[data-testid="collect-list"]').innerText(), /测试开发工程师/);

    // The company page lists its open jobs.
    await page.goto(at(jobPath));
    await page.locator('[data-testid="company-card"] a').first().click();
    await page.waitForURL((u) => /^\/company\/\d+$/.test(new URL(u).pathname));
    await page.locator('[data-testid="company-jobs"]').waitFor();
    assert.match(await page.locator('[data-testid="company-jobs"]').innerText(), /测试开发工程师/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  for (const lang of ['zh-CN', 'en-US']) {
    for (const [size, viewport] of [
      ['1366', DESKTOP],
      ['390', NARROW_390],
    ]) {
      it(`screenshots in ${lang} at ${size}px`, async () => {
        const ctx = await browser.context({ viewport, lang });
        const page = await ctx.newPage();
        const errors = watchErrors(page);
        await page.goto(at('/'));
        await page.locator('[data-testid="home-newest"] [data-testid="job-card"]').first().waitFor();
        await page.screenshot({ path: join(shots, `jobsite-home-${lang}-${size}.png`), fullPage: true });
        await page.goto(at('/search?q=Java开发&city=杭州'));
        await page.locator('[data-testid="job-list"] [data-testid="job-card"]').first().waitFor();
        // The values stored in Chinese show in the reader's language.
        const meta = page.locator('[data-testid="job-list"] [data-testid="job-card"] .job-card-meta').first();
        await page.waitForFunction(
          ([sel, want]) => document.querySelector(sel)?.textContent?.startsWith(want),
          ['[data-testid="job-list"] [data-testid="job-card"] .job-card-meta', lang === 'en-US' ? 'Hangzhou' : '杭州'],
        );
        assert.doesNotMatch(await meta.innerText(), lang === 'en-US' ? /[年科]/ : /Hangzhou/);
        await page.screenshot({ path: join(shots, `jobsite-search-${lang}-${size}.png`), fullPage: true });
        // A narrow screen shows the city row and opens the other filters on request.
        const education = page.locator('[data-testid="filter-education"]');
        assert.equal(await education.isVisible(), viewport === DESKTOP);
        assert.equal(await page.locator('[data-testid="filter-toggle"]').isVisible(), viewport !== DESKTOP);
        if (viewport !== DESKTOP) {
          await page.locator('[data-testid="filter-toggle"]').click();
          await education.waitFor({ state: 'visible' });
        }
        await page.locator('[data-testid="job-list"] .job-card-title').first().click();
        await page.locator('[data-testid="job-head"]').waitFor();
        await page.screenshot({ path: join(shots, `jobsite-job-${lang}-${size}.png`), fullPage: true });
        await page.locator('[data-testid="company-card"] a').first().click();
        await page.locator('[data-testid="company-head"]').waitFor();
        await page.screenshot({ path: join(shots, `jobsite-company-${lang}-${size}.png`), fullPage: true });
        assert.deepEqual(errors, []);
        await ctx.close();
      });
    }
  }
});
