// The job page's recruiter (issue 32): the demo company's owner sets the name and title candidates see in
// /recruit/account (a refused save keeps the edits and says why in the user's language), and a visitor sees
// them on the job page, desktop and /m at phone size, with the active-status bucket; turned off, no bucket.
// axe-core and screenshots in zh-CN and en-US, desktop, narrow and phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, COMPANY, DESKTOP, NARROW, ajax, companyLogin, ensureShotsDir, expectNoAxeViolations, settle, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
let browser;

async function context({ viewport = DESKTOP, lang = 'zh-CN', device } = {}) {
  const { defaultBrowserType: _, ...phone } = device ? devices[device] : {};
  const ctx = await browser.newContext(device ? { ...phone, baseURL: BASE_URL, locale: 'zh-CN' } : { viewport, baseURL: BASE_URL, locale: 'zh-CN' });
  await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  return ctx;
}

before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
});
after(async () => {
  await browser?.close();
});

describe('the recruiter a job page shows', () => {
  it('is set in /recruit/account and shown on the job page, desktop and /m', async () => {
    const rctx = await context();
    const rec = await rctx.newPage();
    const errors = watchErrors(rec);
    await companyLogin(rec);
    const jobs = await ajax(rec, '/comjob/list', { state: 'open' });
    const jobId = jobs.list[0].id;

    await rec.goto(url('/recruit/account'));
    const card = rec.locator('[data-testid="profile-card"]');
    await card.waitFor();
    // A blank name is refused before anything is sent; the title typed stays.
    await rec.locator('[data-testid="profile-name"]').fill('   ');
    await rec.locator('[data-testid="profile-title"]').fill('招聘总监');
    await rec.locator('[data-testid="profile-save"]').click();
    await card.locator('.ant-form-item-explain-error').filter({ hasText: '请输入姓名' }).waitFor();
    assert.equal(await rec.locator('[data-testid="profile-title"]').inputValue(), '招聘总监');
    assert.notEqual((await ajax(rec, '/comlogin/me')).title, '招聘总监', 'nothing was saved');
    await rec.locator('[data-testid="profile-name"]').fill('王女士');
    await rec.locator('[data-testid="profile-save"]').click();
    await rec.locator('.ant-message').filter({ hasText: '已保存' }).waitFor();
    const me = await ajax(rec, '/comlogin/me');
    assert.deepEqual([me.name, me.title, me.showActive], ['王女士', '招聘总监', true]);
    // The toast is antd's, outside the page's landmarks by design: checked once it has gone.
    await rec.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 10_000 });
    await settle(rec);
    await expectNoAxeViolations(rec, 'recruit account with the profile card');
    await rec.screenshot({ path: join(shots, 'recruiter-card-account-zh-CN-desktop.png'), fullPage: true });

    for (const [lang, viewport, size] of [
      ['zh-CN', DESKTOP, 'desktop'],
      ['en-US', NARROW, 'narrow'],
    ]) {
      const vctx = await context({ lang, viewport });
      const page = await vctx.newPage();
      const seen = watchErrors(page);
      await page.goto(url(`/job/${jobId}`));
      const recruiter = page.locator('[data-testid="recruiter-card"]');
      await recruiter.waitFor();
      const text = await recruiter.innerText();
      assert.match(text, /王女士/);
      assert.match(text, /招聘总监/);
      assert.match(text, lang === 'zh-CN' ? /刚刚活跃/ : /Active just now/, text);
      await settle(page);
      await expectNoAxeViolations(page, `job page with its recruiter, ${lang} ${size}`);
      await page.screenshot({ path: join(shots, `recruiter-card-job-${lang}-${size}.png`), fullPage: true });
      assert.deepEqual(seen, []);
      await vctx.close();
    }

    // Turned off: the name stays, the bucket goes (desktop and /m).
    await rec.locator('[data-testid="profile-show-active"]').click();
    await rec.locator('[data-testid="profile-save"]').click();
    await rec.locator('.ant-message').filter({ hasText: '已保存' }).nth(0).waitFor();
    assert.equal((await ajax(rec, '/comlogin/me')).showActive, false);
    const mctx = await context({ device: 'iPhone 13' });
    const phone = await mctx.newPage();
    const seen = watchErrors(phone);
    await phone.goto(url(`/m/job/${jobId}`));
    const mcard = phone.locator('[data-testid="recruiter-card"]');
    await mcard.waitFor();
    assert.match(await mcard.innerText(), /王女士/);
    assert.equal(await phone.locator('[data-testid="recruiter-active"]').count(), 0, 'no active status once turned off');
    await settle(phone);
    await expectNoAxeViolations(phone, 'mobile job page with its recruiter');
    await phone.screenshot({ path: join(shots, 'recruiter-card-m-job-zh-CN-phone.png'), fullPage: true });
    assert.deepEqual(seen, []);
    await mctx.close();
    assert.deepEqual(errors, []);
    await rctx.close();
  });
});
