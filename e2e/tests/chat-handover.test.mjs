// Handing jobs over (issue 32; server/src/domain/chat_handover.rs): the owner hands a job to an HR member from the jobs
// list (转交, by keyboard), the list then names her as the job's recruiter, the candidate (王芳, not the demo candidate)
// sees the note in the same thread and the HR member has the conversation; on the members page the owner hands all of
// her jobs back (转交全部职位). Screenshots and axe in zh-CN and en-US at desktop and narrow width.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chatBrowser, logIn, shootSides, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, ajax, assertNoA11yProblems, pageProblems, toast, url } from '../lib.mjs';

const context = chatBrowser();
// Not the demo candidate: 王芳 in zh-CN, 李娜 in en-US (each a conversation of their own with the owner).
const CANDIDATES = { 'zh-CN': { mobile: '13900000002', password: 'demo1234' }, 'en-US': { mobile: '13900000001', password: 'demo1234' } };
const HR = { mobile: '13700000021', password: 'demo1234', name: '李婷' };

/** Adds 李婷, an HR member of the demo company with the owner's password, straight in the test server's database. */
function addHr() {
  const dir = process.env.E2E_DATA_DIR;
  assert.ok(dir, 'E2E_DATA_DIR: this file needs its own server (e2e/run.mjs)');
  const sql =
    `INSERT INTO company_members (id, company_id, mobile, name, password_hash, role, created_at) ` +
    `SELECT 9200001, company_id, '${HR.mobile}', '${HR.name}', password_hash, 'hr', created_at + 1 FROM company_members WHERE mobile = '${COMPANY.mobile}';`;
  execFileSync('/usr/bin/sqlite3', ['-cmd', '.timeout 10000', join(dir, 'jobseeker.sqlite3'), sql]);
}

describe('handing a job and its conversations over', () => {
  it('the owner hands a job to HR and back; the candidate sees the note in the same thread', async () => {
    addHr();
    const found = [];
    const errors = [];
    for (const [lang, index] of [
      ['zh-CN', 0],
      ['en-US', 1],
    ]) {
      const zh = lang === 'zh-CN';
      // The candidate writes to the job's recruiter (the owner).
      const cctx = await context({ lang });
      await logIn(cctx, '/pclogin/login', CANDIDATES[lang]);
      const cand = await cctx.newPage();
      errors.push(watch(cand));
      await cand.goto(url('/my/chat'));
      await cand.locator('[data-testid="chat"]').waitFor();
      const octx = await context({ lang });
      await logIn(octx, '/comlogin/login', COMPANY);
      const owner = await octx.newPage();
      errors.push(watch(owner));
      await owner.goto(url('/recruit/job/'));
      await owner.locator('[data-testid="jobs-page"]').waitFor();
      const job = (await ajax(owner, '/comjob/list', { state: 'open', page: 1, pagesize: 10 })).list[index];
      const conv = (await ajax(cand, '/chat/start', { jobid: job.id })).conversationId;
      const sent = await ajax(cand, '/chat/send', { conversationId: conv, clientId: `ho-${lang}`, kind: 'text', text: '您好，请问这个职位还在招吗？' });
      assert.ok(sent.seq, JSON.stringify(sent));

      // The jobs list names each job's recruiter; the owner's 转交 opens the picker, by keyboard.
      const row = owner.locator('.ant-table-row', { hasText: job.title });
      await row.locator('[data-testid="job-recruiter"]').first().waitFor();
      assert.doesNotMatch(await row.locator('[data-testid="job-recruiter"]').first().innerText(), /李婷/);
      const hand = row.getByRole('button', { name: zh ? `转交职位「${job.title}」` : `Hand over the job "${job.title}"` }).first();
      await hand.focus();
      await owner.keyboard.press('Enter');
      const dialog = owner.getByRole('dialog');
      await dialog.waitFor();
      const radio = dialog.getByRole('radio', { name: new RegExp(HR.name) });
      await radio.focus();
      await owner.keyboard.press('Space');
      assert.ok(await radio.isChecked(), 'picked by keyboard');
      await shot(owner, `chat-handover-dialog-${lang}-desktop`);
      found.push([`dialog ${lang}`, await pageProblems(owner, lang)]);
      await dialog.locator('[data-testid="handover-confirm"]').click();
      await toast(owner, zh ? '已转交给 李婷' : 'Handed to 李婷');
      await row.locator('[data-testid="job-recruiter"]', { hasText: HR.name }).first().waitFor();

      // The candidate's thread, the same conversation: the note, live.
      await cand.goto(url(`/my/chat?c=${conv}`));
      const note = cand.locator('[data-testid="chat-handover"]');
      await note.waitFor({ timeout: 15_000 });
      assert.match(await note.innerText(), zh ? /已由 李婷 接手/ : /李婷 has taken over/);
      assert.equal(await cand.locator('[data-testid="chat-msg-mine"]', { hasText: '还在招吗' }).count(), 1, 'the thread goes on');

      // 李婷 has the conversation, with the candidate's message unread.
      const hctx = await context({ lang });
      await logIn(hctx, '/comlogin/login', { mobile: HR.mobile, password: HR.password });
      const hr = await hctx.newPage();
      // Once the owner hands her jobs back, the conversations she had open are no longer hers: a refresh of
      // them answers NOT_FOUND, as for any conversation not the caller's (the seeded demo one moves too).
      const hrErrors = watch(hr);
      errors.push({ flat: () => hrErrors.filter((e) => !/comchat\/messages NOT_FOUND|status of 404/.test(e)) });
      await hr.goto(url(`/recruit/chat?c=${conv}`));
      await hr.locator('[data-testid="chat-msg-theirs"]', { hasText: '还在招吗' }).waitFor({ timeout: 15_000 });
      await hr.locator('[data-testid="chat-handover"]').waitFor();
      await shootSides(found, 'chat-handover-thread', lang, [
        [cand, 'candidate'],
        [hr, 'hr'],
      ]);

      // The members page: 李婷 answers the job; the owner hands all her jobs back to themselves.
      await owner.goto(url('/recruit/members'));
      await owner.locator('[data-testid="members-page"]').waitFor();
      const her = owner.locator('[data-testid="member-row"]', { hasText: HR.name });
      await her.locator('[data-testid="member-jobs"]', { hasText: '1' }).waitFor();
      await shootSides(found, 'chat-handover-members', lang, [[owner, 'owner']]);
      await owner.setViewportSize({ width: 1366, height: 900 });
      await her.locator('[data-testid="handover-all"]').click();
      const all = owner.getByRole('dialog');
      await all.waitFor();
      await all.locator('[data-testid="handover-member"]').first().click();
      await all.locator('[data-testid="handover-confirm"]').click();
      await toast(owner, zh ? '已转交给' : 'Handed to');
      await her.locator('[data-testid="member-jobs"]', { hasText: '0' }).waitFor();
      await cand.locator('[data-testid="chat-handover"]').nth(1).waitFor({ timeout: 15_000 });

      // HR sees the members but hands nothing over.
      await hr.goto(url('/recruit/members'));
      await hr.locator('[data-testid="member-row"]').first().waitFor();
      assert.equal(await hr.locator('[data-testid="handover-all"]').count(), 0);
      await Promise.all([cctx.close(), octx.close(), hctx.close()]);
    }
    assert.deepEqual(errors.flatMap((e) => (Array.isArray(e) ? e : e.flat())), []);
    assertNoA11yProblems(found, 'chat hand-over');
  });
});
