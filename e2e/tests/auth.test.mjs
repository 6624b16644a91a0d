import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO, loginAsDemo, openBrowser, pathOf, submitLogin, url, waitForTitle, watchErrors } from '../lib.mjs';

describe('login and logout', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('logs the demo candidate in through the form; /my lands on /my/tags', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await loginAsDemo(page);
    assert.equal(pathOf(page), '/my/tags');
    await waitForTitle(page, '我的标签 - 职达招聘');
    assert.equal(await page.locator('.site-header .user-name').innerText(), DEMO.name);
    assert.equal(await page.locator('.site-header .login-link').count(), 0);

    await page.goto(url('/my'));
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    assert.equal(pathOf(page), '/my/tags');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('keeps digits only in the phone box and strips Chinese from the password', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/login'));
    await page.locator('#login_mobile').pressSequentially('a1b3８8-0 手机');
    assert.equal(await page.locator('#login_mobile').inputValue(), '1380');
    await page.locator('#login_password').pressSequentially('密码ab1');
    assert.equal(await page.locator('#login_password').inputValue(), 'ab1');
    await ctx.close();
  });

  it('says so when the password is wrong, and stays on /login', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/login'));
    await submitLogin(page, { password: 'wrong-password' });
    const alert = page.locator('.login-error');
    await alert.waitFor();
    assert.equal(await alert.innerText(), '用户名或密码错误');
    assert.equal(pathOf(page), '/login');
    await ctx.close();
  });

  it('sends a visitor of /my/apply to /login with the return URL, and back after login', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/my/apply'));
    await page.waitForURL((u) => new URL(u).pathname === '/login');
    assert.equal(new URL(page.url()).search, '?returnUrl=%2Fmy%2Fapply');
    await waitForTitle(page, '登录 - 职达招聘');
    await submitLogin(page);
    await page.waitForURL((u) => new URL(u).pathname === '/my/apply');
    assert.equal(pathOf(page), '/my/apply');
    await waitForTitle(page, '投递记录 - 职达招聘');
    await ctx.close();
  });

  it('refuses an open-redirect return URL and lands on /my instead', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url(`/login?returnUrl=${encodeURIComponent('https://evil.example/')}`));
    await submitLogin(page);
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    const here = new URL(page.url());
    assert.equal(here.origin, new URL(url('/')).origin);
    assert.equal(here.pathname, '/my/tags');
    await ctx.close();
  });

  it('logs out from the dropdown: back to / with the login link shown', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await loginAsDemo(page);
    await page.locator('.site-header .user-trigger').hover();
    const logout = page.locator('.user-dropdown [data-menu="logout"]');
    await logout.waitFor({ state: 'visible' });
    await logout.click();
    await page.waitForURL((u) => new URL(u).pathname === '/' && !u.toString().includes('/my'));
    await page.locator('.site-header .login-link').waitFor();
    assert.equal(await page.locator('.site-header .login-link').innerText(), '登录/注册');
    assert.equal(await page.locator('.site-header .user-trigger').count(), 0);

    // The session is really gone: the personal centre asks for a login again.
    await page.goto(url('/my/tags'));
    await page.waitForURL((u) => new URL(u).pathname === '/login');
    assert.equal(new URL(page.url()).search, '?returnUrl=%2Fmy%2Ftags');
    await ctx.close();
  });

  it('inside a frame, a visitor of the personal centre makes the page post a logout message to its parent', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/login'));
    const message = await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('message', (e) => resolve(e.data));
          const frame = document.createElement('iframe');
          frame.src = '/my/apply';
          document.body.appendChild(frame);
          setTimeout(() => resolve('no message'), 8000);
        }),
    );
    assert.deepEqual(message, { type: 'logout' });
    const framePath = new URL(page.frames()[1].url()).pathname;
    assert.equal(framePath, '/my/apply');
    await ctx.close();
  });
});
