import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, url } from '../lib.mjs';

describe('core transport', () => {
  let browser;
  let ctx;
  let page;
  before(async () => {
    browser = await openBrowser();
    ctx = await browser.context();
    page = await ctx.newPage();
    await page.goto(url('/'));
    // Once the header shows, the app's own start-up calls are done and cannot collide with ours.
    await page.locator('.site-header').waitFor();
  });
  after(async () => {
    await browser?.close();
  });

  it('refuses a second identical call while the first is in flight', async () => {
    const [first, second] = await page.evaluate(async () => {
      const core = window.__jobseekerCore;
      const settle = (p) => p.then((v) => ({ ok: true, v }), (e) => ({ ok: false, e }));
      return Promise.all([settle(core.request('/site/config', {})), settle(core.request('/site/config', {}))]);
    });
    assert.equal(first.ok, true);
    assert.equal(typeof first.v, 'object');
    assert.deepEqual(second, { ok: false, e: { status: 0, message: 'request:repeat' } });
  });

  it('lets the same call through again once the first has finished', async () => {
    const answer = await page.evaluate(async () => {
      const core = window.__jobseekerCore;
      await core.request('/site/config', {});
      return core.request('/site/config', {}).then(() => 'ok', (e) => e);
    });
    assert.equal(answer, 'ok');
  });

  it('masks a mobile number', async () => {
    assert.equal(await page.evaluate(() => window.__jobseekerCore.maskMobile('13800000000')), '138****0000');
  });

  it('sets a year-long finger cookie on the first visit and keeps it', async () => {
    const finger = (await ctx.cookies()).find((c) => c.name === 'finger');
    assert.ok(finger, 'finger cookie set');
    assert.match(finger.value, /^[0-9a-f]{32}$/);
    assert.equal(finger.path, '/');
    assert.equal(finger.sameSite, 'Lax');
    const days = (finger.expires * 1000 - Date.now()) / 86_400_000;
    assert.ok(days > 360 && days < 370, `expires in ${days} days`);
    await page.reload();
    await page.waitForFunction(() => !!window.__jobseekerCore);
    const again = (await ctx.cookies()).find((c) => c.name === 'finger');
    assert.equal(again.value, finger.value);
  });
});
