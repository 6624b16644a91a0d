// The recruiter site (/recruit/) in a browser. The loop: a company registers (slider, SMS code from the dev
// outbox), posts a job, the job is found in public search, the demo candidate applies, the company opens the
// application and moves it on the board by drag and by keyboard, and the candidate sees each status on
// /my/apply. Every recruiter page in both languages, wide and narrow (screenshots, axe-core, the page's width
// and title), is a11y-recruit.test.mjs's sweep, which also opens each page's menus and dialogs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMPANY, DEMO, ajax, companyLogin, ensureShotsDir, latestCode, loginAsDemo, openBrowser, passSlider, readUntil, toast, url, waitForPath, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const suffix = String(Date.now()).slice(-6);

/** Runs axe-core in the page (through the debugger, so the page's CSP does not apply) and fails on any violation. */
async function assertAccessible(page, label) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('\n    ')}`);
  });
  assert.deepEqual(violations, [], `axe on ${label}:\n${violations.join('\n')}`);
}

/** The errors a page logged, less those of calls refused on purpose (the transport logs every refusal). */
function unexpected(errors, ...codes) {
  return errors.filter((e) => !codes.some((c) => e.includes(c)) && !(codes.length && /status of (400|429)/.test(e)));
}

/** Waits until the input `selector` holds a value (a form filled from the server). */
async function filled(page, selector) {
  await page.waitForFunction((sel) => !!document.querySelector(sel)?.value, selector, { timeout: 10_000 });
}

/** Picks `text` in the antd Select whose input is `#id`. */
async function choose(page, id, text) {
  await page.locator(`.ant-select:has(#${id})`).click();
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`);
  await option.first().click();
}

/** The status tag of the job `title` on the candidate's /my/apply. */
async function candidateStatus(page, title) {
  await page.goto(url('/my/apply'));
  const item = page.locator('[data-testid="apply-list"] li', { hasText: title }).first();
  await item.waitFor();
  return (await item.locator('.apply-status').innerText()).trim();
}

async function waitForCandidateStatus(page, title, status) {
  const seen = await readUntil(() => candidateStatus(page, title), (s) => s === status);
  assert.equal(seen, status, `the candidate's status of ${title}`);
}

/** Waits for dnd-kit's live region to announce `text` (what a screen reader hears while a card moves). */
async function announced(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((e) => e.textContent.includes(t)), text, { timeout: 5000 });
}

/** The board column of the stage named `name`. */
function column(page, name) {
  return page.locator('[data-testid="board-column"]', { has: page.locator('.rc-column-name', { hasText: new RegExp(`^${name}$`) }) });
}

describe('recruiter site', () => {
  let browser;

  before(async () => {
    browser = await openBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('sends a visitor to /recruit/login and back; log-in errors read in the user language', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/recruit/company'));
    await waitForPath(page, '/recruit/login');
    assert.equal(new URL(page.url()).searchParams.get('returnUrl'), '/recruit/company');
    await page.locator('#comlogin_mobile').fill(COMPANY.mobile);
    await page.locator('#comlogin_password').fill('wrong-pass1');
    await page.locator('form#comlogin button[type="submit"]').click();
    await page.locator('.rc-form-alert', { hasText: '用户名或密码错误' }).waitFor();
    await page.locator('#comlogin_password').fill(COMPANY.password);
    await page.locator('form#comlogin button[type="submit"]').click();
    await waitForPath(page, '/recruit/company');
    await page.locator('[data-testid="company-name"]').waitFor();
    await filled(page, '#company_name');
    assert.match(await page.locator('#company_name').inputValue(), /腾讯/);
    // A company session is not a candidate's: the personal centre still asks for a log-in.
    await page.goto(url('/my/apply'));
    await waitForPath(page, '/login');
    // The zgzx header's candidates link opens the first stage of every job.
    await page.goto(url('/recruit/comresume/applyresume?stageId=1&stageOppId=1'));
    await page.locator('[data-testid="applications-table"] .ant-table-row').first().waitFor();
    assert.equal(await page.locator('[data-testid="stage-tab-1"]').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(unexpected(errors, 'LOGIN_FAILED'), []);
    await ctx.close();
  });

  it('a company registers, posts a job that search finds; the demo candidate applies and sees every move the company makes', async () => {
    const company = await (await browser.context()).newPage();
    const errors = watchErrors(company);
    const mobile = `1390${suffix}0`.slice(0, 11);
    const companyName = `杭州流程验证科技有限公司${suffix}`;

    // Registration: the slider, the code from the dev outbox; a taken company name first.
    await company.goto(url('/recruit/register'));
    await company.locator('#comregister_mobile').fill(mobile);
    const asked = Date.now() - 1000;
    await company.locator('.send-code-btn').click();
    await passSlider(company);
    const code = await latestCode(mobile, { after: asked });
    await company.locator('#comregister_code').fill(code);
    await company.locator('#comregister_password').fill('hire2026ok');
    await company.locator('#comregister_confirmPassword').fill('hire2026ok');
    await company.locator('#comregister_companyName').fill('深圳市腾讯计算机系统有限公司');
    await company.locator('#comregister_name').fill('李招聘');
    await company.locator('#comregister_agree').check();
    await company.locator('[data-testid="register-submit"]').click();
    await company.locator('.rc-form-alert', { hasText: '公司名称已存在' }).waitFor();
    // What was typed stays; another name goes through.
    assert.equal(await company.locator('#comregister_mobile').inputValue(), mobile);
    await company.locator('#comregister_companyName').fill(companyName);
    await company.locator('[data-testid="register-submit"]').click();
    await waitForPath(company, '/recruit/job/');
    assert.equal(await company.locator('[data-testid="company-name"]').innerText(), companyName);

    // A job: a failed save keeps the edits and marks the field; then it is published.
    const token = `Zq${suffix}`;
    const title = `流程验证工程师${token}`;
    await company.locator('[data-testid="new-job"]').click();
    await waitForPath(company, '/recruit/job/new');
    const filters = await ajax(company, '/job/filters');
    await company.locator('#job_title').fill(title);
    await choose(company, 'job_category', filters.categories[0].categories[0].value);
    await choose(company, 'job_city', '杭州');
    await company.locator('#job_salaryMin').fill('30000');
    await company.locator('#job_salaryMax').fill('20000');
    await choose(company, 'job_experience', filters.experience[1].value);
    await choose(company, 'job_education', filters.education[2].value);
    await company.locator('#job_description').fill('负责招聘流程的端到端验证，熟悉浏览器自动化测试。');
    await company.locator('[data-testid="job-publish"]').click();
    await company.locator('[data-testid="job-form-error"]').waitFor();
    await company.locator('#job_salaryMax_help', { hasText: '最高薪资不能低于最低薪资' }).waitFor();
    assert.equal(await company.locator('#job_title').inputValue(), title);
    await company.locator('#job_salaryMax').fill('45000');
    await company.locator('[data-testid="job-publish"]').click();
    await company.waitForURL((u) => new URL(u).pathname === '/recruit/job/' && new URL(u).searchParams.get('state') === 'open');
    const row = company.locator('[data-testid="jobs-table"] .ant-table-row', { hasText: title });
    await row.waitFor();
    const jobId = Number(new URL(await row.locator('.rc-job-title').getAttribute('href'), url('/')).pathname.split('/')[3]);
    assert.ok(jobId > 0);

    // Public search finds it within SEARCH_SYNC_SECS.
    const candidate = await (await browser.context()).newPage();
    const found = await readUntil(
      async () => {
        await candidate.goto(url(`/search?q=${token}`));
        await candidate.locator('[data-testid="results-total"]').waitFor();
        return candidate.locator('[data-testid="job-card"]', { hasText: title }).count();
      },
      (n) => n > 0,
      { ms: 30_000, every: 1000 },
    );
    assert.ok(found > 0, 'the new job reached public search');

    // The demo candidate writes a section and adds a resume file, then applies.
    await loginAsDemo(candidate, { returnUrl: `/job/${jobId}`, expectPath: `/job/${jobId}` });
    const mine = await ajax(candidate, '/resume/get');
    const saved = await ajax(candidate, '/resume/saveSection', { resumeId: mine.id, section: 'assessment', data: { selfAssessment: '五年前端经验，熟悉 React 与浏览器自动化测试。' } });
    assert.ok(saved.resume, JSON.stringify(saved));
    for (const f of mine.files?.resumeFile ?? []) await ajax(candidate, '/resume/deleteFile', { resumeId: mine.id, fileId: f.id });
    const uploaded = await candidate.evaluate(async (id) => {
      const body = new FormData();
      body.append('resumeId', id);
      body.append('kind', 'resumeFile');
      body.append('name', '张伟简历.txt');
      body.append('file', new Blob(['张伟：五年前端经验'], { type: 'text/plain' }), 'cv.txt');
      return (await fetch('/ajax/resume/upload', { method: 'POST', body, credentials: 'same-origin' })).status;
    }, String(mine.id));
    assert.equal(uploaded, 200);
    await candidate.locator('[data-testid="apply"]').click();
    const modal = candidate.locator('.ant-modal');
    await modal.locator('[data-testid="apply-resumes"]').waitFor();
    await modal.locator('.ant-radio-wrapper').first().click();
    await modal.locator('[data-testid="apply-confirm"]').click();
    await candidate.waitForFunction(() => document.querySelector('[data-testid="apply"]')?.textContent?.includes('已投递'));
    await waitForCandidateStatus(candidate, title, '已投递');

    // The company sees it on its positions page and in the first column of the board.
    await company.goto(url('/recruit/job/'));
    await row.locator('.rc-apps', { hasText: '1' }).waitFor();
    await company.goto(url(`/recruit/comresume/applyresume?stageId=0&stageOppId=${jobId}&view=board`));
    const card = company.locator('[data-testid="board-card"]', { hasText: DEMO.name });
    await column(company, '新投递').locator('[data-testid="board-card"]', { hasText: DEMO.name }).waitFor();

    // Opening it shows the whole resume and marks it viewed.
    await card.locator('.rc-card-name a').click();
    await company.waitForURL((u) => new URL(u).pathname.startsWith('/recruit/comresume/detail/'));
    await company.locator('.rc-page-head h1', { hasText: DEMO.name }).waitFor();
    await company.locator('.resume-document [data-section="assessment"]', { hasText: '五年前端经验' }).waitFor();
    const [download] = await Promise.all([company.waitForEvent('download'), company.locator('[data-testid="resume-file"]').first().click()]);
    assert.match(download.suggestedFilename(), /\.txt$/);
    await company.locator('#rc-note').fill('电话沟通顺畅，安排面试');
    await company.locator('[data-testid="add-note"]').click();
    await company.locator('[data-testid="notes"] .rc-notes li', { hasText: '电话沟通顺畅' }).waitFor();
    await waitForCandidateStatus(candidate, title, '被查看');

    // Drag: to 初筛通过 (the candidate's "interested").
    // (On a busy machine the board may still be laying out when the drag starts, and the pointer then
    // lands beside the column: the drag is made again while the card is still in the first column.)
    await company.goBack();
    const movedTo = (name) => column(company, name).locator('[data-testid="board-card"]', { hasText: DEMO.name });
    for (let attempt = 1; ; attempt++) {
      await movedTo('新投递').waitFor();
      const from = await card.boundingBox();
      const to = await column(company, '初筛通过').boundingBox();
      await company.mouse.move(from.x + from.width / 2, from.y + 20);
      await company.mouse.down();
      await company.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 3 });
      await company.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
      await company.mouse.up();
      try {
        await toast(company, '初筛通过');
        break;
      } catch (e) {
        // The move may have landed while its toast was missed; the column below is the check then.
        if (await movedTo('初筛通过').count()) break;
        if (attempt >= 3) throw e;
      }
    }
    await movedTo('初筛通过').waitFor();
    await waitForCandidateStatus(candidate, title, '有意向');

    // Keyboard: the handle, Space, one column right, Space: 邀请面试.
    await company.bringToFront();
    await company.locator('[data-testid="board-card"]', { hasText: DEMO.name }).locator('[data-testid="drag-handle"]').focus();
    await company.keyboard.press('Space');
    await announced(company, '在「初筛通过」上方');
    await company.keyboard.press('ArrowRight');
    await announced(company, '在「邀请面试」上方');
    await company.keyboard.press('Space');
    await toast(company, '邀请面试');
    await column(company, '邀请面试').locator('[data-testid="board-card"]', { hasText: DEMO.name }).waitFor();
    await waitForCandidateStatus(candidate, title, '邀请面试');

    // The card's menu: to 不合适.
    // (On a busy machine the board may redraw the card under the open menu: then the menu is opened again.)
    for (let attempt = 1; ; attempt++) {
      await company.locator('[data-testid="board-card"]', { hasText: DEMO.name }).locator('[data-testid="move-to"]').click();
      await company.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '不合适' }).click();
      try {
        await column(company, '不合适').locator('[data-testid="board-card"]', { hasText: DEMO.name }).waitFor({ timeout: 8000 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await company.keyboard.press('Escape');
      }
    }
    await waitForCandidateStatus(candidate, title, '不合适');

    // The history holds every move.
    await column(company, '不合适').locator('.rc-card-name a').first().click();
    await company.locator('[data-testid="moves"] .ant-timeline-item').nth(2).waitFor();
    assert.match(await company.locator('[data-testid="moves"]').innerText(), /邀请面试/);

    // Closing the job takes it out of search.
    await company.goto(url('/recruit/job/'));
    await row.locator('button:visible', { hasText: '关闭' }).click();
    await company.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').click();
    await toast(company, '职位已关闭');
    // And reopening brings it back.
    await company.locator('[data-testid="tab-closed"]').click();
    const closed = company.locator(`[data-testid="jobs-table"] .ant-table-row[data-row-key="${jobId}"]`);
    await closed.locator('button:visible', { hasText: '重新开放' }).click();
    await toast(company, '职位已重新开放');
    await closed.waitFor({ state: 'detached' });
    assert.deepEqual(unexpected(errors, 'COMPANY_NAME_EXISTS', 'JOB_INVALID'), []);
  });

  it('the positions page refreshes, copies and reopens jobs; refreshes are limited', async () => {
    const page = await (await browser.context()).newPage();
    const errors = watchErrors(page);
    await companyLogin(page);
    const first = page.locator('[data-testid="jobs-table"] .ant-table-row').first();
    await first.waitFor();
    const jobId = new URL(await first.locator('.rc-job-title').getAttribute('href'), url('/')).pathname.split('/')[3];
    let left = (await ajax(page, '/comjob/get', { id: jobId })).refreshesLeft;
    assert.ok(left >= 0 && left <= 3, `refreshes left: ${left}`);
    for (; left > 0; left--) {
      await first.locator('button:visible', { hasText: '刷新' }).click();
      await toast(page, `今天还可刷新 ${left - 1} 次`);
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    }
    await first.locator('button:visible', { hasText: '刷新' }).click();
    await toast(page, '该职位今天已刷新 3 次');
    const title = await first.locator('.rc-job-title').innerText();
    const drafts = (await ajax(page, '/comjob/list', { state: 'draft', page: 1, pagesize: 1 })).counts.draft;
    await first.locator('button:visible', { hasText: '复制' }).click();
    await page.waitForURL((u) => /\/recruit\/job\/\d+\/edit$/.test(new URL(u).pathname));
    const copyId = new URL(page.url()).pathname.split('/')[3];
    await filled(page, '#job_title');
    assert.equal(await page.locator('#job_title').inputValue(), title);
    await page.goto(url('/recruit/job/?state=draft'));
    await page.locator(`[data-testid="jobs-table"] .ant-table-row[data-row-key="${copyId}"]`, { hasText: title }).waitFor();
    assert.match(await page.locator('[data-testid="tab-draft"]').innerText(), new RegExp(`${drafts + 1}`));
    assert.deepEqual(unexpected(errors, 'REFRESH_LIMIT'), []);
  });

  it('the list moves applications in bulk and marks them not suitable', async () => {
    const page = await (await browser.context()).newPage();
    const errors = watchErrors(page);
    await companyLogin(page, { returnUrl: '/recruit/comresume/applyresume?stageId=0&stageOppId=1', expectPath: '/recruit/comresume/applyresume' });
    const rows = page.locator('[data-testid="applications-table"] .ant-table-row');
    await rows.first().waitFor();
    assert.ok((await rows.count()) >= 2);
    const ids = [await rows.nth(0).getAttribute('data-row-key'), await rows.nth(1).getAttribute('data-row-key')];
    await rows.nth(0).locator('input[type="checkbox"]').check();
    await rows.nth(1).locator('input[type="checkbox"]').check();
    await page.locator('.rc-bulk-bar', { hasText: '已选 2 项' }).waitFor();
    await page.locator('.rc-bulk-target').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '初筛通过' }).click();
    await page.locator('[data-testid="bulk-move"]').click();
    await toast(page, '已处理 2 份投递');
    for (const id of ids) await page.locator(`.ant-table-row[data-row-key="${id}"] .ant-tag`, { hasText: '初筛通过' }).waitFor();
    // The stage's pill counts them; then both are marked not suitable.
    await page.locator('[data-testid="stage-tab-3"]').click();
    for (const id of ids) await page.locator(`.ant-table-row[data-row-key="${id}"]`).waitFor();
    await page.locator('[data-testid="stage-tab-0"]').click();
    await rows.first().waitFor();
    for (const id of ids) await page.locator(`.ant-table-row[data-row-key="${id}"] input[type="checkbox"]`).check();
    // Rejecting asks which notice to send, starting on the company's rejection template.
    await page.locator('[data-testid="bulk-reject"]').click();
    const dialog = page.locator('.ant-modal', { has: page.locator('[data-testid="notice-template"]') });
    await dialog.locator('[data-testid="notice-template"]', { hasText: '不合适通知' }).waitFor();
    await dialog.locator('[data-testid="notice-ok"]').click();
    await toast(page, '已处理 2 份投递');
    for (const id of ids) await page.locator(`.ant-table-row[data-row-key="${id}"] .ant-tag`, { hasText: '不合适' }).waitFor();
    assert.ok((await ajax(page, '/comnotice/list', { event: `apply:${ids[0]}:rejection` })).total >= 1, 'the rejection notice is queued');

    // A move to 已录用 on the detail page offers the offer template; the page lists both notices with their states.
    await page.goto(url(`/recruit/comresume/detail/${ids[0]}`));
    await page.locator('[data-testid="application-notices"] [data-testid="notice-state"]').first().waitFor();
    await page.locator('[data-testid="move-to"]').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '已录用' }).click();
    await dialog.locator('[data-testid="notice-template"]', { hasText: '录用通知' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="zoom"], .ant-modal-mask[class*="fade"]'));
    await page.screenshot({ path: join(shots, 'recruit-offer-notice-zh-CN-1366.png') });
    await assertAccessible(page, 'the notice dialog');
    await dialog.locator('[data-testid="notice-ok"]').click();
    await page.locator('[data-testid="current-stage"]', { hasText: '已录用' }).waitFor();
    await page.locator('[data-testid="application-notices"] .rc-notice-event', { hasText: '录用通知' }).first().waitFor();
    assert.match(await page.locator('[data-testid="application-notices"]').innerText(), /不合适通知/);
    assert.deepEqual(errors, []);
  });

  it('the owner renames, adds and reorders stages', async () => {
    const page = await (await browser.context()).newPage();
    const errors = watchErrors(page);
    await companyLogin(page, { returnUrl: '/recruit/comresume/applyresume?stageId=0&stageOppId=1', expectPath: '/recruit/comresume/applyresume' });
    await page.locator('[data-testid="stage-tab-2"]', { hasText: '待沟通' }).waitFor();
    await page.locator('[data-testid="stage-settings"]').click();
    const modal = page.locator('.ant-modal', { hasText: '招聘阶段设置' });
    await modal.locator('.rc-stage-list li').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="zoom"], .ant-modal-mask[class*="fade"]'));
    await page.screenshot({ path: join(shots, 'recruit-stages-zh-CN-1366.png') });
    await assertAccessible(page, 'stage settings');
    await modal.locator('.rc-stage-list li').nth(1).locator('input.ant-input').fill('电话沟通');
    await modal.locator('[data-testid="add-stage"]').click();
    await modal.locator('.rc-stage-list li').last().locator('input.ant-input').fill('终面');
    // 初筛通过 up one: it becomes the second stage.
    await modal.locator('.rc-stage-list li').nth(2).locator('button').first().click();
    await modal.locator('.ant-btn-primary').click();
    await toast(page, '招聘阶段已保存');
    await page.locator('[data-testid="stage-tab-2"]', { hasText: '初筛通过' }).waitFor();
    await page.locator('[data-testid="stage-tab-3"]', { hasText: '电话沟通' }).waitFor();
    const stages = await ajax(page, '/comresume/stages');
    assert.deepEqual(stages.map((x) => x.name).slice(0, 3), ['新投递', '初筛通过', '电话沟通']);
    assert.equal(stages.at(-1).name, '终面');
    assert.deepEqual(errors, []);
  });
});
