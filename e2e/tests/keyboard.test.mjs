// Keyboard only: the candidate's flows without a mouse (log-in, the slider, editing a resume section,
// blocking a company, applying), the focus always visible on the way (lib.mjs tabTo), and dialogs that
// keep the focus inside and give it back when they close.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ajax, assertFocus, DEMO, findSliderGap, latestCode, openBrowser, sliderPieceX, tabTo, url, waitForPath, watchErrors } from '../lib.mjs';

describe('keyboard only', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('logs in with the password; the menu and the dialogs take and give back the focus', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const kb = page.keyboard;

    // Log in with the password.
    await page.goto(url('/login'));
    await page.locator('form#login').waitFor();
    await tabTo(page, '#login_mobile');
    await kb.type(DEMO.mobile);
    await tabTo(page, '#login_password');
    await kb.type(DEMO.password);
    await kb.press('Enter');
    await waitForPath(page, '/my/tags');

    // The user menu opens from the keyboard, and Escape gives the focus back to its trigger.
    await page.locator('[data-keep-alive="tags"] input').waitFor();
    await tabTo(page, '.site-header .user-trigger', { back: true });
    await kb.press('Enter');
    await page.locator('.user-dropdown .ant-dropdown-menu').waitFor({ state: 'visible' });
    await kb.press('Escape');
    await page.locator('.user-dropdown .ant-dropdown-menu').waitFor({ state: 'hidden' });
    await assertFocus(page, '.site-header .user-trigger', 'after Escape');

    // A confirmation (antd's Popconfirm): its confirm button takes the focus; Escape closes it and gives the focus back.
    await page.goto(url('/my/collect'));
    await page.locator('.collect-row').first().waitFor();
    await tabTo(page, '.collect-row button[data-popup-trigger]');
    await kb.press('Enter');
    await page.locator('.ant-popconfirm').waitFor({ state: 'visible' });
    await assertFocus(page, '.ant-popconfirm .ant-btn-primary', 'in the confirmation');
    await kb.press('Escape');
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });
    await assertFocus(page, '.collect-row button[data-popup-trigger]', 'after Escape');
    assert.equal(await page.locator('.collect-row').count(), 4, 'nothing removed');

    // An account dialog: opened with Enter, closed with Escape, the focus back on its button.
    await page.goto(url('/my/account'));
    await page.locator('[data-keep-alive="account"] button[data-action="change-password"]').waitFor();
    await tabTo(page, '[data-keep-alive="account"] button[data-action="change-password"]');
    await kb.press('Enter');
    await page.locator('.ant-modal').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement));
    await kb.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await assertFocus(page, 'button[data-action="change-password"]', 'after the account dialog closed');

    // A job's apply dialog takes the focus, keeps it inside while tabbing, and gives it back.
    const found = await ajax(page, '/job/search', { q: '运维工程师' });
    const job = found.list.find((j) => !j.applied && !j.closed) ?? found.list[0];
    await page.goto(url(`/job/${job.id}`));
    await page.locator('.job-page h1').waitFor();
    await tabTo(page, '[data-testid="apply"]');
    await kb.press('Enter');
    const dialog = page.locator('.ant-modal');
    await dialog.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement));
    for (let i = 0; i < 8; i++) {
      await kb.press('Tab');
      assert.ok(await page.evaluate(() => document.querySelector('.ant-modal-wrap')?.contains(document.activeElement)), `Tab ${i + 1} left the dialog`);
    }
    await kb.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await assertFocus(page, '[data-testid="apply"]', 'after the dialog closed');

    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('registers through the slider, edits a resume section, blocks a company and applies, without a mouse', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const kb = page.keyboard;
    const mobile = `139${String(Date.now()).slice(-8)}`;

    await page.goto(url('/register'));
    await page.locator('form#register').waitFor();
    await tabTo(page, '#register_mobile');
    await kb.type(mobile);
    const sent = Date.now();
    await tabTo(page, 'form#register .send-code-btn');
    await kb.press('Enter');

    // The slider's dialog takes the focus; the handle moves with the arrows and Enter lets go.
    const modal = page.locator('.slider-modal');
    await modal.waitFor({ state: 'visible' });
    await page.locator('.slider-modal .slider-captcha[data-phase="ready"]').waitFor();
    await tabTo(page, '.slider-modal .slider-handle', { max: 10 });
    const gap = await findSliderGap(page, '.slider-modal .slider-captcha');
    for (let i = 0; i < 400; i++) {
      const at = await sliderPieceX(page, '.slider-modal .slider-captcha');
      if (Math.abs(gap - at) < 1) break;
      await kb.press(gap - at > 12 ? 'Shift+ArrowRight' : gap > at ? 'ArrowRight' : 'ArrowLeft');
      // At a person's pace: the server refuses keys faster than a keyboard repeats, or evenly spaced.
      await page.waitForTimeout(40 + Math.random() * 80);
    }
    await page.waitForTimeout(200);
    await kb.press('Enter');
    await modal.waitFor({ state: 'hidden' });

    const code = await latestCode(mobile, { after: sent - 1000 });
    // The focus moves on to the code box by itself.
    await assertFocus(page, '#register_code', 'after the slider');
    await kb.type(code);
    await tabTo(page, '#register_password');
    await kb.type('keys2026');
    await tabTo(page, '#register_confirmPassword');
    await kb.type('keys2026');
    await tabTo(page, '#register_agree');
    await kb.press('Space');
    await kb.press('Enter');
    await page.waitForURL((u) => new URL(u).pathname.startsWith('/my'));

    // Edit the self assessment on /my/edit.
    await page.goto(url('/my/edit'));
    const assessment = page.locator('.resume-section[data-section="assessment"]');
    await assessment.waitFor();
    // A new resume's sections are open forms already; a filled one opens with its edit button.
    if (await assessment.locator('button[data-action="edit"]').count()) {
      await tabTo(page, '.resume-section[data-section="assessment"] button[data-action="edit"]');
      await kb.press('Enter');
    }
    const form = page.locator('.section-form[data-form="assessment:single"]');
    await form.waitFor();
    // The header's 消息 link is one more stop on the way (issue 32).
    await tabTo(page, '.section-form[data-form="assessment:single"] [data-field="selfAssessment"] textarea', { max: 80 });
    const text = `键盘编辑的自我评价 ${Date.now()}`;
    await kb.press('ControlOrMeta+A');
    await kb.type(text);
    await tabTo(page, '.section-form[data-form="assessment:single"] button[data-action="save"]');
    await kb.press('Enter');
    await assessment.getByText(text).waitFor();

    // Block a company on /my/shield.
    await page.goto(url('/my/shield'));
    await page.locator('[data-keep-alive="shield"] input[name="comname"]').waitFor();
    await tabTo(page, '[data-keep-alive="shield"] input[name="comname"]');
    await kb.type('饿了么');
    await kb.press('Enter');
    const result = page.locator('.shield-result', { hasText: '上海拉扎斯' });
    await result.waitFor();
    await tabTo(page, '.shield-result[data-company="上海拉扎斯信息科技有限公司"] button');
    await kb.press('Enter');
    await page.locator('.shield-row', { hasText: '上海拉扎斯' }).waitFor();

    // Apply to a job, confirming in the dialog.
    const found = await ajax(page, '/job/search', { q: '运维工程师' });
    const job = found.list.find((j) => !j.closed) ?? found.list[0];
    await page.goto(url(`/job/${job.id}`));
    await page.locator('.job-page h1').waitFor();
    await tabTo(page, '[data-testid="apply"]');
    await kb.press('Enter');
    await page.locator('.ant-modal').waitFor({ state: 'visible' });
    await tabTo(page, '[data-testid="apply-confirm"]');
    await kb.press('Enter');
    await page.locator('[data-testid="apply"]', { hasText: /已投递/ }).waitFor();
    await ctx.close();
  });
});
