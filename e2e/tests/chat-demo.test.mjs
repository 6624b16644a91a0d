// The demo conversation (issue 32; cli/seed.rs demo_chat): the demo candidate 张伟 and the demo company's owner
// 王经理 talk about 前端开发工程师 over two days: a phone exchange accepted, an interview card for tomorrow, one
// unread message each way. What a person who runs scripts/run and logs in finds: on /my/chat, /recruit/chat and
// /m/chat, in zh-CN and en-US, at desktop, narrow and phone size; axe-core on each. (The 消息 tab's badge on /m is
// chat.test.mjs's.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatBrowser, signedIn, shootSides, shot } from '../chat-helpers.mjs';
import { COMPANY, DEMO, assertNoA11yProblems, pageProblems, readUntil } from '../lib.mjs';

const context = chatBrowser();


describe('the seeded demo conversation', () => {
  for (const lang of ['zh-CN', 'en-US']) {
    it(`is on both sides' chat pages with its cards and unread counts (${lang})`, async () => {
      const found = [];
      const [cctx, cand, candErrors] = await signedIn(context, '/pclogin/login', DEMO, '/my/chat', { lang });
      const [rctx, rec, recErrors] = await signedIn(context, '/comlogin/login', COMPANY, '/recruit/chat', { lang });
      for (const page of [cand, rec]) {
        const item = page.locator('[data-testid="chat-item"]');
        await item.first().waitFor();
        assert.equal(await item.count(), 1, 'one demo conversation');
        // One unread message each way (the first run opens them; the server is the same for the next).
        if (lang === 'zh-CN') assert.match(await item.first().locator('[data-testid="chat-item-unread"]').innerText(), /^1\b/, 'one unread message');
      }
      assert.match(await cand.locator('[data-testid="chat-item"]').innerText(), /王经理/);
      assert.match(await rec.locator('[data-testid="chat-item"]').innerText(), /张伟/);

      // Opened: the job card first, both mobiles on the accepted exchange, tomorrow's interview card last.
      await cand.locator('[data-testid="chat-item"]').click();
      await rec.locator('[data-testid="chat-item"]').click();
      for (const page of [cand, rec]) {
        await page.locator('[data-testid="chat-interview"]').waitFor();
        assert.match(await page.locator('[data-testid="chat-job"]').first().innerText(), /前端开发工程师/);
        const values = await page.locator('[data-testid="chat-ex-value"]').allInnerTexts();
        assert.ok(values.some((v) => v.includes(DEMO.mobile)) && values.some((v) => v.includes(COMPANY.mobile)), `both mobiles: ${values}`);
        assert.ok((await page.locator('.chat-day').count()) >= 2, 'told over two days: a day separator for each');
      }
      // The candidate may answer the interview right here; the recruiter sees their own question as read.
      await cand.locator('[data-testid="chat-iv-accept"]').waitFor();
      assert.equal(await rec.locator('[data-testid="chat-iv-accept"]').count(), 0, 'only the candidate answers');
      await rec.locator('.chat-tick.read').first().waitFor();
      await cand.locator('.chat-tick.read').first().waitFor();
      // Reading cleared the unread counts on both sides.
      for (const page of lang === 'zh-CN' ? [cand, rec] : []) {
        const unread = page.locator('[data-testid="chat-item-unread"]');
        assert.equal(await readUntil(() => unread.count(), (n) => n === 0, { ms: 15_000 }), 0);
      }
      await shootSides(found, 'chat-demo', lang, [[cand, 'my'], [rec, 'recruit']]);
      assert.deepEqual([...candErrors, ...recErrors], []);
      await cctx.close();
      await rctx.close();
      assertNoA11yProblems(found, `chat demo ${lang}`);
    });
  }

  it('is on /m at phone size', async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const [ctx, page, errors] = await signedIn(context, '/pclogin/login', DEMO, '/m/chat', { device: 'iPhone 13', lang });
      await page.locator('[data-testid="chat-item"]').first().click();
      await page.locator('[data-testid="chat-interview"]').waitFor();
      await page.locator('[data-testid="chat-messages"]').evaluate((el) => el.scrollTo(0, 0));
      await shot(page, `chat-demo-m-${lang}-phone`);
      found.push([`demo m ${lang}`, await pageProblems(page, lang)]);
      assert.deepEqual(errors, []);
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat demo /m');
  });
});
