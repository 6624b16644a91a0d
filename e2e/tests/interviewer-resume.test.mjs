// An interviewer reads the candidate's resume from their interview (issue 16): the demo company (13700000000)
// invites an interviewer and puts them on an interview; the interviewer accepts through the SMS's link (sets a
// password on /recruit/invite/<token>, issue 30) and is logged in, opens the interview on the
// calendar, follows "read the resume", sees the whole resume and downloads its files through the interview;
// another interview's resume stays closed to them. axe-core and screenshots in zh-CN and en-US, desktop and 390 px.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE_390, a11yProblems, ajax, assertNoA11yProblems, companyLogin, ensureShotsDir, invitationLink, openBrowser, pageOverflow, settle, url, waitForPath } from '../lib.mjs';

const shots = ensureShotsDir();

/** A day three days ahead, as the calendar writes it (China time). */
function dayAhead(n) {
  return new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
}

describe('an interviewer reads the resume of their interview', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [i, [lang, size, viewport]] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '390', PHONE_390],
  ].entries()) {
    it(`${lang} at ${size} px`, async () => {
      const found = [];
      const owner = await (await browser.context({ viewport: DESKTOP, lang })).newPage();
      await companyLogin(owner);
      const mobile = `1360077${String(process.pid % 1000).padStart(3, '0')}${i}`;
      const added = await ajax(owner, '/cominterviewer/save', { name: i ? 'Zhou Yi' : '周毅', mobile, email: `zhou${i}.${process.pid}@example.com` });
      const apps = await ajax(owner, '/comresume/applyresume', { stageId: 0, stageOppId: 1, page: 1, pagesize: 10 });
      assert.ok(apps.list.length >= 2, 'the demo company has applications');
      const day = dayAhead(3 + i);
      const schedule = (app, at, who) =>
        ajax(owner, '/cominterview/save', { applyId: app.applyId, start: `${day} ${at}`, minutes: 45, contact: '王丽', contactPhone: '13800138000', address: '线上会议', interviewers: who });
      const mine = await schedule(apps.list[0], '10:00', added.id);
      const others = await ajax(owner, '/cominterviewer/save', { name: '吴二', mobile: `1360088${String(process.pid % 1000).padStart(3, '0')}${i}`, email: `wu${i}.${process.pid}@example.com` });
      const theirs = await schedule(apps.list[1], '15:00', others.id);

      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      assert.equal(added.invited, true);
      // The invitation's page names the company and the number; a password accepts it and logs in.
      await page.goto(await invitationLink(mobile));
      const about = page.locator('[data-testid="invite-about"]');
      await about.waitFor();
      assert.match(await about.innerText(), i ? /invites Zhou Yi/ : /邀请周毅担任面试官/);
      await settle(page);
      const inviteProblems = await a11yProblems(page, lang);
      if ((await pageOverflow(page)) > 1) inviteProblems.push({ id: 'page-overflow', impact: 'layout', help: 'the page scrolls sideways', nodes: [{ target: 'html', summary: '' }] });
      found.push(['invite', inviteProblems]);
      await page.screenshot({ path: join(shots, `interviewer-invite-${lang}-${size}.png`), fullPage: true });
      await page.locator('#acceptInvite_password').fill('interview2026');
      await page.locator('#acceptInvite_confirmPassword').fill('interview2026');
      await page.locator('[data-testid="invite-accept"]').click();
      await waitForPath(page, '/recruit/calendar');
      // The link works once.
      const used = await ctx.newPage();
      await used.goto(page.url().replace(/\/recruit\/calendar.*$/, '') + new URL(await invitationLink(mobile)).pathname);
      await used.locator('[data-testid="invite-gone"]').waitFor();
      await used.close();
      await page.goto(url(`/recruit/calendar?week=${day}`));
      const card = page.locator('[data-testid="iv-card"]', { hasText: apps.list[0].name });
      await card.waitFor();
      await card.locator('.rc-iv-head').click();
      await card.locator('[data-testid="iv-resume"]').click();
      await waitForPath(page, `/recruit/calendar/interview/${mine.id}/resume`);
      await page.locator('[data-testid="resume-page"] .resume-document').waitFor({ timeout: 15_000 });
      assert.ok((await page.locator('[data-testid="resume-page"]').innerText()).includes(apps.list[0].name), 'the candidate\'s resume');
      const files = await page.locator('[data-testid="resume-file"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const href of files) {
        assert.match(href, new RegExp(`^/ajax/cominterview/file/${mine.id}/\\d+$`));
        assert.equal((await page.request.get(url(href))).status(), 200, href);
      }
      await settle(page);
      const problems = await a11yProblems(page, lang);
      if ((await pageOverflow(page)) > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: 'the page scrolls sideways', nodes: [{ target: 'html', summary: '' }] });
      found.push(['interview-resume', problems]);
      await page.screenshot({ path: join(shots, `interviewer-resume-${lang}-${size}.png`), fullPage: true });

      // The other interview's resume is not theirs to read: the page says so and shows none of it.
      await page.goto(url(`/recruit/calendar/interview/${theirs.id}/resume`));
      await page.locator('[data-testid="resume-page"] .ant-alert-error').waitFor();
      assert.equal(await page.locator('[data-testid="resume-page"] .resume-document').count(), 0, 'no resume is drawn');
      await ctx.close();
      await owner.context().close();
      assertNoA11yProblems(found, `interviewer resume, ${lang} at ${size} px`);
    });
  }
});
