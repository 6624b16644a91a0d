// Screenshots of the account screens (zh-CN and en-US, 1366x900 and 375x812) into e2e/screenshots/:
// /login (both tabs), /register, /forgot-password, the slider modal, /my/account and the WeChat QR modal.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, NARROW, ensureShotsDir, loginAsDemo, openBrowser, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();

async function noOverflow(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what}: the page is ${overflow}px wider than the viewport`);
}

/** Lets antd's open animations end before the picture is taken. */
const settle = (page) => page.waitForTimeout(400);

describe('account screenshots', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const lang of ['zh-CN', 'en-US']) {
    for (const [size, viewport] of [
      ['1366', DESKTOP],
      ['375', NARROW],
    ]) {
      it(`${lang} at ${size}px`, async () => {
        const name = (what) => join(shots, `account-${what}-${lang}-${size}.png`);
        const ctx = await browser.context({ viewport, lang });
        const page = await ctx.newPage();
        const errors = watchErrors(page);

        await page.goto(url('/login'));
        try {
          await page.locator('form#login').waitFor({ timeout: 15_000 });
        } catch (e) {
          // Tell what the page shows instead.
          await page.screenshot({ path: name('FAILED-login'), fullPage: true });
          const shown = await page.evaluate(() => document.body.innerText.slice(0, 300));
          throw new Error(`no login form at ${page.url()}: ${JSON.stringify(shown)}; errors ${JSON.stringify(errors)}`, { cause: e });
        }
        await page.screenshot({ path: name('login-password'), fullPage: true });
        await noOverflow(page, '/login');

        await page.locator('.login-tabs .ant-tabs-tab').nth(1).click();
        await page.locator('form#codeLogin').waitFor({ state: 'visible' });
        await settle(page);
        await page.screenshot({ path: name('login-code'), fullPage: true });
        assert.equal(await page.locator('form#codeLogin .send-code-btn').innerText(), lang === 'zh-CN' ? '获取验证码' : 'Get code');

        await page.goto(url('/register'));
        await page.locator('form#register').waitFor();
        await page.screenshot({ path: name('register'), fullPage: true });
        await noOverflow(page, '/register');

        // The slider, as it opens for a code (closed again without a try).
        await page.locator('#register_mobile').fill('13712345678');
        await page.locator('form#register .send-code-btn').click();
        await page.locator('.slider-modal .slider-captcha[data-phase="ready"]').waitFor();
        await settle(page);
        await page.screenshot({ path: name('slider') });
        const picture = await page.locator('.slider-modal .slider-picture').boundingBox();
        assert.ok(picture.width <= 310 && picture.width >= 250, `slider picture ${picture.width}px wide`);
        assert.ok(picture.x >= 0 && picture.x + picture.width <= viewport.width, 'the slider picture fits the screen');
        await page.locator('.slider-modal .ant-modal-close').click();
        await page.locator('.slider-modal').waitFor({ state: 'hidden' });

        await page.goto(url('/forgot-password'));
        await page.locator('form#reset').waitFor();
        await page.screenshot({ path: name('forgot-password'), fullPage: true });
        await noOverflow(page, '/forgot-password');

        await loginAsDemo(page, { returnUrl: '/my/account', expectPath: '/my/account' });
        await page.locator('.account-list[data-ready="true"]').waitFor();
        await settle(page);
        await page.screenshot({ path: name('my-account'), fullPage: true });
        await noOverflow(page, '/my/account');

        await page.locator('.account-list [data-action="bind-wechat"]').click();
        await page.locator('.wx-modal img.wx-qr').waitFor({ state: 'visible' });
        await settle(page);
        await page.screenshot({ path: name('wechat-qr') });
        await page.locator('.wx-modal .ant-modal-close').click();
        await page.locator('.wx-modal').waitFor({ state: 'hidden' });

        assert.deepEqual(errors, []);
        await ctx.close();
      });
    }
  }
});
