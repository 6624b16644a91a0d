// Every /m page in zh-CN and en-US at 360 and 414 px (a phone's user agent, touch), into screenshots/
// as m-<page>-<lang>-<width>.png; on each: no horizontal scrolling, and every control at least 44 px
// each way (inline links inside text aside); at 360 px, no axe-core violation (WCAG 2.1 AA). The demo
// candidate has an interview invitation waiting (made through the API first), so /m/my/apply's tab shows one; the
// log-out page is caught before its call answers, then let go and seen to land on the home page.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, DEMO, ensureShotsDir, expectNoAxeViolations, inviteDemoCandidate, settle, url } from '../lib.mjs';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const { defaultBrowserType: _, viewport: __, ...PHONE } = devices['Pixel 7'];
const WIDTHS = [360, 414];
const LANGS = ['zh-CN', 'en-US'];

let browser;
let cookies;
let job;

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
  const ctx = await browser.newContext({ baseURL: BASE_URL });
  const res = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: DEMO.mobile, password: DEMO.password } });
  assert.ok((await res.json()).result);
  cookies = await ctx.cookies();
  const found = await (await ctx.request.post(url('/ajax/job/search'), { form: { kw: '', page: '1', pagesize: '1' } })).json();
  job = found.result.list[0];
  await ctx.close();
  const day = new Date(Date.now() + (400 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  await inviteDemoCandidate(browser, { day, time: '09:30', address: 'https://meeting.example.com/j/8837261045?pwd=zhida2026' });
});
after(async () => {
  await browser?.close();
});

/** [name, path, what shows once drawn, logged in ('own': a session of its own, which the page ends)] */
function pages() {
  return [
    ['home', '/m/', '.m-job', false],
    ['search', '/m/search?q=Java', '[data-testid="m-results"]', false],
    ['job', `/m/job/${job.id}`, '[data-testid="m-apply"]', true],
    ['company', `/m/company/${job.companyId}`, '.m-job-head', false],
    ['login', '/m/login', 'form#m-login', false],
    ['register', '/m/register', 'input[name="confirmPassword"]', false],
    ['forgot-password', '/m/forgot-password', 'input[name="confirmPassword"]', false],
    ['my', '/m/my', '[data-testid="m-count-apply"]', true],
    ['apply', '/m/my/apply', '.m-job, .m-empty', true],
    ['apply-interviews', '/m/my/apply?tab=interviews', '[data-testid="m-invitation"]', true],
    ['collect', '/m/my/collect', '.m-job, .m-empty', true],
    ['set-password', '/m/my/set-password', 'input[name="confirmPassword"]', true],
    ['resume', '/m/resume/detail', '[data-testid="m-resume"]', true],
    ['resume-edit', '/m/resume/edit/basic', 'form[data-section="basic"]', true],
    ['logout', '/m/logout', '.m-main .m-state', 'own'],
  ];
}

/** Controls smaller than 44×44 (text links inside running text do not count). */
async function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    for (const el of document.querySelectorAll('.m-app button, .m-app a, .m-app input:not([type="checkbox"]):not([type="file"]), .m-app select, .m-app [role="tab"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.closest('.m-prose, .slider-captcha')) continue;
      if (r.height < 43.5 || r.width < 43.5) small.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return small;
  });
}

describe('mobile screenshots', () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      it(`every /m page in ${lang} at ${width} px`, async () => {
        const shots = ensureShotsDir();
        // One context logged out and one as the demo candidate for the run (their caches warm after the
        // first page); the log-out page gets a session of its own, which it ends.
        const context = async () => {
          const ctx = await browser.newContext({ ...PHONE, viewport: { width, height: 800 }, baseURL: BASE_URL, locale: 'zh-CN' });
          await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
          return ctx;
        };
        const visitor = await context();
        const member = await context();
        await member.addCookies(cookies);
        for (const [name, path, ready, login] of pages()) {
          let ctx = login ? member : visitor;
          if (login === 'own') {
            ctx = await context();
            const res = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: DEMO.mobile, password: DEMO.password } });
            assert.ok((await res.json()).result);
          }
          const page = await ctx.newPage();
          // The log-out page shows while its call is under way: held until the page is looked at.
          let held;
          let caught;
          if (name === 'logout') {
            held = new Promise((ok) => (caught = ok));
            await page.route('**/ajax/pclogin/logout', (route) => caught(route));
          }
          await page.goto(url(path));
          await page.locator(ready).first().waitFor({ timeout: 30_000 });
          // The log-out page holds its call (no network idle to wait for), and must be looked at within the call's 10 s.
          if (held) {
            held = await held;
            await page.evaluate(() => document.fonts.ready);
          }
          else await settle(page);
          const [scrollWidth, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
          assert.ok(scrollWidth <= inner, `${name} ${lang} ${width}: no horizontal scroll (${scrollWidth} > ${inner})`);
          assert.deepEqual(await smallTargets(page), [], `${name} ${lang} ${width}: tap targets of 44 px`);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          if (width === 360) await expectNoAxeViolations(page, `${name} ${lang} ${width}`, { settled: Boolean(held) });
          await page.screenshot({ path: join(shots, `m-${name}-${lang}-${width}.png`), fullPage: true });
          if (name === 'logout') {
            await held.continue();
            await page.waitForURL((u) => u.pathname === '/m/');
            const me = await (await ctx.request.post(url('/ajax/pclogin/islogin'), { form: {} })).json();
            assert.equal(me.result, null, 'logged out');
            await ctx.close();
          } else await page.close();
        }
        await visitor.close();
        await member.close();
      });
    }
  }
});
