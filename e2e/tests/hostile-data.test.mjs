// Data a user typed is shown as text, never run: markup saved as tags (the server keeps it
// verbatim, see server/tests/bad_input.rs) is displayed literally and no script executes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ajax, loginAsDemo, openBrowser, url, waitForTitle } from '../lib.mjs';

const HOSTILE = ['<img src=x onerror=alert(1)>', '<script>alert(2)</script>', '"><svg onload=alert(3)>'];

describe('hostile data in the browser', () => {
  let browser;
  let page;
  let savedTags;
  const dialogs = [];

  before(async () => {
    browser = await openBrowser();
    const ctx = await browser.context();
    page = await ctx.newPage();
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await loginAsDemo(page);
    savedTags = await ajax(page, '/tag/getUserTags');
    assert.ok(Array.isArray(savedTags), `tags: ${JSON.stringify(savedTags)}`);
  });

  after(async () => {
    if (page && Array.isArray(savedTags)) await ajax(page, '/tag/addTags', { tags: JSON.stringify(savedTags) });
    await browser?.close();
  });

  it('shows markup saved as tags as plain text and runs none of it', async () => {
    const saved = await ajax(page, '/tag/addTags', { tags: JSON.stringify(HOSTILE) });
    assert.deepEqual(saved, HOSTILE, `the server keeps the text verbatim: ${JSON.stringify(saved)}`);

    await page.goto(url('/my/tags'));
    await waitForTitle(page, '我的标签 - 职达招聘');
    for (const text of HOSTILE) {
      await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
    }
    // Nothing was parsed into elements and no handler ran.
    const injected = await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload], main script').length);
    assert.equal(injected, 0);
    await page.waitForTimeout(500);
    assert.deepEqual(dialogs, []);
  });
});
