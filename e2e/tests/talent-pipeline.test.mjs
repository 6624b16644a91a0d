// Uploaded private candidates on a job's pipeline (issue 17) in chromium. A recruiter goes from a job's board to the
// upload (the job chosen already), uploads a resume file and saves it; its card, marked as uploaded, appears in the
// first column of that job's board; it is moved by drag and by the keyboard like an application; its card opens the
// talent page, whose history shows each move with who made it, where a note is added and its menu moves it; from that
// page it is added to another job's pipeline. Screenshots of the board, the list and the talent page in zh-CN and
// en-US at 1366 and 390 px into screenshots/talent-pipeline-*.png, each checked by axe-core (WCAG 2.1 A and AA, one
// h1) and for sideways scrolling.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE_390, ajax, assertNoA11yProblems, companyLogin, drawn, ensureShotsDir, openBrowser, pageProblems, toast, url, watchErrors } from '../lib.mjs';

const SET = join(import.meta.dirname, '..', '..', 'server', 'tests', 'data', 'resumes', 'set');
const DOCX = { name: 'resume-xue.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: readFileSync(join(SET, '002-sidebar.docx')) };
const NAME = '薛溪杰';
const shots = ensureShotsDir();

/** The n-th column of the board (0: the first stage). */
const nthColumn = (page, n) => page.locator('[data-testid="board-column"]').nth(n);
const cardIn = (column) => column.locator('[data-testid="board-card"]', { hasText: NAME });

async function announced(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((e) => e.textContent.includes(t)), text, { timeout: 5000 });
}

/** The company's first job: {id, title}. */
async function firstJob(page) {
  const jobs = await ajax(page, '/comjob/list', { state: '', page: 1, pagesize: 50 });
  return jobs.list[0];
}

const boardOf = (jobId) => url(`/recruit/comresume/applyresume?stageId=0&stageOppId=${jobId}&view=board`);

describe('talent pipeline: uploaded candidates on a job board', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('an upload for a job lands in its first column, moves by drag and keyboard, and its page shows the history', async () => {
    const ctx = await browser.context({ lang: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await companyLogin(page);
    const job = await firstJob(page);

    // From the job's board to the upload, the job chosen already; upload, save.
    await page.goto(boardOf(job.id));
    await page.locator('[data-testid="upload-to-job"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/recruit/talent/upload' && new URL(u).searchParams.get('jobId') === String(job.id));
    await page.locator('.rc-talent-pick .ant-select-selection-item', { hasText: job.title }).waitFor();
    await page.locator('[data-testid="talent-files"]').setInputFiles([DOCX]);
    const draft = page.locator('[data-testid="talent-draft"][data-status="ready"]');
    await draft.waitFor({ timeout: 30_000 });
    await draft.locator('[data-testid="save-draft"]').click();
    await page.locator('[data-testid="draft-saved"]', { hasText: '已保存，并加入所选职位看板的第一个阶段' }).waitFor();

    // The job's board: the card, marked as uploaded, in the first column.
    await page.goto(boardOf(job.id));
    const first = nthColumn(page, 0);
    await cardIn(first).waitFor();
    assert.equal(await cardIn(first).locator('[data-testid="uploaded-tag"]').innerText(), '简历上传');
    const firstName = (await first.locator('.rc-column-name').innerText()).trim();
    const secondName = (await nthColumn(page, 1).locator('.rc-column-name').innerText()).trim();
    const thirdName = (await nthColumn(page, 2).locator('.rc-column-name').innerText()).trim();
    await drawn(page);
    await page.screenshot({ path: join(shots, 'talent-pipeline-board-zh-CN-1366.png'), fullPage: true });

    // Drag: to the second stage.
    const from = await cardIn(first).boundingBox();
    const to = await nthColumn(page, 1).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();
    await toast(page, `已将 ${NAME} 移至「${secondName}」`);
    await cardIn(nthColumn(page, 1)).waitFor();
    assert.equal(await cardIn(first).count(), 0, 'gone from the first column');

    // Keyboard: the handle, Space, one column right, Space.
    await cardIn(nthColumn(page, 1)).locator('[data-testid="drag-handle"]').focus();
    await page.keyboard.press('Space');
    await announced(page, secondName);
    await page.keyboard.press('ArrowRight');
    await announced(page, thirdName);
    await page.keyboard.press('Space');
    await cardIn(nthColumn(page, 2)).waitFor();

    // The list view marks it too.
    await page.goto(url(`/recruit/comresume/applyresume?stageId=0&stageOppId=${job.id}`));
    const row = page.locator('[data-testid="applications-table"] tr', { hasText: NAME });
    await row.locator('[data-testid="uploaded-tag"]').waitFor();

    // Its card opens the talent page on that job's place: stage, history with who and when, a note.
    await page.goto(boardOf(job.id));
    await cardIn(nthColumn(page, 2)).locator('.rc-card-name a').click();
    await page.waitForURL((u) => new URL(u).pathname.startsWith('/recruit/talent/') && new URL(u).searchParams.has('entry'));
    const panel = page.locator('[data-testid="talent-pipeline"]');
    await panel.locator('[data-testid="current-stage"]', { hasText: thirdName }).waitFor();
    const moves = panel.locator('[data-testid="moves"] .ant-timeline-item');
    await moves.nth(2).waitFor();
    assert.equal(await moves.count(), 3, 'landing, drag, keyboard');
    const history = await panel.locator('[data-testid="moves"]').innerText();
    assert.match(history, new RegExp(`加入「${firstName}」`));
    assert.match(history, new RegExp(`从「${firstName}」移至「${secondName}」`));
    assert.match(history, new RegExp(`从「${secondName}」移至「${thirdName}」`));
    assert.match(history, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, 'when');
    const member = (await ajax(page, '/comlogin/me')).member?.name ?? (await ajax(page, '/comlogin/me')).name;
    assert.ok(member && history.includes(member), `who: ${member} in ${history}`);
    await panel.locator('textarea').first().fill('电话沟通过，下周二面试');
    await panel.locator('[data-testid="add-note"]').click();
    await panel.locator('[data-testid="notes"] .rc-notes li', { hasText: '电话沟通过' }).waitFor();
    await page.locator('[data-testid="talent-detail-page"] .resume-document .doc-name').waitFor();
    await drawn(page);
    await page.screenshot({ path: join(shots, 'talent-pipeline-detail-zh-CN-1366.png'), fullPage: true });

    // Its menu on the page moves it too.
    await panel.locator('[data-testid="move-to"]').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: firstName }).click();
    await panel.locator('[data-testid="current-stage"]', { hasText: firstName }).waitFor();
    await ctx.close();
    assert.deepEqual(errors, []);
  });

  it("a candidate of the pool is added to a job's pipeline from its page", async () => {
    const ctx = await browser.context({ lang: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await companyLogin(page);
    const job = await firstJob(page);
    const pool = await ajax(page, '/comtalent/list', { keyword: NAME, jobId: '', page: 1, pagesize: 10 });
    const id = pool.list[0].id;
    await page.goto(url(`/recruit/talent/${id}`));
    const panel = page.locator('[data-testid="talent-pipeline"]');
    await panel.locator('[data-testid="talent-place"]').waitFor();
    const jobs = await ajax(page, '/comjob/list', { state: '', page: 1, pagesize: 50 });
    const other = jobs.list.find((j) => j.id !== job.id);
    await panel.locator('#rc-talent-add-job').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: other.title }).first().click();
    await panel.locator('[data-testid="add-to-job"]').click();
    await toast(page, `已将${NAME}加入「${other.title}」的招聘流程`);
    // Two places now, one tab each; the new one shows its landing.
    await panel.getByRole('tab', { name: other.title }).waitFor();
    await page.goto(boardOf(other.id));
    await cardIn(nthColumn(page, 0)).waitFor();
    await ctx.close();
    assert.deepEqual(errors, []);
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '1366', DESKTOP],
    ['zh-CN', '390', PHONE_390],
    ['en-US', '390', PHONE_390],
  ]) {
    it(`the board with an uploaded card and the talent page pass axe-core, ${lang} at ${size} px`, async () => {
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await companyLogin(page);
      const job = await firstJob(page);
      const found = [];
      const check = async (name) => {
        await drawn(page);
        const problems = await pageProblems(page, lang);
        await page.screenshot({ path: join(shots, `talent-pipeline-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };
      await page.goto(boardOf(job.id));
      await page.locator('[data-testid="board-card"] [data-testid="uploaded-tag"]').first().waitFor();
      await check('board');
      await page.goto(url(`/recruit/comresume/applyresume?stageId=0&stageOppId=${job.id}`));
      await page.locator('[data-testid="applications-table"] [data-testid="uploaded-tag"]').first().waitFor();
      await check('list');
      await page.locator('[data-testid="applications-table"] tr', { has: page.locator('[data-testid="uploaded-tag"]') }).first().locator('a.rc-strong-link').click();
      await page.locator('[data-testid="talent-pipeline"] [data-testid="talent-place"]').first().waitFor();
      await page.locator('[data-testid="talent-detail-page"] .resume-document .doc-name').waitFor();
      await check('detail');
      await ctx.close();
      assertNoA11yProblems(found, `talent pipeline, ${lang} at ${size} px`);
      assert.deepEqual(errors, []);
    });
  }
});
