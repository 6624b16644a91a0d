// Chat (issue 32): the demo candidate taps 立即沟通 on a job of the demo company and writes; the recruiter (the
// demo company's owner, in another browser context) sees the conversation come without reloading (polling now,
// the socket later), its unread badge counting up, and replies; the candidate sees the reply and their own badge.
// Drafts survive a reload, the text limit is said in the user's language, read ticks show. The same on /m at
// phone size. axe-core and screenshots in zh-CN and en-US, desktop and narrow (375 px), phone size for /m.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHATTER, chatBrowser, logIn, signedIn, shootSides, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, NARROW, ajax, assertNoA11yProblems, pageProblems, readUntil, url, waitForPath } from '../lib.mjs';

const context = chatBrowser();


describe('chat between a candidate and a recruiter', () => {
  let jobs;

  it('desktop: 立即沟通, the recruiter sees it without reloading and replies, badges count up', async () => {
    const found = [];
    const rctx = await context();
    await logIn(rctx, '/comlogin/login', COMPANY);
    const rec = await rctx.newPage();
    const recErrors = watch(rec);
    await rec.goto(url('/recruit/chat'));
    await rec.locator('[data-testid="chat"]').waitFor();
    jobs = (await ajax(rec, '/comjob/list', { state: 'open', page: 1, pagesize: 5 })).list;
    assert.ok(jobs.length >= 2, 'the demo company has open jobs');
    const job = jobs[0];
    // Only the seeded demo conversation (张伟's, cli/seed.rs), with its one unread message.
    await rec.locator('[data-testid="chat-item"]').first().waitFor();
    assert.equal(await rec.locator('[data-testid="chat-item"]').count(), 1, 'no conversation with 王芳 yet');
    assert.match(await rec.locator('[data-testid="chat-item"]').first().innerText(), /张伟/);

    const cctx = await context();
    await logIn(cctx, '/pclogin/login', CHATTER);
    const cand = await cctx.newPage();
    const candErrors = watch(cand);
    await cand.goto(url(`/job/${job.id}`));
    await cand.locator('[data-testid="chat-start"]').click();
    await waitForPath(cand, '/my/chat');
    assert.match(new URL(cand.url()).search, /^\?c=\d+$/);
    await cand.locator('[data-testid="chat-job"]').waitFor();
    assert.match(await cand.locator('[data-testid="chat-job"]').innerText(), new RegExp(job.title));
    const input = cand.locator('[data-testid="chat-input"]');
    await input.fill('您好，我想了解一下这个职位');
    await input.press('Enter');
    await cand.locator('[data-testid="chat-msg-mine"]', { hasText: '您好，我想了解一下这个职位' }).waitFor();
    assert.equal(await input.inputValue(), '', 'Enter sent and emptied the composer');

    // The recruiter's list and badge come without a reload (the job's card and the message are unread).
    const badge = rec.locator('.rc-side [data-testid="chat-badge"] [aria-hidden="true"]');
    await rec.locator('[data-testid="chat-item"]').first().waitFor({ timeout: 15_000 });
    await badge.waitFor({ timeout: 15_000 });
    const before = Number(await readUntil(() => badge.innerText(), (v) => Number(v) >= 3));
    assert.ok(before >= 3, `the recruiter's badge counts the demo conversation's message, the card and the message: ${before}`);
    await input.press('Shift+Enter');
    assert.equal(await input.inputValue(), '\n', 'Shift+Enter is a new line, not a send');
    await input.fill('第二条');
    await cand.locator('[data-testid="chat-send"]').click();
    const counted = Number(await readUntil(() => badge.innerText(), (v) => Number(v) === before + 1));
    assert.equal(counted, before + 1, 'the badge counts up without a reload');
    await shot(rec, 'chat-recruit-list-zh-CN-desktop');

    await rec.locator('[data-testid="chat-item"]').first().click();
    await rec.locator('[data-testid="chat-msg-theirs"]', { hasText: '第二条' }).waitFor();
    // Read: the badge is back to the demo conversation's one unread message.
    assert.equal(await readUntil(() => badge.innerText(), (v) => v === '1', { ms: 10_000 }), '1');
    // The candidate's messages read by the recruiter: 已读.
    await cand.locator('[data-testid="chat-msg-mine"] .chat-tick.read').first().waitFor({ timeout: 15_000 });

    // The candidate leaves for another page; the reply counts on their badges.
    await cand.goto(url('/my/tags'));
    const rin = rec.locator('[data-testid="chat-input"]');
    await rec.locator('.chat-tool', { hasText: '常用语' }).click();
    await rec.locator('.chat-phrase').first().click();
    await rin.fill('您好，方便明天聊聊吗？');
    await rin.press('Enter');
    await rec.locator('[data-testid="chat-msg-mine"]', { hasText: '方便明天聊聊' }).waitFor();
    const cbadge = cand.locator('[data-testid="header-chat"] [data-testid="chat-badge"] [aria-hidden="true"]');
    assert.equal(await readUntil(() => cbadge.innerText().catch(() => ''), (v) => v === '2', { ms: 30_000 }), '2', 'the phrase and the reply, unread on the candidate\'s header');
    await shot(rec, 'chat-recruit-thread-zh-CN-desktop');
    found.push(['recruit thread zh-CN', await pageProblems(rec, 'zh-CN')]);
    await cand.locator('.side-menu-item[data-menu="chat"]').click();
    await waitForPath(cand, '/my/chat');
    await cand.locator('[data-testid="chat-item"]').first().click();
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: '方便明天聊聊' }).waitFor();

    // A draft survives a reload; an over-long text is refused in the user's language, before any call.
    await input.fill('还没写完的草稿');
    await cand.reload();
    await cand.locator('[data-testid="chat-input"]').waitFor();
    assert.equal(await cand.locator('[data-testid="chat-input"]').inputValue(), '还没写完的草稿');
    await cand.locator('[data-testid="chat-input"]').fill('长'.repeat(1001));
    await cand.locator('.chat-problem', { hasText: '最多 1000 个字' }).waitFor();
    assert.equal(await cand.locator('[data-testid="chat-send"]').isDisabled(), true);
    await cand.locator('[data-testid="chat-input"]').fill('还没写完的草稿');
    // Emoji picker: keyboard reachable, inserts at the caret.
    await cand.locator('.chat-tool', { hasText: '表情' }).click();
    await cand.locator('.chat-emoji-btn').first().click();
    assert.match(await cand.locator('[data-testid="chat-input"]').inputValue(), /😀/);
    await shot(cand, 'chat-my-thread-zh-CN-desktop');
    found.push(['my thread zh-CN', await pageProblems(cand, 'zh-CN')]);

    // Narrow: the list, then the thread full width with a way back.
    await cand.setViewportSize(NARROW);
    await shot(cand, 'chat-my-thread-zh-CN-narrow');
    found.push(['my thread zh-CN narrow', await pageProblems(cand, 'zh-CN')]);
    await cand.locator('.chat-back').click();
    await cand.locator('[data-testid="chat-list"]').waitFor();
    await shot(cand, 'chat-my-list-zh-CN-narrow');
    await rec.setViewportSize(NARROW);
    await shot(rec, 'chat-recruit-thread-zh-CN-narrow');
    found.push(['recruit thread zh-CN narrow', await pageProblems(rec, 'zh-CN')]);

    assert.deepEqual(candErrors, []);
    assert.deepEqual(recErrors, []);
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat desktop');
  });

  it('exchange cards: phones by consent on both screens, a resume, and an interview card accepted in the thread', async () => {
    const found = [];
    const [rctx, rec, recErrors] = await signedIn(context, '/comlogin/login', COMPANY, '/recruit/chat');
    const [cctx, cand, candErrors] = await signedIn(context, '/pclogin/login', CHATTER, '/my/chat');
    const conv = (await ajax(cand, '/chat/start', { jobid: jobs[0].id })).conversationId;
    assert.ok(conv, 'the conversation of the first test');
    await rec.goto(url(`/recruit/chat?c=${conv}`));
    await cand.goto(url(`/my/chat?c=${conv}`));
    await rec.locator('[data-testid="chat-input"]').waitFor();
    await cand.locator('[data-testid="chat-input"]').waitFor();

    // 交换电话 from the recruiter: their card waits; the candidate's 同意 comes without a reload, and nothing
    // of either number is on the page before it.
    await rec.locator('[data-testid="chat-ask-phone"]').click();
    await rec.locator('[data-testid="chat-exchange"][data-state="pending"] [data-testid="chat-ex-waiting"]').last().waitFor();
    const agree = cand.locator('[data-testid="chat-exchange"][data-state="pending"] [data-testid="chat-ex-accept"]').last();
    await agree.waitFor({ timeout: 15_000 });
    assert.ok(!(await cand.content()).includes(COMPANY.mobile), "the recruiter's mobile is not on the page before 同意");
    assert.ok(!(await rec.content()).includes(CHATTER.mobile), "the candidate's mobile is not on the page before 同意");
    // Keyboard: the button takes the focus and Enter answers.
    await agree.focus();
    await cand.keyboard.press('Enter');
    await cand.locator('[data-testid="chat-ex-value"]', { hasText: COMPANY.mobile }).first().waitFor();
    await rec.locator('[data-testid="chat-ex-value"]', { hasText: CHATTER.mobile }).first().waitFor({ timeout: 15_000 });
    await rec.locator('[data-testid="chat-note"]', { hasText: '对方同意了交换电话' }).first().waitFor();

    // 求简历: the candidate sends the online resume; the recruiter gets its download.
    await rec.locator('[data-testid="chat-ask-resume"]').click();
    const give = cand.locator('[data-testid="chat-exchange"][data-state="pending"] [data-testid="chat-ex-accept"]').last();
    await give.waitFor({ timeout: 15_000 });
    await give.click();
    await rec.locator('[data-testid="chat-ex-download"]').last().waitFor({ timeout: 15_000 });

    // 约面试: the interview form for that candidate and job, then the card in the thread.
    const suffix = String(Date.now()).slice(-4);
    const saved = await ajax(rec, '/cominterviewer/save', { name: '赵敏', mobile: `1353000${suffix}`, email: `zhao${suffix}@example.com` });
    assert.ok(!saved?.rejected, JSON.stringify(saved));
    await rec.locator('[data-testid="chat-invite"]').click();
    await rec.locator('[data-testid="iv-form"]').waitFor();
    const day = new Date(Date.now() + 50 * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    await rec.locator('[data-testid="iv-date"]').fill(day);
    await rec.locator('[data-testid="iv-time"]').fill('15:00');
    await rec.locator('[data-testid="iv-address"]').fill('杭州市西湖区文三路 478 号 12 楼');
    await rec.locator('#iv-interviewers').click();
    await rec.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '赵敏' }).last().click();
    await rec.keyboard.press('Escape');
    await rec.locator('[data-testid="iv-send"]').click();
    await waitForPath(rec, '/recruit/chat');
    await rec.locator('[data-testid="chat-interview"]').last().waitFor();
    const accept = cand.locator('[data-testid="chat-interview"] [data-testid="chat-iv-accept"]').last();
    await accept.waitFor({ timeout: 15_000 });
    await accept.click();
    await cand.locator('[data-testid="chat-interview"][data-state="accepted"]').last().waitFor();
    await rec.locator('[data-testid="chat-interview"][data-state="accepted"]').last().waitFor({ timeout: 15_000 });
    await rec.locator('[data-testid="chat-note"]', { hasText: '对方接受了面试邀请' }).first().waitFor();

    await shootSides(found, 'chat-cards', 'zh-CN', [[cand, 'my'], [rec, 'recruit']]);
    assert.deepEqual(candErrors, []);
    assert.deepEqual(recErrors, []);
    await cctx.close();
    await rctx.close();

    // The same thread in English, desktop and phone width.
    for (const [who, path, form] of [
      ['my', `/my/chat?c=${conv}`, ['/pclogin/login', CHATTER]],
      ['recruit', `/recruit/chat?c=${conv}`, ['/comlogin/login', COMPANY]],
    ]) {
      const [ctx, page] = await signedIn(context, ...form, path, { lang: 'en-US' });
      await page.locator('[data-testid="chat-interview"][data-state="accepted"]').last().waitFor();
      await page.locator('[data-testid="chat-exchange"][data-state="accepted"]').first().waitFor();
      await shot(page, `chat-cards-${who}-en-US-desktop`);
      found.push([`cards ${who} en-US`, await pageProblems(page, 'en-US')]);
      await page.setViewportSize(NARROW);
      await shot(page, `chat-cards-${who}-en-US-narrow`);
      found.push([`cards ${who} en-US narrow`, await pageProblems(page, 'en-US')]);
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat cards');
  });

  it('en-US: the list and the thread, desktop and narrow', async () => {
    const found = [];
    const cctx = await context({ lang: 'en-US' });
    await logIn(cctx, '/pclogin/login', CHATTER);
    const cand = await cctx.newPage();
    await cand.goto(url('/my/chat'));
    await cand.locator('[data-testid="chat-item"]').first().click();
    await cand.locator('[data-testid="chat-msg-theirs"]').first().waitFor();
    await cand.locator('[data-testid="chat-input"]').fill('x'.repeat(1001));
    await cand.locator('.chat-problem', { hasText: '1000 characters at most' }).waitFor();
    await cand.locator('[data-testid="chat-input"]').fill('');
    await shot(cand, 'chat-my-thread-en-US-desktop');
    found.push(['my thread en-US', await pageProblems(cand, 'en-US')]);
    await cand.setViewportSize(NARROW);
    await shot(cand, 'chat-my-thread-en-US-narrow');
    found.push(['my thread en-US narrow', await pageProblems(cand, 'en-US')]);

    const rctx = await context({ lang: 'en-US' });
    await logIn(rctx, '/comlogin/login', COMPANY);
    const rec = await rctx.newPage();
    await rec.goto(url('/recruit/chat'));
    await rec.locator('[data-testid="chat-item"]').first().click();
    await rec.locator('[data-testid="chat-msg-theirs"]').first().waitFor();
    await shot(rec, 'chat-recruit-thread-en-US-desktop');
    found.push(['recruit thread en-US', await pageProblems(rec, 'en-US')]);
    // 打招呼 (Say hello) on an application opens the conversation with its candidate about the job.
    const apps = await ajax(rec, '/comresume/applyresume', { stageId: 0, stageOppId: 1, page: 1, pagesize: 10 });
    const app = apps.list.find((a) => a.source !== 'upload');
    await rec.goto(url(`/recruit/comresume/detail/${app.applyId}`));
    await rec.locator('[data-testid="greet"]', { hasText: 'Say hello' }).click();
    await waitForPath(rec, '/recruit/chat');
    await rec.locator('.chat-thread-name', { hasText: app.name }).waitFor();
    assert.match(await rec.locator('[data-testid="chat-job"]').innerText(), new RegExp(app.jobTitle.replace(/[()（）]/g, '.')));
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat en-US');
  });

  it('/m at phone size: 立即沟通, the 消息 tab badge, the reply', async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const job = lang === 'zh-CN' ? jobs[1] : jobs[0];
      const ctx = await context({ device: 'iPhone 13', lang });
      await logIn(ctx, '/pclogin/login', CHATTER);
      const page = await ctx.newPage();
      const errors = watch(page);
      await page.goto(url(`/m/job/${job.id}`));
      await page.locator('[data-testid="m-chat"]').click();
      await waitForPath(page, '/m/chat');
      await page.locator('[data-testid="chat-job"]').waitFor();
      const text = lang === 'zh-CN' ? '手机上发的消息' : 'Sent from the phone';
      await page.locator('[data-testid="chat-input"]').fill(text);
      await page.locator('[data-testid="chat-input"]').press('Enter');
      await page.locator('[data-testid="chat-msg-mine"]', { hasText: text }).waitFor();
      await shot(page, `chat-m-thread-${lang}-phone`);
      found.push([`m thread ${lang}`, await pageProblems(page, lang)]);

      const convId = Number(new URL(page.url()).searchParams.get('c'));
      // The recruiter replies (in their own context) while the candidate is on the home page.
      await page.goto(url('/m/'));
      const rctx = await context();
      await logIn(rctx, '/comlogin/login', COMPANY);
      const rec = await rctx.newPage();
      await rec.goto(url('/recruit/chat'));
      const reply = `${lang} reply ${Date.now() % 10000}`;
      const sent = await ajax(rec, '/comchat/send', { conversationId: convId, clientId: `e2e-${Date.now()}`, kind: 'text', text: reply });
      assert.ok(!sent?.rejected, JSON.stringify(sent));
      // Off the chat pages the badges poll every 10 s (no socket attempt there).
      await page.locator('[data-testid="m-tab-chat"] [data-testid="chat-badge"]').waitFor({ timeout: 30_000 });
      await shot(page, `chat-m-home-badge-${lang}-phone`);
      await page.locator('[data-testid="m-tab-chat"]').click();
      await waitForPath(page, '/m/chat');
      await page.locator('[data-testid="chat-item"]').first().waitFor();
      await shot(page, `chat-m-list-${lang}-phone`);
      found.push([`m list ${lang}`, await pageProblems(page, lang)]);
      await page.locator('[data-testid="chat-item"]').first().click();
      await page.locator('[data-testid="chat-msg-theirs"]', { hasText: reply }).waitFor();
      assert.deepEqual(errors, []);
      await rctx.close();
      await ctx.close();
    }
    assertNoA11yProblems(found, 'chat /m');
  });
});
