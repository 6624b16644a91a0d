// Chat's 拉黑 and 举报 (issue 32; server/src/domain/chat_report.rs), two browser contexts: 王芳 (13900000002, not
// the demo candidate) reports the recruiter's message from the thread's 更多 menu (a reason, a detail) and blocks
// the conversation; the recruiter's send is refused with "对方暂时无法接收消息" and the thread says so; the admin
// sees the report with its copied messages on /admin/reports; in en-US she unblocks and the recruiter's message
// reaches her again. Screenshots and axe in zh-CN and en-US, desktop, narrow and phone (/m).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bothSides, chatBrowser, logIn, shootSides, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, adminTotpSecret, ajax, assertNoA11yProblems, freshTotp, pageProblems, url, waitForPath } from '../lib.mjs';

const context = chatBrowser();
const WANG = { mobile: '13900000002', password: 'demo1234' };
const DETAIL = '他让我先交 300 元培训费才能面试';

async function adminPage(lang) {
  const ctx = await context({ lang });
  const page = await ctx.newPage();
  await page.goto(url('/admin/login'));
  await page.locator('#adminlogin_username').fill('admin');
  await page.locator('#adminlogin_password').fill('demo1234');
  await page.locator('#adminlogin_otp').fill(await freshTotp(await adminTotpSecret()));
  await page.locator('form#adminlogin button[type="submit"]').click();
  await waitForPath(page, '/admin');
  return { ctx, page };
}

describe('chat: 拉黑 and 举报 from the thread', () => {
  let conv;

  it('zh-CN: she reports and blocks; the recruiter is refused; the admin sees the report', async () => {
    const found = [];
    const { cctx, cand, candErrors, rctx, rec, recErrors, job } = await bothSides(context, WANG);

    // A short thread: her question, the recruiter's answer asking for money.
    conv = (await ajax(cand, '/chat/start', { jobid: job.id })).conversationId;
    await ajax(cand, '/chat/send', { conversationId: conv, clientId: 'wf-1', kind: 'text', text: '您好，请问这个岗位还在招吗？' });
    await ajax(rec, '/comchat/send', { conversationId: conv, clientId: 'rc-1', kind: 'text', text: '在招的，面试前需要先交 300 元培训费' });
    await cand.goto(url(`/my/chat?c=${conv}`));
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: '培训费' }).waitFor();
    await rec.goto(url(`/recruit/chat?c=${conv}`));
    await rec.locator('[data-testid="chat-msg-mine"]', { hasText: '培训费' }).waitFor();

    // 举报, by keyboard: the menu, the form (reason radios, detail), submit.
    await cand.locator('[data-testid="chat-more"]').focus();
    await cand.keyboard.press('Enter');
    await cand.locator('[data-testid="chat-report"]').focus();
    await cand.keyboard.press('Enter');
    const form = cand.getByRole('dialog', { name: '举报' });
    await form.waitFor();
    await form.getByRole('radio', { name: '索要钱财' }).check();
    await form.locator('[data-testid="chat-report-detail"]').fill(DETAIL);
    await shot(cand, 'chat-report-form-zh-CN-desktop');
    found.push(['report form zh-CN', await pageProblems(cand, 'zh-CN')]);
    await form.locator('.chat-report-ok').click();
    await form.waitFor({ state: 'hidden' });
    await cand.getByRole('status').filter({ hasText: '举报已提交' }).waitFor();

    // 拉黑 after a confirm: the composer gives way to the bar, the list marks it 已拉黑.
    await cand.locator('[data-testid="chat-more"]').click();
    await cand.locator('[data-testid="chat-block"]').click();
    const confirm = cand.getByRole('dialog', { name: '拉黑对方？' });
    await confirm.waitFor();
    await shot(cand, 'chat-report-block-confirm-zh-CN-desktop');
    found.push(['block confirm zh-CN', await pageProblems(cand, 'zh-CN')]);
    await confirm.locator('.chat-block-ok').click();
    await cand.locator('[data-testid="chat-blocked-bar"]', { hasText: '你已拉黑对方' }).waitFor();
    assert.equal(await cand.locator('[data-testid="chat-input"]').count(), 0, 'no composer while blocked');
    await cand.locator('[data-testid="chat-item"]', { hasText: '已拉黑' }).waitFor();

    // The recruiter's send is refused, told only that she cannot receive messages; then the thread says so.
    const rin = rec.locator('[data-testid="chat-input"]');
    await rin.fill('考虑好了吗？');
    await rin.press('Enter');
    await rec.locator('[data-testid="chat-msg-pending"]', { hasText: '考虑好了吗' }).locator('.chat-failed', { hasText: '对方暂时无法接收消息' }).waitFor({ timeout: 15_000 });
    await rec.locator('[data-testid="chat-blocked-bar"]', { hasText: '对方暂时无法接收消息' }).waitFor({ timeout: 15_000 });
    assert.equal(await cand.locator('[data-testid="chat-messages"]', { hasText: '考虑好了吗' }).count(), 0, 'nothing reached her');
    const refused = await rec.evaluate(async (id) => {
      const res = await fetch('/ajax/comchat/send', { method: 'POST', body: new URLSearchParams({ conversationId: String(id), clientId: 'rc-9', kind: 'text', text: '在吗' }) });
      return (await res.json()).error?.code;
    }, conv);
    assert.equal(refused, 'CHAT_BLOCKED');
    await shootSides(found, 'chat-report', 'zh-CN', [[rec, 'recruit'], [cand, 'my']]);

    // The /m thread at phone size: the same bar and menu.
    const mctx = await context({ device: 'iPhone 13' });
    await logIn(mctx, '/pclogin/login', WANG);
    const m = await mctx.newPage();
    await m.goto(url(`/m/chat?c=${conv}`));
    await m.locator('[data-testid="chat-blocked-bar"]', { hasText: '你已拉黑对方' }).waitFor();
    await m.locator('[data-testid="chat-more"]').click();
    await m.locator('[data-testid="chat-unblock"]').waitFor();
    await shot(m, 'chat-report-m-zh-CN-phone');
    found.push(['m thread zh-CN phone', await pageProblems(m, 'zh-CN')]);
    await mctx.close();

    // The admin sees the report: the parties, the reason, the detail and the copied messages, nothing else.
    const admin = await adminPage('zh-CN');
    await admin.page.goto(url('/admin/reports'));
    const section = admin.page.locator('.admin-chat-reports');
    const row = section.locator('.ant-table-row', { hasText: DETAIL });
    await row.waitFor();
    assert.match(await row.innerText(), /王芳（求职者）/);
    assert.match(await row.innerText(), /索要钱财/);
    await row.locator('.ant-table-row-expand-icon').click();
    const copy = section.locator('.admin-chat-copy');
    await copy.waitFor();
    await copy.locator('.admin-chat-msg.reported', { hasText: '培训费' }).waitFor();
    assert.equal(await copy.locator('.admin-chat-msg', { hasText: '考虑好了吗' }).count(), 0);
    await shot(admin.page, 'chat-report-admin-zh-CN-desktop');
    found.push(['admin reports zh-CN', await pageProblems(admin.page, 'zh-CN')]);
    await admin.ctx.close();

    assert.deepEqual(candErrors, []);
    // The refused send is logged by the request client (a 400 with its code); nothing else may be.
    assert.deepEqual(recErrors.filter((e) => !/400|CHAT_BLOCKED/.test(e)), []);
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat report zh-CN');
  });

  it('en-US: the blocked thread in English; she unblocks and the recruiter reaches her again', async () => {
    const found = [];
    const cctx = await context({ lang: 'en-US' });
    await logIn(cctx, '/pclogin/login', WANG);
    const cand = await cctx.newPage();
    const errors = watch(cand);
    await cand.goto(url(`/my/chat?c=${conv}`));
    await cand.locator('[data-testid="chat-blocked-bar"]', { hasText: 'You blocked this person' }).waitFor();
    await cand.locator('[data-testid="chat-item"]', { hasText: 'Blocked' }).waitFor();
    const rctx = await context({ lang: 'en-US' });
    await logIn(rctx, '/comlogin/login', COMPANY);
    const rec = await rctx.newPage();
    await rec.goto(url(`/recruit/chat?c=${conv}`));
    await rec.locator('[data-testid="chat-blocked-bar"]', { hasText: 'The other side cannot receive messages at the moment' }).waitFor();
    // The report form in English.
    await cand.locator('[data-testid="chat-more"]').click();
    await cand.locator('[data-testid="chat-report"]').click();
    const form = cand.getByRole('dialog', { name: 'Report' });
    await form.waitFor();
    await form.getByRole('radio', { name: 'Harassment or abuse' }).waitFor();
    await shot(cand, 'chat-report-form-en-US-desktop');
    found.push(['report form en-US', await pageProblems(cand, 'en-US')]);
    await cand.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    await shootSides(found, 'chat-report', 'en-US', [[rec, 'recruit'], [cand, 'my']]);

    const mctx = await context({ device: 'iPhone 13', lang: 'en-US' });
    await logIn(mctx, '/pclogin/login', WANG);
    const m = await mctx.newPage();
    await m.goto(url(`/m/chat?c=${conv}`));
    await m.locator('[data-testid="chat-blocked-bar"]', { hasText: 'You blocked this person' }).waitFor();
    await shot(m, 'chat-report-m-en-US-phone');
    found.push(['m thread en-US phone', await pageProblems(m, 'en-US')]);
    await mctx.close();

    const admin = await adminPage('en-US');
    await admin.page.goto(url('/admin/reports'));
    await admin.page.locator('.admin-chat-reports .ant-table-row', { hasText: 'Asks for money' }).waitFor();
    await shot(admin.page, 'chat-report-admin-en-US-desktop');
    found.push(['admin reports en-US', await pageProblems(admin.page, 'en-US')]);
    await admin.ctx.close();

    // She unblocks from the bar; the recruiter (after a reload) writes, and it reaches her live.
    await cand.setViewportSize({ width: 1366, height: 900 });
    await cand.locator('[data-testid="chat-blocked-unblock"]').click();
    await cand.locator('[data-testid="chat-input"]').waitFor();
    await rec.reload();
    const rin = rec.locator('[data-testid="chat-input"]');
    await rin.waitFor();
    await rin.fill('Sorry about that. The interview is free of charge.');
    await rin.press('Enter');
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: 'free of charge' }).waitFor({ timeout: 15_000 });

    assert.deepEqual(errors, []);
    await cctx.close();
    await rctx.close();
    assertNoA11yProblems(found, 'chat report en-US');
  });
});
