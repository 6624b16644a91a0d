// Screenshots of the five personal-centre pages (zh-CN and en-US, 1366x900 and 375x812) into screenshots/,
// with some data on each: a paid and a pending order, a blocked company and a company search.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, NARROW, ajax, ensureShotsDir, loginAsDemo, openBrowser, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const TENCENT_SZ = '深圳市腾讯计算机系统有限公司';

const PAGES = [
  { name: 'tags', ready: '[data-testid="recommended-tags"] .tags-suggestion' },
  { name: 'apply', ready: '[data-testid="apply-list"]' },
  { name: 'collect', ready: '[data-testid="collect-list"]' },
  { name: 'order', ready: '[data-testid="order-list"]' },
  { name: 'shield', ready: '[data-testid="shield-list"]' },
];

describe('personal-centre screenshots', () => {
  let browser;
  let setup;
  let block;

  before(async () => {
    browser = await openBrowser();
    setup = await (await browser.context()).newPage();
    await loginAsDemo(setup);
    const paid = await ajax(setup, '/order/create', { serviceCode: 'resume_highlight_30d' });
    assert.ok(paid.payUrl, JSON.stringify(paid));
    const res = await setup.evaluate(async (u) => (await fetch(u, { method: 'POST' })).status, paid.payUrl);
    assert.equal(res, 200);
    const pending = await ajax(setup, '/order/create', { serviceCode: 'resume_top_7d' });
    assert.ok(pending.orderNo, JSON.stringify(pending));
    const [company] = (await ajax(setup, '/pcuser/shieldSearch', { comname: TENCENT_SZ })) ?? [];
    const user = await ajax(setup, '/pclogin/islogin');
    block = { comId: String(company.comId), resumeId: String(user.resumeId) };
    assert.equal(await ajax(setup, '/pcuser/shield', block), true);
  });

  after(async () => {
    if (block) await ajax(setup, '/pcuser/unshield', block);
    await browser?.close();
  });

  for (const lang of ['zh-CN', 'en-US']) {
    for (const [size, viewport] of [
      ['1366', DESKTOP],
      ['375', NARROW],
    ]) {
      it(`${lang} at ${size}px`, async () => {
        const ctx = await browser.context({ viewport, lang });
        const page = await ctx.newPage();
        const errors = watchErrors(page);
        await loginAsDemo(page);
        for (const { name, ready } of PAGES) {
          await page.goto(url(`/my/${name}`));
          const pane = page.locator(`[data-keep-alive="${name}"]`);
          await pane.locator(ready).first().waitFor();
          if (name === 'shield') {
            await pane.locator('input[name="comname"]').fill('腾讯');
            await pane.locator('input[name="comname"]').press('Enter');
            await pane.locator('[data-testid="shield-results"]').waitFor();
          }
          await page.waitForTimeout(250); // skeleton-to-content and tag transitions
          await page.screenshot({ path: join(shots, `pc-${name}-${lang}-${size}.png`), fullPage: true });

          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `/my/${name} is ${overflow}px wider than the viewport`);
          if (lang === 'en-US') {
            // Every string of the page chrome is English (job and company data stay as they are).
            const chrome = await pane
              .locator('.page-card-title, .section-title, .ant-btn, .ui-btn, .ui-tag.apply-status, .ui-tag.order-status, .ui-pagination, .page-intro, .ui-alert-message, .ant-alert-message')
              .allInnerTexts();
            const chinese = chrome.filter((s) => /[\u4e00-\u9fff]/.test(s));
            assert.deepEqual(chinese, [], `/my/${name}`);
          }
        }
        assert.deepEqual(errors, []);
        await ctx.close();
      });
    }
  }
});
