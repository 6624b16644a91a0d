// Interview invitations end to end (issue 16), in zh-CN and en-US: the demo company adds an interviewer,
// opens an application and schedules an interview from the recruiter calendar (the job and the candidate
// chosen already); the invitation mail lands in the dev outbox with its .ics; a second invitation, its job and
// candidate picked in the form (by mouse in zh-CN, by keyboard in en-US, after the required prompts), overlapping
// the first is refused (INTERVIEW_CONFLICT); the candidate sees the invitation on /my/apply and accepts it;
// the notice templates page previews with the SMS counter. axe-core on the new pages; screenshots into screenshots/interviews-*.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, DESKTOP, PHONE_390, a11yProblems, ajax, assertFocus, assertNoA11yProblems, companyLogin, ensureShotsDir, loginAsDemo, openBrowser, settle, tabTo, url } from '../lib.mjs';

const shots = ensureShotsDir();

const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** What a select of the invitation form shows as chosen (its title), '' when nothing is. */
async function chosen(page, id) {
  const item = page.locator(`.ant-select:has(#${id}) .ant-select-selection-item`);
  return (await item.count()) ? ((await item.getAttribute('title')) ?? (await item.innerText())) : '';
}

/** Waits until the select shows `text` as chosen. */
async function waitChosen(page, id, text) {
  await page.waitForFunction(
    ([sel, want]) => document.querySelector(sel)?.getAttribute('title')?.includes(want) ?? false,
    [`.ant-select:has(#${id}) .ant-select-selection-item`, text],
    { timeout: 10_000 },
  );
}

/** The job, then the candidate, by mouse: open each select, search, click the option. */
async function pickByMouse(page, jobTitle, candidateName) {
  await page.locator('#iv-jobId').click();
  await page.locator('#iv-jobId').fill(jobTitle.slice(-5));
  await page.locator(OPEN_OPTIONS, { hasText: jobTitle }).click();
  await waitChosen(page, 'iv-jobId', jobTitle);
  await page.locator('#iv-applyId').click();
  await page.locator(OPEN_OPTIONS, { hasText: candidateName }).first().click();
  await waitChosen(page, 'iv-applyId', candidateName);
}

/** The same by keyboard: Tab to the job, type to search, Enter; Tab to the candidate, type, Enter. */
async function pickByKeyboard(page, jobTitle, candidateName) {
  await tabTo(page, '#iv-jobId');
  await page.keyboard.type(jobTitle.slice(-5));
  await page.locator(OPEN_OPTIONS, { hasText: jobTitle }).waitFor();
  await page.keyboard.press('Enter');
  await waitChosen(page, 'iv-jobId', jobTitle);
  await tabTo(page, '#iv-applyId', { max: 3 });
  await page.locator(`.ant-select:has(#iv-applyId):not(.ant-select-disabled)`).waitFor();
  await page.keyboard.type(candidateName);
  await page.locator(OPEN_OPTIONS, { hasText: candidateName }).first().waitFor();
  await page.keyboard.press('Enter');
  await waitChosen(page, 'iv-applyId', candidateName);
}

async function drawn(page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
  // A success message fades out by itself (antd's message sits outside the landmarks while shown).
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), null, { timeout: 15_000 });
  await settle(page);
}

/** A day in the future, different per run and language, `YYYY-MM-DD`. */
function futureDay(offset) {
  const d = new Date(Date.now() + (40 + offset) * 86_400_000 + 8 * 3600_000);
  return d.toISOString().slice(0, 10);
}

describe('interview invitations', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [lang, offset] of [
    ['zh-CN', Math.floor(Math.random() * 200)],
    ['en-US', 250 + Math.floor(Math.random() * 200)],
  ]) {
    it(`an invitation is sent, mailed with its .ics, a conflict refused, and the candidate accepts (${lang})`, async () => {
      const found = [];
      const ctx = await browser.context({ viewport: DESKTOP, lang });
      const page = await ctx.newPage();
      await companyLogin(page);

      // A new job and the demo candidate's application to it.
      const title = `E2E面试职位${Date.now() % 100000}`;
      const job = await ajax(page, '/comjob/save', {
        title, category: '前端开发', city: '杭州', salaryMin: 15000, salaryMax: 25000, experience: '3-5年', education: '本科',
        description: '负责招聘网站前端的开发与维护，和设计、后端一起交付。',
      });
      assert.ok(job.id, JSON.stringify(job));
      const candidateCtx = await browser.context({ viewport: DESKTOP, lang });
      const candidate = await candidateCtx.newPage();
      await loginAsDemo(candidate);
      const me = await ajax(candidate, '/pclogin/islogin', {});
      const applied = await ajax(candidate, '/pcjob/apply', { jobid: job.id, resumeId: me.resumeId });
      assert.ok(!applied?.rejected, JSON.stringify(applied));
      const apps = await ajax(page, '/comresume/applyresume', { stageOppId: job.id, page: 1, pagesize: 5 });
      const applyId = apps.list[0].applyId;
      const candidateName = apps.list[0].name;

      // An interviewer of the company.
      const suffix = String(Date.now()).slice(-4);
      const mobile = `135${lang === 'zh-CN' ? '1' : '2'}000${suffix}`;
      await page.goto(url('/recruit/interviewer'));
      await page.locator('[data-testid="ivr-name"]').fill(lang === 'zh-CN' ? '李强' : 'Li Qiang');
      await page.locator('[data-testid="ivr-mobile"]').fill(mobile);
      await page.locator('[data-testid="ivr-email"]').fill(`li${suffix}${lang}@example.com`.toLowerCase());
      await page.locator('[data-testid="ivr-add"]').click();
      // Invited by SMS (issue 30): the page says where it went, and the row waits for the answer.
      const invited = page.locator('[data-testid="ivr-invited"]');
      await invited.waitFor();
      assert.ok((await invited.innerText()).includes(`${mobile.slice(0, 3)}****${mobile.slice(7)}`), await invited.innerText());
      await page.locator('[data-testid="ivr-row"]', { hasText: mobile }).locator('[data-testid="ivr-state"]', { hasText: lang === 'zh-CN' ? '待接受' : 'Invited' }).waitFor();
      await drawn(page);
      found.push(['interviewers', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-interviewers-${lang}.png`), fullPage: true });

      // From the application: invite.
      await page.goto(url(`/recruit/comresume/detail/${applyId}`));
      await page.locator('[data-testid="invite"]').click();
      await page.locator('[data-testid="iv-form"]').waitFor();
      // The job and the candidate from the pipeline are chosen already.
      await waitChosen(page, 'iv-jobId', title);
      await waitChosen(page, 'iv-applyId', candidateName);
      assert.match(await chosen(page, 'iv-applyId'), new RegExp(`${candidateName} · `), 'the candidate with their stage');
      const day = futureDay(offset);
      await page.locator('[data-testid="iv-date"]').fill(day);
      await page.locator('[data-testid="iv-time"]').fill('14:00');
      await page.locator('[data-testid="iv-address"]').fill('杭州市西湖区文三路 478 号 12 楼');
      await page.locator('#iv-interviewers').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: lang === 'zh-CN' ? '李强' : 'Li Qiang' }).last().click();
      await page.keyboard.press('Escape');
      await drawn(page);
      found.push(['schedule-form', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-form-${lang}.png`), fullPage: true });
      await page.locator('[data-testid="iv-send"]').click();
      await page.locator('[data-testid="iv-card"]').first().waitFor();
      await page.locator('[data-testid="iv-form"]').waitFor({ state: 'detached' });

      // The calendar shows it, with its notices going out.
      const card = page.locator('[data-testid="iv-card"]', { hasText: title });
      await card.waitFor();
      await page.locator('[data-testid="notice-state"]').first().waitFor();
      await drawn(page);
      found.push(['calendar', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-calendar-${lang}.png`), fullPage: true });

      // The mail is in the dev outbox with its .ics.
      let mail;
      for (let i = 0; i < 50 && !mail; i++) {
        const res = await fetch(`${BASE_URL}/dev/outbox?format=json&kind=mail`);
        const mails = await res.json();
        mail = mails.find((m) => m.to === 'zhangwei.dev@example.com' && m.text.includes(`${day} 14:00`));
        if (!mail) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(mail, 'the invitation mail is in the dev outbox');
      assert.equal(mail.attachments[0].filename, 'interview.ics');
      const ics = Buffer.from(mail.attachments[0].base64, 'base64').toString('utf8');
      assert.match(ics, /BEGIN:VCALENDAR/);
      assert.match(ics, /BEGIN:VEVENT/);
      const outbox = await browser.context({ viewport: DESKTOP, lang });
      const outboxPage = await outbox.newPage();
      await outboxPage.goto(url('/dev/outbox'));
      await outboxPage.locator('a[download="interview.ics"]').first().waitFor();
      await outboxPage.screenshot({ path: join(shots, `interviews-dev-outbox-${lang}.png`) });
      await outbox.close();

      // A second invitation overlapping it is refused, the job and candidate chosen in the form: by mouse in
      // zh-CN, by keyboard in en-US. Sent empty first: the required prompts for the job and the candidate.
      await page.goto(url('/recruit/calendar'));
      await page.locator('[data-testid="iv-new"]').click();
      await page.locator('[data-testid="iv-form"]').waitFor();
      await page.locator('[data-testid="iv-send"]').click();
      const prompts = await page.locator('[data-testid="iv-form"] .ant-form-item-explain-error').allInnerTexts();
      const want = lang === 'zh-CN' ? ['请选择面试职位', '请选择候选人'] : ['Choose the job', 'Choose the candidate'];
      for (const w of want) assert.ok(prompts.includes(w), `"${w}" among ${JSON.stringify(prompts)}`);
      assert.ok(await page.locator('.ant-select:has(#iv-applyId)').evaluate((el) => el.classList.contains('ant-select-disabled')), 'no candidate before the job');
      await drawn(page);
      found.push(['form-prompts', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-form-prompts-${lang}.png`), fullPage: true });
      if (lang === 'zh-CN') {
        await pickByMouse(page, title, candidateName);
      } else {
        await page.locator('[data-testid="iv-new"]').focus();
        await pickByKeyboard(page, title, candidateName);
        await assertFocus(page, '#iv-applyId', 'the focus stays on the candidate');
      }
      // The prompts go once chosen (antd lets an error fade out).
      const gone = await page
        .waitForFunction((w) => ![...document.querySelectorAll('[data-testid="iv-form"] .ant-form-item-explain-error')].some((e) => w.includes(e.textContent)), want, { timeout: 5_000 })
        .then(() => true, () => false);
      assert.ok(gone, `${JSON.stringify(want)} gone once chosen: ${JSON.stringify(await page.locator('[data-testid="iv-form"] .ant-form-item-explain-error').allInnerTexts())}`);
      await page.locator('[data-testid="iv-date"]').fill(day);
      await page.locator('[data-testid="iv-time"]').fill('14:30');
      await page.locator('[data-testid="iv-address"]').fill('线上');
      await page.locator('#iv-interviewers').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: lang === 'zh-CN' ? '李强' : 'Li Qiang' }).last().click();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="iv-send"]').click();
      const refusal = page.locator('[data-testid="iv-error"]');
      await refusal.waitFor();
      assert.match(await refusal.innerText(), lang === 'zh-CN' ? /时间冲突/ : /Time conflict/);
      await drawn(page);
      found.push(['conflict', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-conflict-${lang}.png`), fullPage: true });

      // The candidate sees it on /my/apply and accepts.
      await candidate.goto(url('/my/apply'));
      const invitation = candidate.locator('[data-testid="invitation"]', { hasText: title });
      await invitation.waitFor();
      await invitation.locator('[data-testid="invitation-accept"]').click();
      await invitation.locator('[data-testid="invitation-answer"]').waitFor();
      assert.match(await invitation.locator('[data-testid="invitation-answer"]').innerText(), lang === 'zh-CN' ? /已接受/ : /Accepted/);
      await drawn(candidate);
      found.push(['my-apply', await a11yProblems(candidate, lang)]);
      await candidate.screenshot({ path: join(shots, `interviews-my-apply-${lang}.png`), fullPage: true });
      const list = await ajax(candidate, '/pcuser/interviewList', {});
      assert.equal(list.list.find((i) => i.jobTitle === title).answer, 'accepted');

      // The company's calendar shows the answer.
      await page.goto(url(`/recruit/calendar?week=${day}`));
      await page.locator('[data-testid="iv-card"]', { hasText: title }).locator('[data-testid="iv-answer"]').waitFor();
      assert.match(await page.locator('[data-testid="iv-card"]', { hasText: title }).locator('[data-testid="iv-answer"]').innerText(), lang === 'zh-CN' ? /已接受/ : /Accepted/);

      // Notice templates: the live preview and the SMS counter.
      await page.goto(url('/recruit/template'));
      await page.locator('[data-testid="tpl-preview"] pre').first().waitFor();
      await page.locator('[data-testid="tpl-smsContent"]').fill('{{ candidateName }}您好，' + '字'.repeat(70));
      assert.match(await page.locator('[data-testid="tpl-segments"]').innerText(), /2/);
      assert.match(await page.locator('[data-testid="tpl-preview"]').innerText(), /张晓明您好/);
      await page.locator('[data-testid="tpl-smsContent"]').fill('{{ salary }}');
      await page.locator('[data-testid="templates-page"] .ant-form-item-explain-error', { hasText: 'salary' }).first().waitFor();
      await drawn(page);
      found.push(['templates', await a11yProblems(page, lang)]);
      await page.screenshot({ path: join(shots, `interviews-templates-${lang}.png`), fullPage: true });

      await candidateCtx.close();
      await ctx.close();
      assertNoA11yProblems(found, `interview pages, ${lang}`);
    });
  }

  /** At a phone's width the calendar is an agenda: seven days, each headed by its weekday and date, empty ones one short line. */
  async function assertAgenda(page, lang) {
    const days = page.locator('[data-testid="iv-day"]');
    await page.locator('.rc-day-none').first().waitFor();
    assert.equal(await days.count(), 7);
    const weekdays = lang === 'zh-CN' ? ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] : ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    for (let i = 0; i < 7; i++) {
      const title = await days.nth(i).locator('h2').innerText();
      assert.ok(title.includes(weekdays[i]), `day ${i} is headed "${title}", without ${weekdays[i]}`);
      assert.match(title, /\d/, `day ${i}'s heading "${title}" has no date`);
    }
    const empty = page.locator('.rc-day-empty');
    assert.ok((await empty.count()) > 0, 'no empty day this week to check');
    for (let i = 0; i < (await empty.count()); i++) {
      const box = await empty.nth(i).boundingBox();
      assert.ok(box && box.height <= 56, `an empty day is ${box?.height} px tall at 390 px`);
    }
  }

  // At a phone's width too, in both languages: the calendar, the templates, the interviewers, and the
  // candidate's /my/apply with its invitations.
  for (const lang of ['zh-CN', 'en-US']) {
    it(`the interview pages pass axe at 390 px (${lang})`, async () => {
      const found = [];
      const ctx = await browser.context({ viewport: PHONE_390, lang });
      const page = await ctx.newPage();
      await companyLogin(page);
      for (const [name, path] of [['calendar', '/recruit/calendar'], ['templates', '/recruit/template'], ['interviewers', '/recruit/interviewer']]) {
        await page.goto(url(path));
        await drawn(page);
        found.push([name, await a11yProblems(page, lang)]);
        await page.screenshot({ path: join(shots, `interviews-${name}-${lang}-390.png`), fullPage: true });
        if (name === 'calendar') {
          await assertAgenda(page, lang);
          // The invitation form at this width, a job chosen (its candidates listed).
          await page.locator('[data-testid="iv-new"]').click();
          await page.locator('#iv-jobId').focus();
          await page.keyboard.press('ArrowDown');
          await page.locator(OPEN_OPTIONS).first().waitFor();
          await page.keyboard.press('Enter');
          await page.locator('.ant-select:has(#iv-applyId):not(.ant-select-disabled)').waitFor();
          await page.locator('#iv-applyId').click();
          await page.locator('.ant-select-dropdown:has(#iv-applyId_list):not(.ant-select-dropdown-hidden) .ant-select-item').first().waitFor();
          await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:has(#iv-jobId_list):not(.ant-select-dropdown-hidden)'));
          await drawn(page);
          found.push(['calendar-form', await a11yProblems(page, lang)]);
          await page.screenshot({ path: join(shots, `interviews-form-${lang}-390.png`), fullPage: true });
          await page.keyboard.press('Escape');
        }
      }
      const candidateCtx = await browser.context({ viewport: PHONE_390, lang });
      const candidate = await candidateCtx.newPage();
      await loginAsDemo(candidate);
      await candidate.goto(url('/my/apply'));
      await drawn(candidate);
      found.push(['my-apply', await a11yProblems(candidate, lang)]);
      await candidate.screenshot({ path: join(shots, `interviews-my-apply-${lang}-390.png`), fullPage: true });
      await candidateCtx.close();
      await ctx.close();
      assertNoA11yProblems(found, `interview pages at 390 px, ${lang}`);
    });
  }
});
