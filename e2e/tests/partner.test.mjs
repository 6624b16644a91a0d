import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, signedPartnerLink, url } from '../lib.mjs';

describe('partner (zgzx) log-in', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('a signed partner link logs the user in and the signature leaves the address bar', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url(await signedPartnerLink('/zgzx/my/apply', 'p-user-7')));
    // Lands on the page with platformId, ts and sign gone from the address bar.
    await page.waitForURL((u) => u.pathname === '/zgzx/my/apply' && u.search === '', { timeout: 10000 });
    await page.locator('.ant-menu, .side-menu, main').first().waitFor();
    const user = await page.evaluate(() => window.__jobseekerCore.request('/pclogin/islogin', {}));
    assert.equal(user.zxInfo.zxLogin, true);
    assert.equal(user.zxInfo.id, 'p-user-7');
    await ctx.close();
  });

  it('a forged partner link logs nobody in and the guard sends the visitor to log in', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const link = (await signedPartnerLink('/zgzx/my/apply', 'p-user-8')).replace(/sign=[0-9a-f]+/, `sign=${'0'.repeat(64)}`);
    await page.goto(url(link));
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('returnUrl'), '/zgzx/my/apply');
    const user = await page.evaluate(() => window.__jobseekerCore.request('/pclogin/islogin', {}));
    assert.equal(user, null);
    await ctx.close();
  });
});
