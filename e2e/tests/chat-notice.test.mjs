// Chat's offline notice switch (issue 32): the candidate turns it off and on in /my/account, the member in
// /recruit/account; each shows where notices go and is saved at once (the server says the same afterwards).
// Keyboard: the candidate's switch is a button with role=switch. axe-core and screenshots in zh-CN and en-US.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, NARROW, ajax, companyLogin, ensureShotsDir, expectNoAxeViolations, loginAsDemo, openBrowser, settle, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
let browser;

before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

describe('the offline notice switch', () => {
  for (const [lang, viewport, size] of [
    ['zh-CN', DESKTOP, 'desktop'],
    ['en-US', NARROW, 'narrow'],
  ]) {
    it(`is the candidate's in /my/account (${lang} ${size})`, async () => {
      const ctx = await browser.context({ lang, viewport });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await loginAsDemo(page);
      // The two languages share one server: each starts from the default, on.
      await ajax(page, '/pcuser/saveChatNotice', { on: '1' });
      await page.goto(url('/my/account'));
      const toggle = page.locator('[data-action="toggle-chat-notice"]');
      await toggle.waitFor();
      await page.locator('[data-section="chat-notice"] .account-chat-notice').waitFor();
      assert.equal(await toggle.getAttribute('aria-checked'), 'true');
      assert.match(await page.locator('[data-section="chat-notice"]').innerText(), lang === 'zh-CN' ? /离线消息提醒/ : /Offline message alerts/);
      // By keyboard: focus and Enter turns it off, as the server then says.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-action="toggle-chat-notice"][aria-checked="false"]').waitFor();
      assert.equal((await ajax(page, '/pcuser/chatNotice')).on, false);
      // The toast is outside the page's landmarks by design: checked once it has gone.
      await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 10_000 });
      await settle(page);
      await expectNoAxeViolations(page, `my account with the chat notice switch off, ${lang} ${size}`);
      await page.screenshot({ path: join(shots, `chat-notice-my-account-${lang}-${size}.png`), fullPage: true });
      await toggle.click();
      await page.locator('[data-action="toggle-chat-notice"][aria-checked="true"]').waitFor();
      assert.equal((await ajax(page, '/pcuser/chatNotice')).on, true);
      assert.deepEqual(errors, []);
      await ctx.close();
    });

    it(`is the member's in /recruit/account (${lang} ${size})`, async () => {
      const ctx = await browser.context({ lang, viewport });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await companyLogin(page);
      await ajax(page, '/comlogin/saveChatNotice', { on: '1' });
      await page.goto(url('/recruit/account'));
      const card = page.locator('[data-testid="chat-notice-card"]');
      await card.waitFor();
      const toggle = card.locator('[data-testid="chat-notice-switch"]');
      await page.locator('[data-testid="chat-notice-switch"][aria-checked="true"]').waitFor();
      await toggle.click();
      await page.locator('[data-testid="chat-notice-switch"][aria-checked="false"]').waitFor();
      assert.equal((await ajax(page, '/comlogin/chatNotice')).on, false);
      await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 10_000 });
      await settle(page);
      await expectNoAxeViolations(page, `recruit account with the chat notice card, ${lang} ${size}`);
      await card.screenshot({ path: join(shots, `chat-notice-recruit-account-${lang}-${size}.png`) });
      await toggle.click();
      await page.locator('[data-testid="chat-notice-switch"][aria-checked="true"]').waitFor();
      assert.equal((await ajax(page, '/comlogin/chatNotice')).on, true);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
});
