// The touch site under /m (issue 18) on an iPhone and an Android phone (playwright-core's device
// descriptors, in chromium): SPEC §9's redirects, "电脑版" sticking, search → job → apply showing on
// the desktop /my/apply and a resume section edited with an offline validation message first and the
// change on the desktop preview (both on each phone), an interview invitation answered on /m/my/apply
// with the user centre's count of those waiting, back navigation keeping the scroll (search and saved jobs),
// saving a job, the search's filters and pages, and no antd on the phone's SMS slider.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, COMPANY, DEMO, DESKTOP, ajax, dragSliderTo, findSliderGap, inviteDemoCandidate, latestCode, png, post, url, watchErrors } from '../lib.mjs';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONES = { iPhone: devices['iPhone 13'], Android: devices['Pixel 7'] };

let browser;

/** A phone's context ("defaultBrowserType" is dropped: everything runs in chromium), logged in when asked. */
async function phone(name, { login = false, lang } = {}) {
  const { defaultBrowserType: _, ...device } = PHONES[name];
  const ctx = await browser.newContext({ ...device, baseURL: BASE_URL, locale: 'zh-CN' });
  if (lang) await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  if (login) await logIn(ctx);
  return ctx;
}

async function logIn(ctx) {
  const res = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: DEMO.mobile, password: DEMO.password } });
  const body = await res.json();
  assert.ok(body.result, `log-in: ${JSON.stringify(body)}`);
}

async function pathAndQuery(page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
});
after(async () => {
  await browser?.close();
});

for (const name of Object.keys(PHONES)) {
  describe(`the mobile site on ${name}`, () => {
    it('sends each SPEC §9 address and the public pages to their mobile page', async () => {
      const ctx = await phone(name, { login: true });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const cases = [
        ['/my/edit', '/m/resume/detail', '[data-testid="m-resume"]'],
        ['/my/apply', '/m/my/apply', '[data-testid="m-apply-list"]'],
        ['/my/collect', '/m/my/collect', '.m-main'],
        ['/my/account', '/m/my/set-password', 'input[name="password"]'],
        ['/my/tags', '/m/my', '[data-testid="m-count-apply"]'],
        ['/my/order', '/m/my', '[data-testid="m-count-apply"]'],
        ['/search?q=Java', '/m/search?q=Java', '[data-testid="m-results"]'],
        ['/', '/m/', '.m-searchbox'],
      ];
      for (const [from, to, ready] of cases) {
        await page.goto(url(from));
        await page.waitForURL((u) => u.pathname + u.search === to, { timeout: 15_000 });
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        assert.equal(await pathAndQuery(page), to, from);
      }
      // A job and its company keep their ids.
      const found = await ajax(page, '/job/search', { kw: '', page: 1, pagesize: 1 });
      const job = found.list[0];
      await page.goto(url(`/job/${job.id}`));
      await page.waitForURL((u) => u.pathname === `/m/job/${job.id}`);
      await page.getByRole('heading', { name: job.title }).waitFor();
      await page.goto(url(`/company/${job.companyId}`));
      await page.waitForURL((u) => u.pathname === `/m/company/${job.companyId}`);
      assert.deepEqual(errors, []);
      await ctx.close();
    });

    it('a visitor is asked to log in and comes back', async () => {
      const ctx = await phone(name);
      const page = await ctx.newPage();
      await page.goto(url('/my/apply'));
      await page.waitForURL((u) => u.pathname === '/m/login');
      assert.equal(new URL(page.url()).searchParams.get('returnUrl'), '/m/my/apply');
      await page.locator('input[name="mobile"]').fill(DEMO.mobile);
      assert.equal(await page.locator('input[name="mobile"]').getAttribute('type'), 'tel');
      await page.locator('input[name="password"]').fill(DEMO.password);
      await page.locator('form#m-login button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === '/m/my/apply');
      await ctx.close();
    });

    it('"电脑版" takes the phone to the desktop page and keeps it there', async () => {
      const ctx = await phone(name, { login: true });
      const page = await ctx.newPage();
      await page.goto(url('/m/my/collect'));
      await page.getByTestId('m-desktop').click();
      await page.waitForURL((u) => u.pathname === '/my/collect');
      await page.locator('.side-menu, [data-keep-alive="collect"]').first().waitFor({ timeout: 15_000 });
      await page.goto(url('/my/apply'));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).pathname, '/my/apply', 'the choice sticks');
      await ctx.close();
    });
  });
}

describe('log-in by SMS code on the phone', () => {
  it('the slider in a bottom sheet (no antd downloaded), the code by the number keypad, then the user centre', async () => {
    const ctx = await phone('iPhone');
    const page = await ctx.newPage();
    const scripts = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.text().then((text) => ({ url: r.url(), text }))));
    await page.goto(url('/m/login'));
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.locator('input[name="mobile"]').fill(DEMO.mobile);
    const started = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const root = '.m-sheet .slider-captcha';
    await page.locator(`${root}[data-phase="ready"]`).waitFor({ timeout: 15_000 });
    // antd's Tooltip (rc-tooltip, its CSS variables) weighed 190 KB in the slider's file.
    for (const { url: u, text } of await Promise.all(scripts)) assert.ok(!/rc-tooltip|var\(--ant-/.test(text), `antd in ${u}`);
    assert.match(await page.locator('meta[name="viewport"]').getAttribute('content'), /viewport-fit=cover/, 'safe-area insets apply');
    await dragSliderTo(page, await findSliderGap(page, root), root);
    await page.locator('.m-sheet').waitFor({ state: 'hidden', timeout: 10_000 });
    const code = await latestCode(DEMO.mobile, { after: started - 1000 });
    const input = page.locator('input[name="code"]');
    assert.equal(await input.getAttribute('inputmode'), 'numeric');
    await input.fill(code);
    await page.locator('form#m-login button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/m/my');
    await ctx.close();
  });
});

/** Asks for a code to `mobile` on the page's form: the slider in its sheet, then the code from the dev outbox typed in. */
async function fillSmsCode(page, mobile) {
  const started = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const root = '.m-sheet .slider-captcha';
  await page.locator(`${root}[data-phase="ready"]`).waitFor({ timeout: 15_000 });
  await dragSliderTo(page, await findSliderGap(page, root), root);
  await page.locator('.m-sheet').waitFor({ state: 'hidden', timeout: 10_000 });
  await page.locator('input[name="code"]').fill(await latestCode(mobile, { after: started - 1000 }));
}

describe('registering on the phone, then setting a new password', () => {
  it('register with an SMS code, then /m/my/set-password, and the new password logs in', async () => {
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const ctx = await phone('Android');
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/m/register'));
    await page.locator('input[name="mobile"]').fill(mobile);
    await fillSmsCode(page, mobile);
    await page.locator('input[name="password"]').fill('first123');
    await page.locator('input[name="confirmPassword"]').fill('first123');
    await page.locator('.m-check input[type="checkbox"]').check();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/m/my');

    await page.goto(url('/m/my/set-password'));
    await page.locator('input[name="oldPassword"]').fill('first123');
    await page.locator('input[name="password"]').fill('second456');
    await page.locator('input[name="confirmPassword"]').fill('second456');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/m/my');
    const other = await browser.newContext({ baseURL: BASE_URL });
    const old = await other.request.post(url('/ajax/pclogin/login'), { form: { mobile, password: 'first123' } });
    assert.ok((await old.json()).error, 'the old password no longer logs in');
    assert.ok(await post(other.request, '/pclogin/login', { mobile, password: 'second456' }), 'the new one does');
    await other.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('resetting a forgotten password on the phone', () => {
  // The second seeded candidate: no other test in this file logs in as it or sends it a code.
  const B = { mobile: '13900000001', password: 'demo1234', newPassword: 'reset2468' };
  it('a mismatch is said in words first; then the SMS code, the new password logs in and the old one is refused', async () => {
    const ctx = await phone('iPhone');
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/m/forgot-password'));
    await page.locator('input[name="mobile"]').fill(B.mobile);
    await page.locator('input[name="password"]').fill(B.newPassword);
    await page.locator('input[name="confirmPassword"]').fill(`${B.newPassword}x`);
    await page.locator('form button[type="submit"]').click();
    await page.getByText('两次输入的密码不一致').waitFor();
    assert.equal(await pathAndQuery(page), '/m/forgot-password', 'nothing was sent');
    await fillSmsCode(page, B.mobile);
    await page.locator('input[name="confirmPassword"]').fill(B.newPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/m/login');
    const other = await browser.newContext({ baseURL: BASE_URL });
    const old = await other.request.post(url('/ajax/pclogin/login'), { form: { mobile: B.mobile, password: B.password } });
    assert.ok((await old.json()).error, 'the old password no longer logs in');
    assert.ok(await post(other.request, '/pclogin/login', { mobile: B.mobile, password: B.newPassword }), 'the new one does');
    await other.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('the desktop header', () => {
  it('the QR popup encodes the mobile job search', async () => {
    const { default: QRCode } = await import('../../ui/node_modules/qrcode/lib/index.js');
    const ctx = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(url('/search'));
    await page.locator('.header-mobile').hover();
    const img = page.locator('.qr-pop img');
    await img.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('.qr-pop img')?.getAttribute('src')?.startsWith('data:'));
    const expected = await QRCode.toDataURL(new URL('/m/search', BASE_URL).toString(), { width: 220, margin: 1 });
    // The same picture (the browser and node encode the PNG differently): compared pixel by pixel.
    const same = await page.evaluate(
      async ([a, b]) => {
        const pixels = async (src) => {
          const im = new Image();
          im.src = src;
          await im.decode();
          const c = document.createElement('canvas');
          c.width = im.naturalWidth;
          c.height = im.naturalHeight;
          const g = c.getContext('2d');
          g.drawImage(im, 0, 0);
          return Array.from(g.getImageData(0, 0, c.width, c.height).data);
        };
        const [x, y] = await Promise.all([pixels(a), pixels(b)]);
        return x.length === y.length && x.every((v, i) => v === y[i]);
      },
      [await img.getAttribute('src'), expected],
    );
    assert.ok(same, 'the QR code of /m/search');
    await ctx.close();
  });
});

describe('applying and editing on the phone, seen on the desktop', () => {
  // Both flows on both phones; the desktop check once per flow (Android: /my/apply; iPhone: the preview), the
  // other phone checks the same through the API, to keep the file short.
  for (const name of Object.keys(PHONES)) {
    it(`search → job → apply on ${name}, and the application is on the desktop /my/apply`, async () => {
      const ctx = await phone(name, { login: true });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(url('/m/search'));
      await page.getByTestId('m-results').waitFor();
      const answer = await ajax(page, '/job/search', { kw: '', page: 1, pagesize: 50 });
      const job = answer.list.find((j) => !j.applied && !j.closed);
      assert.ok(job, 'a job the demo candidate has not applied for');
      const box = page.locator('.m-searchbox input');
      await box.fill(job.title);
      await box.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('q') === job.title);
      await page.locator(`.m-job-link[href="/m/job/${job.id}"]`).first().click();
      await page.waitForURL((u) => u.pathname === `/m/job/${job.id}`);
      await page.getByTestId('m-apply').click();
      const choice = page.locator('.m-sheet .m-choice').first();
      if (await choice.isVisible({ timeout: 2000 }).catch(() => false)) await choice.click();
      await page.getByTestId('m-apply').filter({ hasText: /已投递|Applied/ }).waitFor();
      assert.deepEqual(errors, []);

      if (name === 'Android') {
        const desk = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL, locale: 'zh-CN' });
        await desk.addCookies(await ctx.cookies());
        const dpage = await desk.newPage();
        await dpage.goto(url('/my/apply'));
        await dpage.getByText(job.title).first().waitFor({ timeout: 15_000 });
        await desk.close();
      } else {
        const mine = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 20 });
        assert.ok(mine.list.some((a) => a.jobId === job.id), `the application to ${job.title} is listed`);
      }
      await ctx.close();
    });

    it(`a resume section on ${name}: an offline validation message first, then the saved change on the desktop preview`, async () => {
      const ctx = await phone(name, { login: true });
      const page = await ctx.newPage();
      await page.goto(url('/m/resume/detail'));
      await page.locator('[data-section="basic"] a').first().click();
      await page.waitForURL((u) => u.pathname === '/m/resume/edit/basic');
      const mobile = page.locator('form[data-section="basic"] input[name="mobile"]');
      await mobile.waitFor();
      assert.equal(await mobile.getAttribute('type'), 'tel');
      // Offline: the rule is core-wasm's, checked in the page.
      await ctx.setOffline(true);
      await mobile.fill('12345');
      await mobile.blur();
      await page.locator('.m-field.has-error .m-error').filter({ hasText: '手机号码格式不正确' }).waitFor();
      await ctx.setOffline(false);
      await mobile.fill('13900001234');
      await mobile.blur();
      assert.equal(await page.locator('.m-field.has-error').count(), 0);
      const address = `移动端${name}路${Date.now() % 100000}号`;
      await page.locator('form[data-section="basic"] input[name="address"]').fill(address);
      await page.locator('form[data-section="basic"] button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === '/m/resume/detail');
      await page.getByText(address).waitFor();

      if (name === 'iPhone') {
        const desk = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL, locale: 'zh-CN' });
        await desk.addCookies(await ctx.cookies());
        const dpage = await desk.newPage();
        await dpage.goto(url('/my/preview'));
        await dpage.getByText(address).first().waitFor({ timeout: 15_000 });
        await desk.close();
      }
      await ctx.close();
    });
  }

  it('back from a job returns the search list to where it was', async () => {
    const ctx = await phone('iPhone');
    const page = await ctx.newPage();
    await page.goto(url('/m/search'));
    await page.getByTestId('m-results').waitFor();
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForTimeout(300);
    const y = await page.evaluate(() => window.scrollY);
    assert.ok(y > 300, `scrolled (${y})`);
    const link = page.locator('.m-job-link').nth(5);
    await link.click();
    await page.waitForURL((u) => u.pathname.startsWith('/m/job/'));
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/m/search');
    // The list is fetched again before the place is restored: on a busy machine that takes seconds.
    await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 5, y, { timeout: 15_000 });
    await ctx.close();
  });
});

describe('saved jobs and the search on the phone', () => {
  // Ten more jobs from the demo company (twelve in the seed), so that both lists have a second page: the saved
  // jobs 20 a page, the search 15.
  const stamp = Date.now() % 100000;
  const posted = [];
  before(async () => {
    const company = await browser.newContext({ baseURL: BASE_URL });
    await post(company.request, '/comlogin/login', COMPANY);
    for (let i = 0; i < 10; i++) {
      const job = await post(company.request, '/comjob/save', {
        title: `触屏收藏${stamp}-${i}`, category: '前端开发', city: '杭州', salaryMin: 15000, salaryMax: 25000, experience: '3-5年', education: '本科',
        description: '负责招聘网站触屏版的开发与维护，和设计、后端一起交付。',
      });
      posted.push(job.id);
    }
    await company.close();
  });

  it('save on the job page, the count on /m/my, a second page on /m/my/collect kept by back, then unsave', async () => {
    const ctx = await phone('iPhone', { login: true });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url(`/m/job/${posted[0]}`));
    const save = page.getByTestId('m-save');
    assert.equal(await save.getAttribute('aria-pressed'), 'false');
    await save.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="m-save"]')?.getAttribute('aria-pressed') === 'true');
    const demo = await ajax(page, '/job/search', { kw: '', page: 1, pagesize: 50 });
    for (const id of [...posted.slice(1), ...demo.list.filter((j) => !j.closed).map((j) => j.id)]) await post(ctx.request, '/pcuser/saveJob', { jobid: id });
    const saved = await ajax(page, '/pcuser/saveList', { page: 1, pagesize: 1 });
    assert.ok(saved.total > 20, `${saved.total} saved`);

    await page.goto(url('/m/my'));
    await page.waitForFunction((n) => document.querySelector('[data-testid="m-count-saved"]')?.textContent === String(n), saved.total);
    const applied = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 1 });
    assert.equal(await page.getByTestId('m-count-apply').innerText(), String(applied.total));

    await page.goto(url('/m/my/collect'));
    const items = page.locator('.m-job');
    await page.waitForFunction(() => document.querySelectorAll('.m-job').length === 20);
    await page.locator('.m-sentinel button').click();
    const shown = Math.min(saved.total, 40);
    await page.waitForFunction((n) => document.querySelectorAll('.m-job').length === n, shown);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const y = await page.evaluate(() => window.scrollY);
    assert.ok(y > 1000, `scrolled (${y})`);
    await items.nth(shown - 1).locator('.m-job-link').click();
    await page.waitForURL((u) => u.pathname.startsWith('/m/job/'));
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/m/my/collect');
    // Both pages asked again, so the list is as long as it was and the place is found again.
    await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 5, y, { timeout: 15_000 });
    assert.equal(await items.count(), shown);

    const mine = items.filter({ hasText: `触屏收藏${stamp}-0` });
    // The list may still be redrawing after the place was found again: a click on a button that is swapped
    // away asks nothing, so it is clicked again (at most twice more) until the call goes out.
    for (let tries = 0; ; tries++) {
      const unsaved = page.waitForResponse((r) => r.url().endsWith('/ajax/pcuser/unsaveJob'), { timeout: 5_000 });
      await mine.getByRole('button', { name: '取消收藏' }).click();
      if (await unsaved.then(() => true, () => false)) break;
      assert.ok(tries < 2, 'the unsave call went out');
    }
    await mine.waitFor({ state: 'detached' });
    const after = await ajax(page, '/pcuser/saveList', { page: 1, pagesize: 50 });
    assert.ok(!after.list.some((j) => j.jobId === posted[0]), 'unsaved');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('home: the hot keywords and the title; search: no page in the address, a second page on scroll, a filter', async () => {
    const ctx = await phone('Android');
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/m/'));
    const hot = page.locator('.m-card .m-chip').first();
    await hot.waitFor();
    await page.waitForFunction(() => document.title.startsWith('首页 - '));
    const keyword = await hot.innerText();
    await hot.click();
    await page.waitForURL((u) => u.pathname === '/m/search' && u.searchParams.get('q') === keyword);
    await page.waitForFunction(() => document.title.startsWith('搜索职位 - '));

    // The index takes the posted jobs in within a sync round.
    const total = async () => (await ajax(page, '/job/search', { kw: '', page: 1, pagesize: 1 })).total;
    for (let i = 0; i < 40 && (await total()) <= 15; i++) await page.waitForTimeout(500);
    const all = await total();
    assert.ok(all > 15, `${all} jobs`);
    await page.goto(url('/m/search?page=3'));
    await page.waitForURL((u) => u.pathname === '/m/search' && !u.searchParams.has('page'));
    const rows = page.locator('[data-testid="m-results"] .m-job');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="m-results"] .m-job').length === 15);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="m-results"] .m-job').length > 15);

    const summary = page.locator('.m-summary');
    const before = await summary.innerText();
    await page.locator('.m-filters button').first().click();
    const chip = page.locator('.m-sheet .m-chip').filter({ hasText: '杭州' });
    await chip.click();
    await page.waitForURL((u) => u.searchParams.get('city') === '杭州');
    // The new query's answer: its count, and its rows (the posted jobs are in Hangzhou).
    await page.waitForFunction((b) => {
      const now = document.querySelector('.m-summary')?.textContent;
      return !!now && now !== b && document.querySelectorAll('[data-testid="m-results"] .m-job').length > 0;
    }, before);
    const found = await rows.allInnerTexts();
    assert.ok(found.length > 0 && found.every((r) => r.includes('杭州')), found.join(' | '));
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('uploads on /m/resume/detail', () => {
  it('a photo from the album, a refused file in words, an attachment with its name', async () => {
    const ctx = await phone('Android', { login: true });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/m/resume/detail'));
    const photo = page.locator('.m-photo img');
    await photo.waitFor();
    const before = await photo.getAttribute('src');
    await page.locator('.m-photo input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(120, 160) });
    await page.locator('.m-toast').filter({ hasText: '照片已更新' }).waitFor();
    await page.waitForFunction((b) => document.querySelector('.m-photo img')?.getAttribute('src') !== b, before);

    const att = page.locator('[data-section="attachment"]');
    const pick = att.locator('input[type="file"]');
    await pick.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png(20, 20) });
    await att.locator('.m-error').filter({ hasText: '请输入附件名称' }).waitFor();
    await att.locator('input[name="name"]').fill('手机拍的证书');
    await pick.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.locator('.m-toast').filter({ hasText: '文件格式不支持' }).waitFor();
    await pick.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png(20, 20) });
    await att.locator('.m-entry').filter({ hasText: '手机拍的证书' }).waitFor();
    const resume = await ajax(page, '/resume/get', {});
    assert.ok(resume.files.attachment.some((f) => f.name === '手机拍的证书'), 'the attachment is stored');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('interview invitations on the phone', () => {
  // The demo company invites the demo candidate through the API; on the phone the user centre counts the
  // invitations waiting for an answer, /m/my/apply shows it and the candidate answers it there (iPhone in
  // zh-CN accepts, Android in en-US declines), and the count goes down.
  for (const [name, lang, answer, answered] of [
    ['iPhone', 'zh-CN', 'accept', 'accepted'],
    ['Android', 'en-US', 'decline', 'declined'],
  ]) {
    it(`on ${name} (${lang}): the count on /m/my, the invitation on /m/my/apply, ${answered} there`, async () => {
      const day = new Date(Date.now() + (60 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
      const address = answer === 'accept' ? '杭州市西湖区文三路 478 号 12 楼' : 'https://meeting.example.com/j/123456';
      const invited = await inviteDemoCandidate(browser, { day, time: '15:30', address });
      const ctx = await phone(name, { login: true, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const pending = async () => {
        const list = await ajax(page, '/pcuser/interviewList', {});
        return list.list.filter((i) => i.state === 'scheduled' && !i.answer && i.startAt > Date.now()).length;
      };

      await page.goto(url('/m/my'));
      const count = page.getByTestId('m-count-interview');
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="m-count-interview"]')?.textContent ?? ''));
      const before = await pending();
      assert.ok(before >= 1);
      assert.equal(await count.innerText(), String(before));

      await count.click();
      await page.waitForURL((u) => u.pathname === '/m/my/apply' && u.searchParams.get('tab') === 'interviews');
      const tab = page.locator('.m-segments [role="tab"][aria-selected="true"]');
      await page.waitForFunction((n) => document.querySelector('.m-segments [aria-selected="true"]')?.textContent?.includes(String(n)), before);
      assert.match(await tab.innerText(), lang === 'zh-CN' ? new RegExp(`面试邀请（${before}）`) : new RegExp(`Interviews \\(${before}\\)`));
      const card = page.getByTestId('m-invitation').filter({ hasText: invited.title });
      await card.waitFor({ timeout: 15_000 });
      const text = await card.innerText();
      assert.ok(text.includes(`${day} 15:30`), text);
      assert.ok(text.includes('王敏'), text);
      assert.match(text, lang === 'zh-CN' ? /待回复/ : /Awaiting reply/);
      assert.equal(await card.locator('a[href="tel:13712345678"]').count(), 1, 'the contact phone is a tap to call');
      if (address.startsWith('https://')) assert.equal(await card.locator(`a[href="${address}"]`).count(), 1, 'the meeting link');
      else assert.ok(text.includes(address));
      for (const b of ['m-invitation-accept', 'm-invitation-decline']) {
        const box = await card.getByTestId(b).boundingBox();
        assert.ok(box.height >= 44 && box.width >= 44, `${b} is ${box.width}x${box.height}`);
      }
      await card.getByTestId(`m-invitation-${answer}`).click();
      const badge = card.getByTestId('m-invitation-answer');
      await badge.waitFor();
      const want = { 'zh-CN': { accept: '已接受', decline: '已拒绝' }, 'en-US': { accept: 'Accepted', decline: 'Declined' } }[lang][answer];
      assert.equal(await badge.innerText(), want);
      assert.equal(await card.getByTestId('m-invitation-accept').count(), 0, 'answered: no buttons');
      const list = await ajax(page, '/pcuser/interviewList', {});
      assert.equal(list.list.find((i) => i.id === invited.id).answer, answered);

      // The applications tab (the default) with the interviews tab's count; then /m/my's.
      await page.locator('.m-segments [role="tab"]').first().click();
      await page.waitForURL((u) => !u.searchParams.get('tab'));
      await page.locator('.m-job').first().waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('.m-segments [role="tab"]')[1]?.textContent?.match(/\d+/)?.[0] === (n ? String(n) : undefined), before - 1);
      await page.goto(url('/m/my'));
      await page.waitForFunction((n) => document.querySelector('[data-testid="m-count-interview"]')?.textContent === String(n), before - 1);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
});

describe('applying with two resumes', () => {
  // Last in the file: the demo candidate gets a second (English, empty) resume here, so the job page asks which.
  it('the sheet offers the filled resumes, the application carries the chosen one, /m/my/apply shows its status', async () => {
    const ctx = await phone('iPhone', { login: true });
    await post(ctx.request, '/resume/create', { resumeType: 2 }).catch((e) => assert.match(String(e), /RESUME_EXISTS/));
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const answer = await post(ctx.request, '/job/search', { kw: '', page: 1, pagesize: 50 });
    const job = answer.list.find((j) => !j.applied && !j.closed);
    assert.ok(job, 'a job the demo candidate has not applied for');
    await page.goto(url(`/m/job/${job.id}`));
    await page.getByTestId('m-apply').click();
    const choice = page.locator('.m-sheet .m-choice').first();
    await choice.waitFor();
    const chosen = await choice.innerText();
    await choice.click();
    await page.getByTestId('m-apply').filter({ hasText: '已投递' }).waitFor();
    const mine = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 50 });
    const app = mine.list.find((a) => a.jobId === job.id);
    assert.ok(app && app.resumeTitle && chosen.includes(app.resumeTitle), `${chosen} / ${app?.resumeTitle}`);

    await page.goto(url('/m/my/apply'));
    const row = page.locator('.m-job').filter({ hasText: job.title }).first();
    await row.waitFor();
    assert.equal(await row.locator('.m-badge').innerText(), '已投递');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('which wasm a phone fetches', () => {
  // The client half of the core (transport, login guard, mobile rules: core-wasm/client) comes with
  // every page; the validation rules' wasm (core-wasm's own) only with pages that validate.
  const wasmFetched = async (ctx, path, ready) => {
    const page = await ctx.newPage();
    const fetched = [];
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.wasm')) fetched.push(p);
    });
    await page.goto(url(path));
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    // What a page's code imports on its first draw has been asked for by then; give late imports a moment.
    await page.waitForLoadState('networkidle');
    await page.close();
    return {
      client: fetched.some((p) => /core_wasm_client_bg-[^/]*\.wasm$/.test(p)),
      rules: fetched.some((p) => /core_wasm_bg-[^/]*\.wasm$/.test(p)),
      templates: fetched.some((p) => /core_wasm_templates_bg-[^/]*\.wasm$/.test(p)),
    };
  };

  it('/m/search, /m/my/apply and /m/my fetch the client wasm alone; the resume form and register fetch the rules too', async () => {
    const ctx = await phone('Android', { login: true });
    for (const [path, ready] of [
      ['/m/search?q=Java', '[data-testid="m-results"]'],
      ['/m/my/apply', '[data-testid="m-apply-list"]'],
      ['/m/my', '[data-testid="m-count-apply"]'],
    ]) {
      assert.deepEqual(await wasmFetched(ctx, path, ready), { client: true, rules: false, templates: false }, path);
    }
    for (const [path, ready] of [
      ['/m/resume/edit/basic', 'form[data-section="basic"]'],
      ['/m/my/set-password', 'input[name="password"]'],
    ]) {
      assert.deepEqual(await wasmFetched(ctx, path, ready), { client: true, rules: true, templates: false }, path);
    }
    await ctx.close();
  });
});
