// The WeChat id chat's 交换微信 reveals (issue 32; /chat/wechat, /chat/setWechat and their /comchat twins), set in the
// account settings: the candidate's /my/account (王芳, not the demo candidate) and the recruiter's /recruit/account. A
// bad id is refused in the browser by core-wasm's rule (nothing sent, nothing saved) with the rule's words; a good one
// is saved and read back; empty removes it. Screenshots and axe in zh-CN and en-US at desktop and narrow width.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatBrowser, logIn, shootSides, watch } from '../chat-helpers.mjs';
import { COMPANY, DESKTOP, ajax, assertNoA11yProblems, toast, url } from '../lib.mjs';

const context = chatBrowser();
const WANG_FANG = { mobile: '13900000002', password: 'demo1234' };

describe('the WeChat id in account settings', () => {
  it('the candidate and the recruiter set their WeChat id, checked by the rule in the browser', async () => {
    const found = [];
    const errors = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const zh = lang === 'zh-CN';
      const suffix = zh ? 'zh' : 'en';

      // The candidate.
      const cctx = await context({ lang });
      await logIn(cctx, '/pclogin/login', WANG_FANG);
      const cand = await cctx.newPage();
      errors.push(watch(cand));
      await cand.goto(url('/my/account'));
      const row = cand.locator('[data-section="wechat-id"]');
      await row.locator('[data-action="edit-wechat-id"]:not([disabled])').waitFor();
      await row.locator('[data-action="edit-wechat-id"]').focus();
      await cand.keyboard.press('Enter');
      const input = row.locator('[data-testid="wechat-id-input"]');
      await input.fill('1ab');
      await input.press('Enter');
      await row.locator('[data-testid="wechat-id-problem"]', { hasText: zh ? '6-20 位' : '6-20 letters' }).waitFor();
      assert.equal((await ajax(cand, '/chat/wechat')).wechatId, zh ? '' : 'wangfang_zh', 'nothing saved');
      await shootSides(found, 'account-wechat-id-bad', lang, [[cand, 'candidate']]);
      await cand.setViewportSize(DESKTOP);
      await input.fill(`wangfang_${suffix}`);
      await input.press('Enter');
      await row.locator('[data-testid="wechat-id-value"]', { hasText: `wangfang_${suffix}` }).waitFor();
      // The toast sits outside the page's landmarks: the screenshots and axe come once it has gone.
      await (await toast(cand, zh ? '微信号已保存' : 'Your WeChat ID was saved')).waitFor({ state: 'hidden', timeout: 15_000 });
      assert.equal((await ajax(cand, '/chat/wechat')).wechatId, `wangfang_${suffix}`);
      await shootSides(found, 'account-wechat-id', lang, [[cand, 'candidate']]);
      // The server checks the same rule (asked outside the page, whose console stays clean).
      const refused = await (await cctx.request.post(url('/ajax/chat/setWechat'), { form: { wechatId: '1ab' } })).json();
      assert.equal(refused.error?.code, 'BAD_INPUT', JSON.stringify(refused));
      assert.equal((await ajax(cand, '/chat/wechat')).wechatId, `wangfang_${suffix}`, 'unchanged');

      // The recruiter.
      const rctx = await context({ lang });
      await logIn(rctx, '/comlogin/login', COMPANY);
      const rec = await rctx.newPage();
      errors.push(watch(rec));
      await rec.goto(url('/recruit/account'));
      const card = rec.locator('[data-testid="wechat-id-card"]');
      const field = card.locator('[data-testid="wechat-id-input"]:not([disabled])');
      await field.waitFor();
      await field.fill('x-1');
      await card.locator('[data-testid="wechat-id-save"]').click();
      await card.locator('.ant-form-item-explain-error', { hasText: zh ? '6-20 位' : '6-20 letters' }).waitFor();
      await card.scrollIntoViewIfNeeded();
      assert.equal((await ajax(rec, '/comchat/wechat')).wechatId, zh ? '' : 'hr_wang_zh', 'nothing saved');
      await shootSides(found, 'recruit-account-wechat-id-bad', lang, [[rec, 'recruiter']]);
      await rec.setViewportSize(DESKTOP);
      await field.fill(`hr_wang_${suffix}`);
      await card.locator('[data-testid="wechat-id-save"]').click();
      await toast(rec, zh ? '微信号已保存' : 'Your WeChat ID was saved');
      assert.equal((await ajax(rec, '/comchat/wechat')).wechatId, `hr_wang_${suffix}`);
      await rec.reload();
      await card.locator('[data-testid="wechat-id-input"]:not([disabled])').waitFor();
      assert.equal(await card.locator('[data-testid="wechat-id-input"]').inputValue(), `hr_wang_${suffix}`, 'read back');
      await Promise.all([cctx.close(), rctx.close()]);
    }
    assert.deepEqual(errors.flat(), []);
    assertNoA11yProblems(found, 'WeChat id in account settings');
  });
});
