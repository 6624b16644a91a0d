// The server-rendered public pages in a browser: without JavaScript a job page, a search page and the home
// page show their content (screenshots in both languages, at 1366 and 390 px); with it, the app takes over
// the same page (the server's copy goes, the app's page is there, nothing moved the header), and applying
// works from a job page that was opened server-rendered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { DEMO, DESKTOP, ajax, ensureShotsDir, expectNoAxeViolations, openBrowser, submitLogin, url, watchErrors } from '../lib.mjs';

const NARROW_390 = { width: 390, height: 844 };
const shots = ensureShotsDir();

describe('server-rendered public pages', () => {
  let browser;
  let jobId;
  let jobTitle;
  let beijingJobs;

  before(async () => {
    browser = await openBrowser();
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/login'));
    await page.waitForFunction(() => window.__jobseekerCore);
    const found = await ajax(page, '/job/search', { kw: '产品经理' });
    jobId = found.list[0].id;
    jobTitle = found.list[0].title;
    beijingJobs = (await ajax(page, '/job/search', { city: '北京' })).list.length;
    await ctx.close();
  });

  after(async () => {
    await browser?.close();
  });

  for (const lang of ['zh-CN', 'en-US']) {
    for (const viewport of [DESKTOP, NARROW_390]) {
      it(`shows the job, the search and the home page without JavaScript (${lang}, ${viewport.width} px)`, async () => {
        // The app's scripts refused: what a crawler that runs no JavaScript gets (the test's own
        // evaluate calls, axe's among them, still run, which javaScriptEnabled: false would stop).
        const raw = await browser.context({ viewport });
        await raw.route('**/assets/*.js', (route) => route.abort());
        const page = await raw.newPage();
        const suffix = lang === 'en-US' ? '?lang=en-US' : '';
        await page.goto(url(`/job/${jobId}${suffix}`));
        assert.equal(await page.locator('#ssr h1').innerText(), jobTitle);
        assert.equal(await page.locator('html').getAttribute('lang'), lang);
        const description = page.locator('#ssr .ssr-description');
        assert.ok((await description.innerText()).length > 20, 'the description is on the page');
        assert.equal(await page.locator('#root').isVisible(), false, 'the app root stays hidden behind the server page');
        await page.screenshot({ path: join(shots, `ssr-job-${lang}-${viewport.width}.png`), fullPage: true });

        await page.goto(url(`/search?city=${encodeURIComponent('北京')}${suffix ? '&lang=en-US' : ''}`));
        assert.ok(beijingJobs > 0);
        assert.equal(await page.locator('#ssr .ssr-list li a').count(), beijingJobs, 'the first page of results as links');
        assert.equal(await page.locator('#ssr h1').innerText(), lang === 'en-US' ? 'Beijing jobs' : '北京招聘');
        await page.screenshot({ path: join(shots, `ssr-search-${lang}-${viewport.width}.png`), fullPage: true });

        await page.goto(url(`/${suffix}`));
        assert.ok((await page.locator('#ssr .ssr-list li a').count()) >= 5, 'the newest jobs');
        await page.screenshot({ path: join(shots, `ssr-home-${lang}-${viewport.width}.png`), fullPage: true });
        // The page a crawler gets is itself accessible.
        await expectNoAxeViolations(page, `server-rendered home ${lang} ${viewport.width}`);
        await raw.close();
      });
    }
  }

  it('lets the app take over a server-rendered job page, and applying works from it', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url(`/login?returnUrl=${encodeURIComponent(`/job/${jobId}`)}`));
    await submitLogin(page, DEMO);
    await page.waitForURL((u) => new URL(u).pathname === `/job/${jobId}`);
    // A full load of the page, as from a search engine: the server's copy first.
    const response = await page.goto(url(`/job/${jobId}`));
    assert.match(await response.text(), new RegExp(`<h1>${jobTitle.replace(/[()（）]/g, '.')}</h1>`), 'the HTML holds the job');
    await page.locator('[data-testid="job-head"] .job-title').waitFor();
    assert.equal(await page.locator('#ssr').count(), 0, 'the server page is gone once the app shows the job');
    assert.equal(await page.locator('[data-testid="job-head"] .job-title').innerText(), jobTitle);
    // The header sits where the server drew it.
    const headerTop = await page.locator('.site-header').first().boundingBox();
    assert.equal(headerTop?.y, 0);

    await page.locator('[data-testid="apply"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('[data-testid="apply-resumes"]').waitFor();
    await modal.locator('.ant-radio-wrapper').first().click();
    await modal.locator('[data-testid="apply-confirm"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="apply"]')?.textContent?.includes('已投递'));
    const mine = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 20 });
    assert.ok(mine.list.some((a) => a.jobId === jobId), 'the application is on record');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('hands over to the app on the home page, and when the reader goes on to another page', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/'));
    await page.locator('[data-testid="home-categories"]').waitFor();
    assert.equal(await page.locator('#ssr').count(), 0);
    assert.equal(await page.locator('#root').isVisible(), true);
    // A page that came from the server hands over when the reader moves on before it is ready, too.
    await page.goto(url(`/job/${jobId}`));
    await page.locator('#root .site-header a[href="/search"]').first().click();
    await page.waitForURL((u) => new URL(u).pathname === '/search');
    await page.waitForFunction(() => !document.getElementById('ssr'));
    assert.equal(await page.locator('#root').isVisible(), true);
    await ctx.close();
  });
});
