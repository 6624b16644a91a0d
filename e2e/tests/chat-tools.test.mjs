// Chat's tools (issue 32; server/src/domain/chat_tools.rs), two browser contexts: the candidate's default
// greeting waits in the composer of a conversation they opened; a recall shows on the other screen live ("对方撤回了
// 一条消息"); a recruiter's message asking for a deposit shows the candidate a fraud warning; 不合适 with a reason
// sends the candidate the closing message, and the list's filter 不合适 finds it; the recruiter undoes it. The
// quick replies come from the user's own list, edited in the phrase manager. Screenshots and axe in zh-CN and
// en-US, desktop and phone width.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHATTER, bothSides, chatBrowser, logIn, shootSides, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, DESKTOP, NARROW, ajax, assertNoA11yProblems, pageProblems, readUntil, url } from '../lib.mjs';

const context = chatBrowser();

describe('chat tools: recall, the fraud warning, 不合适, greetings and quick replies', () => {
  let conv;

  it('zh-CN: the greeting, a live recall, the fraud warning and 不合适 with its closing message', async () => {
    const found = [];
    const { cctx, cand, candErrors, rctx, rec, recErrors, job } = await bothSides(context, CHATTER);

    // The candidate opens the conversation: their default greeting waits in the composer, to edit or send.
    conv = (await ajax(cand, '/chat/start', { jobid: job.id })).conversationId;
    await cand.goto(url(`/my/chat?c=${conv}`));
    const input = cand.locator('[data-testid="chat-input"]');
    await cand.locator('.chat-greeting-hint').waitFor();
    assert.equal(await input.inputValue(), '您好，我对这个职位很感兴趣，希望能进一步沟通。');
    await input.press('Enter');
    await cand.locator('[data-testid="chat-msg-mine"]', { hasText: '很感兴趣' }).waitFor();
    assert.equal(await input.inputValue(), '', 'sent, and not put back');

    // The recruiter has the thread open; the candidate sends a slip and recalls it.
    await rec.goto(url(`/recruit/chat?c=${conv}`));
    await rec.locator('[data-testid="chat-msg-theirs"]', { hasText: '很感兴趣' }).waitFor();
    await input.fill('我的微信是 zhangwei_1990，发错了');
    await input.press('Enter');
    const slip = cand.locator('[data-testid="chat-msg-mine"]', { hasText: 'zhangwei_1990' });
    await slip.waitFor();
    await rec.locator('[data-testid="chat-msg-theirs"]', { hasText: 'zhangwei_1990' }).waitFor({ timeout: 15_000 });
    await slip.locator('[data-testid="chat-recall"]').focus();
    await cand.keyboard.press('Enter');
    await cand.locator('[data-testid="chat-recalled"]', { hasText: '你撤回了一条消息' }).waitFor();
    // The other screen, live: the text is gone, the note stands in its place.
    await rec.locator('[data-testid="chat-recalled"]', { hasText: '对方撤回了一条消息' }).waitFor({ timeout: 15_000 });
    assert.equal(await rec.locator('[data-testid="chat-messages"]', { hasText: 'zhangwei_1990' }).count(), 0);
    await rec.locator('[data-testid="chat-item"]', { hasText: '对方撤回了一条消息' }).waitFor({ timeout: 15_000 });

    // The recruiter asks for a deposit (a quick reply first): the candidate sees the fraud warning under it.
    await rec.locator('.chat-tool', { hasText: '常用语' }).click();
    await rec.locator('.chat-phrase', { hasText: '方便发一份简历吗' }).click();
    const rin = rec.locator('[data-testid="chat-input"]');
    await rin.fill('入职前请先交 500 元押金，统一办理工牌');
    await rin.press('Enter');
    const ask = cand.locator('[data-testid="chat-msg-theirs"]', { hasText: '押金' });
    await ask.waitFor({ timeout: 15_000 });
    await ask.locator('[data-testid="chat-fraud"]', { hasText: '谨防诈骗' }).waitFor();
    assert.equal(await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: '方便发一份简历吗' }).locator('[data-testid="chat-fraud"]').count(), 0);
    assert.equal(await rec.locator('[data-testid="chat-fraud"]').count(), 0, 'the warning is the candidate\'s');

    // 不合适 with a reason: a dialog, by keyboard; the candidate gets the closing message live.
    await rec.locator('[data-testid="chat-unsuitable"]').click();
    const dialog = rec.getByRole('dialog', { name: '标记为不合适' });
    await dialog.waitFor();
    await shot(rec, 'chat-tools-unsuitable-dialog-zh-CN-desktop');
    found.push(['unsuitable dialog zh-CN', await pageProblems(rec, 'zh-CN')]);
    await dialog.getByRole('radio', { name: '技能不匹配' }).check();
    await dialog.locator('.chat-unsuitable-ok').click();
    await rec.locator('[data-testid="chat-unsuitable-tag"]', { hasText: '技能不匹配' }).waitFor();
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: '暂不匹配' }).waitFor({ timeout: 15_000 });
    await cand.locator('.chat-unsuitable-tag').waitFor({ timeout: 15_000 });
    await rec.locator('.chat-filter', { hasText: '不合适' }).click();
    await rec.locator('[data-testid="chat-item"]').first().waitFor();
    // The filtered list replaces the whole one (which holds the seeded demo conversation too).
    assert.equal(await readUntil(() => rec.locator('[data-testid="chat-item"]').count(), (n) => n === 1), 1);
    await shootSides(found, 'chat-tools', 'zh-CN', [[rec, 'recruit'], [cand, 'my']], 'phone');

    // Undo: open again; the filter 沟通中 holds it again.
    await rec.setViewportSize(DESKTOP);
    await rec.locator('[data-testid="chat-unsuitable-undo"]').click();
    await rec.locator('[data-testid="chat-unsuitable"]').waitFor();
    await rec.locator('.chat-filter', { hasText: '沟通中' }).click();
    await rec.locator('[data-testid="chat-item"]').first().waitFor();

    // The phrase manager: the recruiter saves a quick reply of their own, which the composer then offers.
    await rec.locator('.chat-tool', { hasText: '常用语' }).click();
    await rec.locator('.chat-phrase-manage').click();
    const manager = rec.getByRole('dialog', { name: '招呼语和常用语' });
    await manager.waitFor();
    const replies = manager.getByRole('region', { name: '常用语' });
    await replies.getByRole('button', { name: '添加' }).click();
    await replies.locator('.chat-phrase-input').last().fill('请问您最快什么时候可以到岗？');
    await replies.getByRole('button', { name: '保存' }).click();
    await replies.getByRole('status').waitFor();
    await shot(rec, 'chat-tools-phrases-zh-CN-desktop');
    found.push(['phrase manager zh-CN', await pageProblems(rec, 'zh-CN')]);
    await rec.keyboard.press('Escape');
    await manager.waitFor({ state: 'hidden' });
    await rec.locator('.chat-tool', { hasText: '常用语' }).click();
    await rec.locator('.chat-phrase', { hasText: '最快什么时候可以到岗' }).waitFor();

    assert.deepEqual(candErrors, []);
    assert.deepEqual(recErrors, []);
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat tools zh-CN');
  });

  it('en-US: the recalled notes, the warning and the built-in closing message in English, desktop and phone', async () => {
    const found = [];
    const cctx = await context({ lang: 'en-US' });
    await logIn(cctx, '/pclogin/login', CHATTER);
    const cand = await cctx.newPage();
    const errors = watch(cand);
    await cand.goto(url(`/my/chat?c=${conv}`));
    await cand.locator('[data-testid="chat-recalled"]', { hasText: 'You recalled a message' }).waitFor();
    await cand.locator('[data-testid="chat-fraud"]', { hasText: 'Beware of fraud' }).waitFor();
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: 'does not match this role' }).waitFor();
    await cand.locator('.chat-filter', { hasText: 'New greetings' }).waitFor();
    await shot(cand, 'chat-tools-my-en-US-desktop');
    found.push(['my thread en-US', await pageProblems(cand, 'en-US')]);
    await cand.setViewportSize(NARROW);
    await shot(cand, 'chat-tools-my-en-US-phone');
    found.push(['my thread en-US phone', await pageProblems(cand, 'en-US')]);

    const rctx = await context({ lang: 'en-US' });
    await logIn(rctx, '/comlogin/login', COMPANY);
    const rec = await rctx.newPage();
    await rec.goto(url(`/recruit/chat?c=${conv}`));
    await rec.locator('[data-testid="chat-recalled"]', { hasText: 'The other side recalled a message' }).waitFor();
    await rec.locator('[data-testid="chat-unsuitable"]', { hasText: 'Not suitable' }).click();
    await rec.getByRole('dialog', { name: 'Mark as not suitable' }).waitFor();
    await shot(rec, 'chat-tools-unsuitable-dialog-en-US-desktop');
    found.push(['unsuitable dialog en-US', await pageProblems(rec, 'en-US')]);
    await rec.keyboard.press('Escape');
    await rec.setViewportSize(NARROW);
    await shot(rec, 'chat-tools-recruit-en-US-phone');
    found.push(['recruit thread en-US phone', await pageProblems(rec, 'en-US')]);

    // The /m thread at phone width.
    await cand.goto(url(`/m/chat?c=${conv}`));
    await cand.locator('[data-testid="chat-fraud"]').waitFor();
    await shot(cand, 'chat-tools-m-en-US-phone');
    found.push(['m thread en-US', await pageProblems(cand, 'en-US')]);
    assert.deepEqual(errors, []);
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat tools en-US');
  });
});
