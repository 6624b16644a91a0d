// Chat's daily quota of new conversations (issue 32, "Daily quotas stop mass greeting"): the job page shows
// what 立即沟通 has left today, desktop and /m; past the limit the tap is refused with a message in the user's
// language naming when the count resets (the next Beijing midnight), and nothing else changes (no conversation,
// the page stays). The recruiter's 打招呼 on an application shows the member's count too. zh-CN and en-US,
// desktop, narrow and phone, axe-core and screenshots.
//
// The day's count is set straight in the server's SQLite database (E2E_DATA_DIR, as run.mjs starts it), as that
// many starts would have left it. 王芳 chats here, never the demo candidate.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chatBrowser, logIn, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, NARROW, SHOTS, ajax, assertNoA11yProblems, pageProblems, url } from '../lib.mjs';

const context = chatBrowser();
/** 王芳, who applied to the demo company. */
const WANG_FANG = { mobile: '13900000002', password: 'demo1234' };

function sql(statement) {
  const dir = process.env.E2E_DATA_DIR;
  assert.ok(dir, 'run through e2e/run.mjs (E2E_DATA_DIR names the server data)');
  return execFileSync('sqlite3', ['-cmd', '.timeout 5000', join(dir, 'jobseeker.sqlite3'), statement], { encoding: 'utf8' }).trim();
}

/** Today in Beijing, `YYYYMMDD`, and the next Beijing midnight (ms). */
function beijingDay(now = Date.now()) {
  const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const next = (Math.floor((now + 8 * 3600_000) / 86_400_000) + 1) * 86_400_000 - 8 * 3600_000;
  return { day, next };
}

/** Sets what `who` of `side` opened today. */
function setUsed(side, who, used) {
  const { day } = beijingDay();
  sql(`DELETE FROM chat_quota_uses WHERE side = '${side}' AND who = ${who} AND day = '${day}'; INSERT INTO chat_quota_uses (side, who, day, used) VALUES ('${side}', ${who}, '${day}', ${used});`);
}

/** The reset time as the ui writes it (Beijing time): "11月29日 00:00" or "2026-11-29 00:00". */
function resetText(lang) {
  const d = new Date(beijingDay().next + 8 * 3600_000);
  const p = (n) => String(n).padStart(2, '0');
  return lang === 'en-US' ? `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} 00:00` : `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 00:00`;
}

const WORDS = {
  'zh-CN': { left: (n) => `今日还可发起 ${n} 次沟通`, none: '今日新沟通次数已用完', refused: '今日发起新沟通的次数已用完', beijing: '北京时间' },
  'en-US': { left: (n) => `New chats left today: ${n}`, none: "Today's new chats are used up", refused: "You have used today's new chats", beijing: 'Beijing time' },
};

describe('chat: the daily quota of new conversations', () => {
  const wangFang = Number(sql(`SELECT id FROM users WHERE mobile = '${WANG_FANG.mobile}'`));
  const owner = Number(sql(`SELECT id FROM company_members WHERE mobile = '${COMPANY.mobile}'`));
  let job;

  it('desktop and narrow: 立即沟通 shows what is left; past the limit it says when it resets and opens nothing', async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const w = WORDS[lang];
      const ctx = await context({ lang });
      await logIn(ctx, '/pclogin/login', WANG_FANG);
      const page = await ctx.newPage();
      const errors = watch(page);
      if (!job) {
        // One of the demo company's open jobs (its owner answers their chats).
        const rctx = await context();
        await logIn(rctx, '/comlogin/login', COMPANY);
        const res = await rctx.request.post(url('/ajax/comjob/list'), { form: { state: 'open', page: '1', pagesize: '5' } });
        job = (await res.json()).result.list[0];
        await rctx.close();
      }
      assert.ok(job?.id, 'a job to chat about');

      setUsed('candidate', wangFang, 48);
      await page.goto(url(`/job/${job.id}`));
      const note = page.locator('[data-testid="chat-quota"]');
      await note.filter({ hasText: w.left(2) }).waitFor();
      await shot(page, `chat-quota-left-${lang}-desktop`);
      found.push([`job page quota ${lang}`, await pageProblems(page, lang)]);

      // All used: the line says so and when they come back; 立即沟通 is refused in words, and the page stays.
      setUsed('candidate', wangFang, 50);
      await page.reload();
      await note.filter({ hasText: w.none }).waitFor();
      assert.match(await note.innerText(), new RegExp(`${resetText(lang)}.*${w.beijing}`));
      await page.locator('[data-testid="chat-start"]').click();
      const refused = page.locator('.ant-message-notice', { hasText: w.refused });
      await refused.first().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await refused.first().innerText(), new RegExp(resetText(lang)));
      assert.equal(new URL(page.url()).pathname, `/job/${job.id}`, 'the page stays');
      await shot(page, `chat-quota-refused-${lang}-desktop`);
      // The toast (antd's, outside the page's landmarks as on every page) gone, the page as it stays.
      await refused.first().waitFor({ state: 'hidden', timeout: 10_000 });
      found.push([`job page refused ${lang}`, await pageProblems(page, lang)]);
      const list = await ajax(page, '/chat/list', {});
      assert.equal(list.list.length, 0, 'no conversation was opened');
      assert.equal(sql(`SELECT used FROM chat_quota_uses WHERE side = 'candidate' AND who = ${wangFang} AND day = '${beijingDay().day}'`), '50');

      await page.setViewportSize(NARROW);
      await page.reload();
      await note.filter({ hasText: w.none }).waitFor();
      await shot(page, `chat-quota-none-${lang}-narrow`);
      found.push([`job page quota ${lang} narrow`, await pageProblems(page, lang)]);
      assert.deepEqual(errors.filter((e) => !/CHAT_QUOTA|429/.test(e)), [], `${lang}: page errors`);
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat quota, desktop');
  });

  it('/m at phone size: the bar over 立即沟通 shows what is left, and the refusal says when it resets', async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const w = WORDS[lang];
      const ctx = await context({ device: 'iPhone 13', lang });
      await logIn(ctx, '/pclogin/login', WANG_FANG);
      const page = await ctx.newPage();
      const errors = watch(page);
      setUsed('candidate', wangFang, 49);
      await page.goto(url(`/m/job/${job.id}`));
      const note = page.locator('[data-testid="chat-quota"]');
      await note.filter({ hasText: w.left(1) }).waitFor();
      await shot(page, `chat-quota-left-${lang}-phone`);
      found.push([`m job quota ${lang}`, await pageProblems(page, lang)]);

      setUsed('candidate', wangFang, 50);
      await page.reload();
      await note.filter({ hasText: w.none }).waitFor();
      await page.locator('[data-testid="m-chat"]').click();
      const toast = page.getByText(w.refused);
      await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await toast.first().innerText(), new RegExp(resetText(lang)));
      assert.equal(new URL(page.url()).pathname, `/m/job/${job.id}`, 'the page stays');
      // The toast lasts two seconds: taken at once rather than after the page settles.
      await page.screenshot({ path: join(SHOTS, `chat-quota-refused-${lang}-phone.png`) });
      found.push([`m job refused ${lang}`, await pageProblems(page, lang)]);
      assert.equal((await ajax(page, '/chat/list', {})).list.length, 0, 'no conversation was opened');
      assert.deepEqual(errors.filter((e) => !/CHAT_QUOTA|429/.test(e)), [], `${lang}: page errors`);
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat quota, /m');
  });

  it("the recruiter's 打招呼 on an application shows the member's count and the refusal", async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const w = WORDS[lang];
      const ctx = await context({ lang });
      await logIn(ctx, '/comlogin/login', COMPANY);
      const page = await ctx.newPage();
      const errors = watch(page);
      await page.goto(url('/recruit/'));
      const apps = await ajax(page, '/comresume/applyresume', { stageId: '0', stageOppId: '1', pagesize: '50' });
      const app = apps.list.find((a) => a.userId === wangFang);
      assert.ok(app, `王芳's application: ${JSON.stringify(apps.list.map((a) => a.name))}`);
      setUsed('company', owner, 17);
      await page.goto(url(`/recruit/comresume/detail/${app.applyId}`));
      const note = page.locator('[data-testid="chat-quota"]');
      await note.filter({ hasText: w.left(3) }).waitFor();
      await shot(page, `chat-quota-greet-left-${lang}-desktop`);
      found.push([`application quota ${lang}`, await pageProblems(page, lang)]);

      setUsed('company', owner, 20);
      await page.reload();
      await note.filter({ hasText: w.none }).waitFor();
      await page.locator('[data-testid="greet"]').click();
      const refused = page.locator('.ant-message-notice', { hasText: w.refused });
      await refused.first().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(new URL(page.url()).pathname, /\/recruit\/comresume\/detail\//, 'the page stays');
      await shot(page, `chat-quota-greet-refused-${lang}-desktop`);
      await refused.first().waitFor({ state: 'hidden', timeout: 10_000 });
      found.push([`application refused ${lang}`, await pageProblems(page, lang)]);
      assert.deepEqual(errors.filter((e) => !/CHAT_QUOTA|429/.test(e)), [], `${lang}: page errors`);
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat quota, recruiter');
  });
});
