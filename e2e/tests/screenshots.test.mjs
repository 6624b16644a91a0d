import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, NARROW, ensureShotsDir, loginAsDemo, openBrowser, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();

describe('screenshots', () => {
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
        const name = (what) => join(shots, `${what}-${lang}-${size}.png`);
        const ctx = await browser.context({ viewport, lang });
        const page = await ctx.newPage();
        const errors = watchErrors(page);

        await page.goto(url('/'));
        await page.locator('.hero').waitFor();
        await page.screenshot({ path: name('home'), fullPage: true });

        await page.goto(url('/login'));
        await page.locator('form#login').waitFor();
        await page.screenshot({ path: name('login'), fullPage: true });

        await loginAsDemo(page);
        await page.locator('[data-keep-alive="tags"] input').waitFor();
        await page.screenshot({ path: name('my-tags'), fullPage: true });

        await page.locator('.site-header .user-trigger').hover();
        await page.locator('.user-dropdown .ant-dropdown-menu').waitFor({ state: 'visible' });
        await page.waitForTimeout(300); // let the open animation finish
        await page.screenshot({ path: name('header-dropdown') });
        await page.mouse.move(5, viewport.height - 5);

        await page.goto(url('/zgzx/my/apply'));
        await page.locator('.zgzx-subbar').waitFor();
        await page.screenshot({ path: name('zgzx-header') });

        // No horizontal overflow: the page fits its width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
        assert.deepEqual(errors, []);
        await ctx.close();
      });
    }
  }
});
