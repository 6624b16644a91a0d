// Issue 23 in a browser: a resume's openness set on /my/shield (and on the mobile user centre) decides
// whether a company's resume search finds it; the behaviour log the ui sends with sendBeacon when a page
// hides makes the home page recommend jobs of the category the candidate opened. axe-core on the pages
// this changed: /my/shield (1366 px zh-CN, 390 px en-US), /m/my, the home page. The mobile home
// recommends from the same log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE_390, adminTotpSecret, ajax, companyLogin, expectNoAxeViolations, freshTotp, loginAsDemo, openBrowser, readUntil, submitLogin, url, waitForPath, watchErrors } from '../lib.mjs';


/** The resume ids the company's resume search page shows for `keyword`. */
async function searchHits(page, keyword) {
  await page.goto(url(`/recruit/search?keyword=${encodeURIComponent(keyword)}`));
  await page.locator('[data-testid="search-total"]').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle').catch(() => {});
  return page.locator('[data-testid="resume-hit"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-resume')));
}

/** Waits until the server holds `type` as the resume's openness (the page's own calls may be in flight: `ajax` waits them out). */
async function waitForType(page, resumeId, type) {
  const typeNow = async () => {
    const list = await ajax(page, '/pcuser/typeList');
    return Array.isArray(list) ? list.find((r) => String(r.resumeId) === resumeId)?.type : undefined;
  };
  const now = await readUntil(typeNow, (t) => t === type, { ms: 10_000, every: 250 });
  assert.equal(now, type, `the resume's openness became ${type}`);
}

describe('resume openness and the behaviour log', () => {
  let browser;

  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('hiding a resume on /my/shield makes the company resume search miss it; the mobile user centre sets it back', async () => {
    const candidate = await (await browser.context()).newPage();
    const errors = watchErrors(candidate);
    await loginAsDemo(candidate);
    const [mine] = await ajax(candidate, '/pcuser/typeList');
    const resumeId = String(mine.resumeId);
    assert.equal(mine.type, 'public');

    const company = await (await browser.context()).newPage();
    await companyLogin(company);
    assert.ok((await searchHits(company, '张伟')).includes(resumeId), 'a public resume is found');

    await candidate.goto(url('/my/shield'));
    const group = candidate.locator(`[data-testid="openness"] fieldset[data-resume="${resumeId}"]`);
    await group.waitFor({ state: 'visible' });
    assert.equal(await group.locator('input[value="public"]').isChecked(), true);
    await expectNoAxeViolations(candidate, '/my/shield 1366 zh-CN');
    // By keyboard: the checked radio takes the focus, the arrows move the choice (public → applied → hidden).
    await group.locator('input[value="public"]').focus();
    await candidate.keyboard.press('ArrowDown');
    await group.locator('input[value="applied"]:checked').waitFor();
    await waitForType(candidate, resumeId, 'applied');
    // :enabled, not :not([disabled]): the fieldset disables its radios while saving without an attribute on them.
    await group.locator('input[value="applied"]:checked:enabled').waitFor();
    await group.locator('input[value="applied"]').focus();
    await candidate.keyboard.press('ArrowDown');
    await group.locator('input[value="hidden"]:checked').waitFor();
    await waitForType(candidate, resumeId, 'hidden');
    assert.ok(!(await searchHits(company, '张伟')).includes(resumeId), 'a hidden resume is not found');
    // The company holding an application still reads what was sent.
    const apps = await ajax(company, '/comresume/applyresume', { page: 1, pagesize: 50 });
    const sent = apps.list.find((a) => String(a.resumeId) === resumeId);
    assert.ok(sent, 'the demo application to the company');
    const detail = await ajax(company, '/comresume/detail', { applyId: String(sent.applyId) });
    assert.ok(detail.resume, `the application's resume stays readable: ${JSON.stringify(detail).slice(0, 200)}`);

    // en-US at 390 px: the same setting, checked by axe.
    const narrow = await (await browser.context({ viewport: PHONE_390, lang: 'en-US' })).newPage();
    await loginAsDemo(narrow);
    await narrow.goto(url('/my/shield'));
    await narrow.locator(`[data-testid="openness"] fieldset[data-resume="${resumeId}"] input[value="hidden"]:checked`).waitFor();
    assert.ok(await narrow.getByText('Who can see my resume').isVisible());
    await expectNoAxeViolations(narrow, '/my/shield 390 en-US');

    // The mobile user centre: a labelled select per resume.
    const phone = await (await browser.context({ viewport: PHONE_390 })).newPage();
    await loginAsDemo(phone);
    await phone.goto(url('/m/my'));
    const select = phone.getByLabel(`“${mine.title}”的公开程度`);
    await select.waitFor({ state: 'visible' });
    assert.equal(await select.inputValue(), 'hidden');
    await expectNoAxeViolations(phone, '/m/my 390 zh-CN');
    await select.selectOption('public');
    await waitForType(phone, resumeId, 'public');
    assert.ok((await searchHits(company, '张伟')).includes(resumeId), 'public again: found again');
    assert.deepEqual(errors.filter((e) => !/status of (400|401|429)/.test(e)), []);
  });

  it('opening jobs of one category changes the home page recommendations', async () => {
    const ctx = await browser.context({ viewport: DESKTOP });
    const page = await ctx.newPage();
    await loginAsDemo(page);
    const recommended = async () => {
      await page.goto(url('/'));
      await page.locator('[data-testid="home-recommended"]').waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle').catch(() => {});
      return page.locator('[data-testid="home-recommended"] a.job-card-title').evaluateAll((els) => els.map((a) => a.getAttribute('href').split('/').pop()));
    };
    const before = await recommended();
    assert.ok(before.length > 0, 'the demo candidate has tags, so some jobs are recommended');
    const all = (await ajax(page, '/job/search', { page: 1, pagesize: 50 })).list.filter((j) => !j.applied);
    const shownCategories = new Set(all.filter((j) => before.includes(String(j.id))).map((j) => j.category));
    const category = all.map((j) => j.category).find((c) => c && !shownCategories.has(c));
    assert.ok(category, 'a category the tags do not bring');
    const ofCategory = all.filter((j) => j.category === category).map((j) => String(j.id));
    assert.ok(ofCategory.every((id) => !before.includes(id)));

    // Open its jobs the way a reader does: each job page, then away (the page hides, the beacon goes).
    for (const id of ofCategory.slice(0, 3)) {
      await page.goto(url(`/job/${id}`));
      await page.locator('h1').first().waitFor();
    }
    // Away from the last job page: it hides, and its beacon goes.
    await page.goto(url('/my/tags'));
    const after = await readUntil(recommended, (ids) => ids.some((id) => ofCategory.includes(id)));
    assert.ok(after.some((id) => ofCategory.includes(id)), `a job of ${category} is recommended now: ${after.join(',')} (before: ${before.join(',')})`);
    await expectNoAxeViolations(page, 'home with recommendations 1366 zh-CN');
  });

  it('within the app (no page hides), going back home sends the log first; job cards seen count as views', async () => {
    // The admin console's count of jobs seen in lists, before.
    const admin = await (await browser.context()).newPage();
    await admin.goto(url('/admin/login'));
    const signedIn = await ajax(admin, '/admin/login', { username: 'admin', password: 'demo1234', otp: await freshTotp(await adminTotpSecret()) });
    assert.ok(signedIn?.admin, `admin log-in: ${JSON.stringify(signedIn)}`);
    const impressions = async () => (await ajax(admin, '/admin/jobStats', { days: 1 })).impressions;
    const seenBefore = await impressions();
    const page = await (await browser.context({ viewport: DESKTOP })).newPage();
    // The second demo candidate, whose log is empty.
    await page.goto(url('/login'));
    await submitLogin(page, { mobile: '13900000001' });
    await page.waitForURL((u) => new URL(u).pathname !== '/login');
    const home = await ajax(page, '/site/home');
    const before = home.recommended.map((j) => String(j.id));
    const all = (await ajax(page, '/job/search', { page: 1, pagesize: 50 })).list.filter((j) => !j.applied);
    const shown = new Set(all.filter((j) => before.includes(String(j.id))).map((j) => j.category));
    const category = all.map((j) => j.category).find((c) => c && !shown.has(c));
    assert.ok(category, 'a category not recommended yet');
    const ofCategory = all.filter((j) => j.category === category).map((j) => String(j.id));

    // Search the category (a full load), then open a job and go home by links: one page all along.
    await page.goto(url(`/search?category=${encodeURIComponent(category)}`));
    const first = page.locator(`a.job-card-title[href="/job/${ofCategory[0]}"]`);
    await first.waitFor({ state: 'visible' });
    await first.click();
    await waitForPath(page, `/job/${ofCategory[0]}`);
    await page.locator('h1').first().waitFor();
    await page.locator('header a[href="/"]').first().click();
    await waitForPath(page, '/');
    const block = page.locator('[data-testid="home-recommended"]');
    await block.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle').catch(() => {});
    const after = await block.locator('a.job-card-title').evaluateAll((els) => els.map((a) => a.getAttribute('href').split('/').pop()));
    assert.ok(after.some((id) => ofCategory.includes(id)), `a job of ${category} is recommended at once: ${after.join(',')} (before: ${before.join(',')})`);
    // The search page's cards on screen were logged as seen (`view`), and the statistics count them.
    assert.ok((await impressions()) > seenBefore, 'the cards seen on the search page count');
  });

  it('on the mobile site, opening jobs of one category changes the /m home recommendations', async () => {
    const page = await (await browser.context({ viewport: PHONE_390 })).newPage();
    // The second demo candidate: the test above opened one job of another category for them.
    await page.goto(url('/login'));
    await submitLogin(page, { mobile: '13900000001' });
    await page.waitForURL((u) => new URL(u).pathname !== '/login');
    const recommended = async () => {
      await page.goto(url('/m'));
      await page.waitForLoadState('networkidle').catch(() => {});
      return page.locator('[data-testid="m-home-recommended"] a[href*="/job/"]').evaluateAll((els) => els.map((a) => a.getAttribute('href').split('/').pop()));
    };
    const before = await recommended();
    const all = (await ajax(page, '/job/search', { page: 1, pagesize: 50 })).list.filter((j) => !j.applied);
    const shown = new Set(all.filter((j) => before.includes(String(j.id))).map((j) => j.category));
    const category = all.map((j) => j.category).find((c) => c && !shown.has(c));
    assert.ok(category, 'a category not recommended on /m yet');
    const ofCategory = all.filter((j) => j.category === category).map((j) => String(j.id));
    // Three openings on /m (more than any other category's), each page left for the next, the last for /m.
    for (let i = 0; i < 3; i++) {
      await page.goto(url(`/m/job/${ofCategory[i % ofCategory.length]}`));
      await page.locator('[data-testid="m-report"]').waitFor();
    }
    const after = await readUntil(recommended, (ids) => ids.some((id) => ofCategory.includes(id)));
    assert.ok(after.some((id) => ofCategory.includes(id)), `/m recommends a job of ${category} now: ${after.join(',')} (before: ${before.join(',')})`);
  });
});
