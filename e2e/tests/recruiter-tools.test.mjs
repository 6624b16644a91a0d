// The recruiter tools of issue 16 in chromium. An assessment made in /recruit/assessments, sent from an
// application's page, answered by the demo candidate on /my/apply with every answer saved as it changes (one
// made while the browser is offline waits in localStorage and is saved when it is back online), handed in,
// scored automatically and by the company, and its score on the pipeline card. Then the hiring funnel page
// (ECharts, lazy-loaded) with its data tables. Screenshots of every new page in zh-CN and en-US at 1366 and
// 390 px into screenshots/tools-*.png, each checked by axe-core (WCAG 2.1 A and AA, one h1).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE_390, a11yProblems, adminTotpSecret, ajax, assertNoA11yProblems, companyLogin, ensureShotsDir, freshTotp, loginAsDemo, openBrowser, pageOverflow, settle, url, waitForPath, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const NAME = `前端笔试${String(Date.now()).slice(-6)}`;

async function drawn(page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
  await settle(page);
}

/** The application of the demo candidate (张伟) to the demo company, from the company's list. */
async function demoApplication(page) {
  const apps = await ajax(page, '/comresume/applyresume', { stageId: 0, stageOppId: 1, page: 1, pagesize: 50 });
  const app = apps.list.find((a) => a.name === '张伟');
  assert.ok(app, 'the demo candidate applied to the demo company');
  return app;
}

describe('recruiter tools: assessments and the hiring funnel', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('an assessment is made, sent, answered as the candidate goes (offline too), handed in and scored', async () => {
    const companyCtx = await browser.context({ lang: 'zh-CN' });
    const company = await companyCtx.newPage();
    const companyErrors = watchErrors(company);
    await companyLogin(company);

    // Made in the editor: a single-choice question and a text question.
    await company.goto(url('/recruit/assessments'));
    await company.locator('[data-testid="new-assessment"]').click();
    await company.locator('[data-testid="assessment-name"]').fill(NAME);
    await company.locator('#assess-limit').fill('30');
    await company.locator('[data-testid="q0-text"]').fill('HTTP 404 表示什么？');
    await company.locator('[data-testid="q0-option-0"]').fill('服务器错误');
    await company.locator('[data-testid="q0-option-1"]').fill('资源未找到');
    await company.locator('[data-testid="q0-right-1"]').click();
    // An empty second question is caught in the browser by core-wasm's rules before anything is sent.
    await company.locator('[data-testid="add-question"]').click();
    await company.locator('[data-testid="save-assessment"]').click();
    await company.locator('#q1-text-error').waitFor();
    await company.locator('.ant-select:has(#q1-kind)').click();
    await company.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(2).click();
    await company.locator('[data-testid="q1-text"]').fill('谈谈你对无障碍的理解');
    await company.locator('#q1-score').fill('20');
    await company.locator('[data-testid="save-assessment"]').click();
    await company.locator('[data-testid="assessment-editor"]').waitFor({ state: 'detached' });
    await company.locator('.ant-table-row', { hasText: NAME }).waitFor();

    // The same name again: "测评名称已存在", from the server.
    await company.locator('[data-testid="new-assessment"]').click();
    await company.locator('[data-testid="assessment-name"]').fill(NAME);
    await company.locator('[data-testid="q0-text"]').fill('重复的测评');
    await company.locator('[data-testid="q0-option-0"]').fill('甲');
    await company.locator('[data-testid="q0-option-1"]').fill('乙');
    await company.locator('[data-testid="save-assessment"]').click();
    assert.equal((await company.locator('#assess-name-error').innerText()).trim(), '测评名称已存在');
    await company.locator('[data-testid="assessment-editor"] button', { hasText: '取' }).click();

    // Sent from the application's page.
    const app = await demoApplication(company);
    await company.goto(url(`/recruit/comresume/detail/${app.applyId}`));
    await company.locator('[data-testid="assessment-panel"]').waitFor();
    await company.locator('.ant-select:has(#assessment-pick)').click();
    await company.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${NAME}"]`).click();
    await company.locator('[data-testid="assessment-send"]').click();
    await company.locator('[data-testid="assessment-result"]', { hasText: NAME }).waitFor();

    // The candidate answers on /my/apply.
    const candidateCtx = await browser.context({ lang: 'zh-CN' });
    const candidate = await candidateCtx.newPage();
    const candidateErrors = watchErrors(candidate);
    await loginAsDemo(candidate, { returnUrl: '/my/apply', expectPath: '/my/apply' });
    const row = candidate.locator('[data-testid="my-assessment"]', { hasText: NAME });
    await row.locator('[data-testid="open-assessment"]').click();
    const paper = row.locator('[data-testid="assessment-paper"]');
    await paper.waitFor();
    await paper.locator('[data-testid="assessment-clock"]').waitFor();
    await paper.locator('[data-testid="answer-0-1"]').check();
    await candidate.waitForFunction(() => document.querySelector('[data-testid="save-state"]')?.textContent === '答案已保存');

    // The connection drops: the text answer waits in localStorage, and goes once the browser is back online.
    await candidateCtx.setOffline(true);
    await paper.locator('[data-testid="answer-1"]').fill('让每个人都能用键盘和读屏软件使用网站。');
    await candidate.waitForFunction(() => /网络中断/.test(document.querySelector('[data-testid="save-state"]')?.textContent ?? ''), null, { timeout: 10_000 });
    const waiting = await candidate.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('assessment-answers:')).map(([, v]) => JSON.parse(v)));
    assert.deepEqual(waiting, [{ 1: '让每个人都能用键盘和读屏软件使用网站。' }]);
    await candidateCtx.setOffline(false);
    await candidate.evaluate(() => window.dispatchEvent(new Event('online')));
    await candidate.waitForFunction(() => document.querySelector('[data-testid="save-state"]')?.textContent === '答案已保存', null, { timeout: 10_000 });
    assert.equal(await candidate.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('assessment-answers:')).length), 0);

    // A reload reads both answers back from the server.
    await candidate.reload();
    await row.locator('[data-testid="open-assessment"]').click();
    await paper.waitFor();
    assert.equal(await paper.locator('[data-testid="answer-0-1"]').isChecked(), true);
    assert.equal(await paper.locator('[data-testid="answer-1"]').inputValue(), '让每个人都能用键盘和读屏软件使用网站。');
    for (const [lang, size, viewport] of [
      ['zh-CN', '1366', DESKTOP],
      ['zh-CN', '390', PHONE_390],
    ]) {
      await candidate.setViewportSize(viewport);
      await settle(candidate);
      await candidate.screenshot({ path: join(shots, `tools-my-apply-assessment-${lang}-${size}.png`), fullPage: true });
      const problems = await a11yProblems(candidate, lang);
      assertNoA11yProblems([[`my-apply-assessment-${size}`, problems]], `/my/apply with an assessment, ${lang} ${size}`);
    }
    await candidate.setViewportSize(DESKTOP);
    // The same paper in en-US: the session's cookies in a context that stores en-US, the answers from the server.
    const enCtx = await browser.context({ lang: 'en-US' });
    await enCtx.addCookies(await candidateCtx.cookies());
    const en = await enCtx.newPage();
    const enErrors = watchErrors(en);
    await en.goto(url('/my/apply'));
    const enRow = en.locator('[data-testid="my-assessment"]', { hasText: NAME });
    await enRow.locator('[data-testid="open-assessment"]').click();
    await enRow.locator('[data-testid="assessment-paper"] [data-testid="answer-1"]').waitFor();
    for (const [size, viewport] of [
      ['1366', DESKTOP],
      ['390', PHONE_390],
    ]) {
      await en.setViewportSize(viewport);
      await settle(en);
      await en.screenshot({ path: join(shots, `tools-my-apply-assessment-en-US-${size}.png`), fullPage: true });
      assertNoA11yProblems([[`my-apply-assessment-${size}`, await a11yProblems(en, 'en-US')]], `/my/apply with an assessment, en-US ${size}`);
    }
    assert.deepEqual(enErrors, []);
    await enCtx.close();
    await paper.locator('[data-testid="submit-assessment"]').click();
    await paper.getByText('已交卷，等待企业评分').waitFor();

    // The company sees 10 of 30 points, the text waiting; scores it; the card shows the total.
    await company.reload();
    const result = company.locator('[data-testid="assessment-result"]', { hasText: NAME });
    await result.waitFor();
    assert.match(await result.locator('[data-testid="assessment-score"]').innerText(), /10\/30.*待评分/);
    await result.locator('input[data-testid="grade-1"], [data-testid="grade-1"] input').first().fill('15');
    await result.locator('[data-testid="grade-save-1"]').click();
    await company.waitForFunction(() => /25\/30 分$/.test(document.querySelector('[data-testid="detail-score"]')?.textContent ?? ''), null, { timeout: 10_000 });
    await company.goto(url('/recruit/comresume/applyresume?stageId=0&stageOppId=1&view=board'));
    const card = company.locator(`[data-testid="board-card"][data-apply="${app.applyId}"]`);
    await card.waitFor();
    assert.match(await card.locator('[data-testid="card-score"]').innerText(), /测评 25\/30 分/);

    // The candidate sees the final score.
    await candidate.reload();
    await row.locator('[data-testid="open-assessment"]').click();
    assert.match(await paper.locator('[data-testid="assessment-final-score"]').innerText(), /25 \/ 30/);

    await companyCtx.close();
    await candidateCtx.close();
    assert.deepEqual(companyErrors.filter((e) => !/ASSESSMENT_NAME_EXISTS|status of 400/.test(e)), []);
    // While offline the transport logs the failed calls: those are the point of the test.
    assert.deepEqual(candidateErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|pcassessment\/answer network/.test(e)), []);
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '1366', DESKTOP],
    ['zh-CN', '390', PHONE_390],
    ['en-US', '390', PHONE_390],
  ]) {
    it(`the funnel, assessments and application pages pass axe-core, ${lang} at ${size} px`, async () => {
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await companyLogin(page);
      const found = [];
      const check = async (name) => {
        await drawn(page);
        const problems = await a11yProblems(page, lang);
        const overflow = await pageOverflow(page);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        await page.screenshot({ path: join(shots, `tools-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };

      // The funnel: its chunk (with ECharts) loads only now; charts drawn, tables filled.
      await page.goto(url('/recruit/funnel'));
      await page.locator('[data-testid="funnel-chart"] svg').waitFor({ timeout: 15_000 });
      const applied = await page.locator('[data-testid="funnel-table"] tr[data-step="applied"] td').first().innerText();
      assert.ok(Number(applied) > 0, `the demo company has applications: ${applied}`);
      const heading = await page.locator('h1').innerText();
      assert.equal(heading.trim(), lang === 'zh-CN' ? '招聘漏斗' : 'Hiring funnel');
      assert.ok((await page.locator('[data-testid="time-table"] tbody tr').count()) >= 6, 'every stage in the time table');
      await check('funnel');
      // One job's funnel, picked by keyboard-free select.
      await page.locator('.ant-select:has(#funnel-job)').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(1).click();
      await page.locator('[data-testid="jobs-table"]').waitFor({ state: 'detached' });
      await page.locator('[data-testid="funnel-chart"] svg').waitFor();

      await page.goto(url('/recruit/assessments'));
      await page.locator('[data-testid="assessments-page"]').waitFor();
      await check('assessments');
      await page.locator('[data-testid="new-assessment"]').click();
      await page.locator('[data-testid="save-assessment"]').click();
      await page.locator('#assess-name-error').waitFor();
      await check('assessment-editor-errors');

      await page.goto(url('/recruit/plan'));
      await page.locator('[data-testid="quota-resumeViews"]').waitFor();
      await check('plan');

      const app = await demoApplication(page);
      await page.goto(url(`/recruit/comresume/detail/${app.applyId}`));
      await page.locator('[data-testid="assessment-panel"]').waitFor();
      await page.locator('.resume-document .doc-name').waitFor();
      await check('application-assessments');

      await ctx.close();
      assertNoA11yProblems(found, `recruiter tools, ${lang} at ${size} px`);
      assert.deepEqual(errors, []);
    });
  }

  it('the owner applies for a trial, an admin approves it in the console, and the quotas rise', async () => {
    const ctx = await browser.context({ lang: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await companyLogin(page);
    await page.goto(url('/recruit/plan'));
    assert.equal((await page.locator('[data-testid="plan-name"]').innerText()).trim(), '免费版');
    await page.locator('#trial_contact').fill('王经理 13700000000');
    await page.locator('#trial_note').fill('想试用人才搜索');
    await page.locator('[data-testid="apply-trial"]').click();
    await page.locator('[data-testid="trial-status"]', { hasText: '审核中' }).waitFor();

    const adminCtx = await browser.context({ lang: 'zh-CN' });
    const admin = await adminCtx.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto(url('/admin/login'));
    await admin.locator('#adminlogin_username').fill('admin');
    await admin.locator('#adminlogin_password').fill('demo1234');
    await admin.locator('#adminlogin_otp').fill(await freshTotp(await adminTotpSecret()));
    await admin.locator('form#adminlogin button[type="submit"]').click();
    await waitForPath(admin, '/admin');
    await admin.goto(url('/admin/trials'));
    const row = admin.locator('[data-testid="trials"] .ant-table-row', { hasText: '王经理 13700000000' });
    await row.waitFor();
    await settle(admin);
    await admin.screenshot({ path: join(shots, 'tools-admin-trials-zh-CN-1366.png'), fullPage: true });
    assertNoA11yProblems([['admin-trials', await a11yProblems(admin, 'zh-CN')]], '/admin/trials');
    await row.locator('[data-testid="trial-approve"]').click();
    await row.waitFor({ state: 'detached' });
    const audit = await ajax(admin, '/admin/audit/list', { page: 1, pagesize: 10, q: 'company.trial' });
    assert.equal(audit.list[0]?.after, 'approved');

    await page.reload();
    await page.locator('[data-testid="trial-status"]', { hasText: '已通过' }).waitFor();
    assert.equal((await page.locator('[data-testid="plan-name"]').innerText()).trim(), '试用版');
    assert.match(await page.locator('[data-testid="quota-resumeViews"]').innerText(), /\/ 300/);
    await page.screenshot({ path: join(shots, 'tools-plan-trial-zh-CN-1366.png'), fullPage: true });
    await adminCtx.close();
    await ctx.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(adminErrors, []);
  });
});
