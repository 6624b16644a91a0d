// Accessibility of the recruiter site (/recruit/), as the demo company (13700000000): axe-core (WCAG 2.1 A and
// AA, one h1, landmarks), <html lang> and the page's own width on every page and on its open menus and dialogs,
// in zh-CN and en-US at 1366 and 390 px, each page's screenshot into screenshots/a11y-recruit-*.png; then the
// recruiter's work by keyboard alone: log in, open the candidates, switch to the board, move a card with
// dnd-kit's keyboard sensor (Space, an arrow, Space) and with its menu, and post a job.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMPANY, DESKTOP, PHONE_390, a11yProblems, ajax, assertNoA11yProblems, companyLogin, ensureShotsDir, openBrowser, pageOverflow, settle, tabTo, toast, url, waitForPath, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();

/** Waits for the page's data: no spinner or skeleton left, then still. */
async function drawn(page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
  await settle(page);
}

/** Whether the focus is on `selector` now. */
function focusedOn(page, selector) {
  return page.evaluate((sel) => Boolean(document.activeElement?.matches(sel)), selector);
}

/** Waits for dnd-kit's live region to say `text` (what a screen reader hears while a card moves). */
async function announced(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((e) => e.textContent.includes(t)), text, { timeout: 5000 });
}

/** The board column of the stage with id `stageId`. */
function column(page, stageId) {
  return page.locator(`[data-testid="board-column"][data-stage="${stageId}"]`);
}

describe('recruiter site: axe-core and the keyboard', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '1366', DESKTOP],
    ['zh-CN', '390', PHONE_390],
    ['en-US', '390', PHONE_390],
  ]) {
    it(`every recruiter page and its open menus and dialogs, ${lang} at ${size} px`, async () => {
      const found = [];
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const check = async (name) => {
        await drawn(page);
        const problems = await a11yProblems(page, lang);
        if (!(await page.title()).trim()) problems.push({ id: 'document-title-empty', impact: 'serious', help: 'the page has no title', nodes: [{ target: 'title', summary: '' }] });
        const overflow = await pageOverflow(page);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        // The menu's item of this page is in sight (on a phone the menu is a row that scrolls sideways).
        const hidden = await page.evaluate(([boxSel, itemSel]) => {
          const box = document.querySelector(boxSel)?.getBoundingClientRect();
          const item = document.querySelector(itemSel);
          const at = item?.getBoundingClientRect();
          return box && at && (at.left < box.left - 1 || at.right > box.right + 1) ? item.textContent.trim() : null;
        }, ['.rc-side', '.rc-side-link.active']);
        if (hidden) problems.push({ id: 'menu-item-out-of-sight', impact: 'layout', help: `the menu's "${hidden}" is scrolled out of sight`, nodes: [{ target: '.rc-side-link.active', summary: '' }] });
        // After the checks: a full-page screenshot resizes the page for a moment (popups realign).
        await page.screenshot({ path: join(shots, `a11y-recruit-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };
      // `value`: a form field that must show its saved value before the page is checked and shot.
      const visit = async (name, path, ready, value) => {
        await page.goto(url(path));
        try {
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          if (value) await page.waitForFunction((sel) => !!document.querySelector(sel)?.value, value, { timeout: 10_000 });
        } catch {
          found.push([name, [{ id: 'page-not-ready', impact: 'test', help: `${ready} did not show`, nodes: [{ target: path, summary: '' }] }]]);
          return false;
        }
        await check(name);
        return true;
      };

      // Logged out: the log-in page, empty and with its errors shown, and registration.
      await visit('login', '/recruit/login', 'form#comlogin');
      await page.locator('form#comlogin button[type="submit"]').click();
      await page.locator('form#comlogin .ant-form-item-explain-error').first().waitFor();
      await check('login-errors');
      await visit('register', '/recruit/register', 'form#comregister');

      await companyLogin(page);
      const jobs = await ajax(page, '/comjob/list', { state: '', page: 1, pagesize: 5 });
      const apps = await ajax(page, '/comresume/applyresume', { stageId: 0, stageOppId: 1, page: 1, pagesize: 5 });
      const hits = await ajax(page, '/comresume/search', { keyword: '', page: 1, pagesize: 5 });
      assert.ok(jobs.list.length && apps.list.length && hits.list.length, 'the demo company has jobs, applications and resumes to find');

      if (await visit('jobs', '/recruit/job/', '[data-testid="jobs-table"] .ant-table-row')) {
        // The city and category, stored in Chinese, read in English on the English page (the recruiter's name is a
        // person's, as they wrote it).
        const meta = await page.locator('.rc-job-meta').first().evaluate((el) => {
          const copy = el.cloneNode(true);
          copy.querySelectorAll('[data-testid="job-recruiter"]').forEach((n) => n.remove());
          return copy.textContent ?? '';
        });
        if (lang === 'en-US' && /[\u4e00-\u9fff]/.test(meta)) found.push(['jobs', [{ id: 'stored-value-in-chinese', impact: 'i18n', help: `a job's meta reads "${meta}"`, nodes: [{ target: '.rc-job-meta', summary: '' }] }]]);
        // The member menu, opened from the keyboard.
        await page.locator('[data-testid="member-menu"]').focus();
        await page.keyboard.press('Enter');
        await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').waitFor();
        await check('member-menu');
        await page.keyboard.press('Escape');
        // A job's close confirmation.
        const close = page.locator('[data-testid="jobs-table"] .ant-table-row button:visible', { hasText: lang === 'zh-CN' ? '关闭' : /^Close$/ }).first();
        if (await close.count()) {
          await close.click();
          await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons').waitFor();
          await check('jobs-close-confirm');
          await page.keyboard.press('Escape');
        }
      }
      if (await visit('job-new', '/recruit/job/new', 'form#job #job_title')) {
        await page.locator('[data-testid="job-publish"]').click();
        await page.locator('[data-testid="job-form-error"], form#job .ant-form-item-explain-error').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await check('job-new-errors');
        await page.locator('.ant-select:has(#job_city)').click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
        await check('job-new-city-open');
        await page.keyboard.press('Escape');
      }
      await visit('job-edit', `/recruit/job/${jobs.list[0].id}/edit`, 'form#job #job_title', '#job_title');
      if (await visit('candidates', '/recruit/comresume/applyresume?stageId=1&stageOppId=1', '[data-testid="applications-table"] .ant-table-row')) {
        await page.locator('[data-testid="stage-settings"]').click();
        await page.locator('.ant-modal .rc-stage-list li').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="zoom"], .ant-modal-mask[class*="fade"]'));
        await check('stage-settings');
        await page.keyboard.press('Escape');
        await page.locator('.ant-modal').waitFor({ state: 'hidden' });
      }
      await visit('candidates-all', '/recruit/comresume/applyresume?stageId=0&stageOppId=1', '[data-testid="applications-table"] .ant-table-row');
      if (await visit('board', '/recruit/comresume/applyresume?stageId=1&stageOppId=1&view=board', '[data-testid="board-card"]')) {
        await page.locator('[data-testid="board-card"] [data-testid="move-to"]').first().click();
        await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').waitFor();
        await check('board-move-menu');
        await page.keyboard.press('Escape');
      }
      if (await visit('application', `/recruit/comresume/detail/${apps.list[0].applyId}`, '.resume-document .doc-name')) {
        const reject = page.locator('[data-testid="reject-one"]:not([disabled])');
        if (await reject.count()) {
          await reject.click();
          await page.locator('.ant-modal [data-testid="notice-template"]').waitFor();
          await check('application-reject-notice');
          await page.keyboard.press('Escape');
          await page.locator('.ant-modal').waitFor({ state: 'hidden' });
        }
      }
      await visit('search', '/recruit/search', '[data-testid="resume-hit"]');
      await visit('resume', `/recruit/comresume/resume/${hits.list[0].resumeId}`, '.resume-document .doc-name');
      await visit('company', '/recruit/company', '#company_name', '#company_name');
      if (await visit('account', '/recruit/account', 'form#compassword')) {
        await page.locator('[data-testid="password-save"]').click();
        await page.locator('form#compassword .ant-form-item-explain-error').first().waitFor();
        await check('account-errors');
      }
      await visit('not-found', '/recruit/no-such-page', '.ant-result');

      await ctx.close();
      assertNoA11yProblems(found, `recruiter pages, ${lang} at ${size} px`);
      assert.deepEqual(errors, []);
    });
  }

  it('by keyboard alone: logs in, opens the board, moves a candidate by dnd-kit and by its menu, and posts a job', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const kb = page.keyboard;

    // Log in: the mobile box has the focus on arrival.
    await page.goto(url('/recruit/login'));
    await page.locator('form#comlogin').waitFor();
    if (!(await focusedOn(page, '#comlogin_mobile'))) await tabTo(page, '#comlogin_mobile');
    await kb.type(COMPANY.mobile);
    await tabTo(page, '#comlogin_password');
    await kb.type(COMPANY.password);
    await kb.press('Enter');
    await waitForPath(page, '/recruit/job/');
    await page.locator('[data-testid="jobs-table"] .ant-table-row').first().waitFor();

    // The side menu to the candidates, then the list/board switch by its arrows.
    await tabTo(page, '.rc-side a[href^="/recruit/comresume"]');
    await kb.press('Enter');
    await waitForPath(page, '/recruit/comresume/applyresume');
    await page.locator('[data-testid="applications-table"]').waitFor();
    await tabTo(page, '[data-testid="view-switch"] input[type="radio"]');
    await kb.press('ArrowRight');
    await page.waitForURL((u) => new URL(u).searchParams.get('view') === 'board');
    await page.locator('[data-testid="board-card"]').first().waitFor();
    await settle(page);

    // A card of the first column, by its handle: Space picks it up, → one column right, Space drops it.
    const stages = await ajax(page, '/comresume/stages');
    // The first column holding a card, with two stages after it.
    let at = -1;
    for (let i = 0; i + 2 < stages.length && at < 0; i++) if (await column(page, stages[i].id).locator('[data-testid="board-card"]').count()) at = i;
    assert.ok(at >= 0, 'a card to move');
    const [first, second, third] = stages.slice(at, at + 3);
    const card = column(page, first.id).locator('[data-testid="board-card"]').first();
    const applyId = Number(await card.getAttribute('data-apply'));
    const name = (await card.locator('.rc-card-name a').innerText()).trim();
    await tabTo(page, `[data-testid="board-card"][data-apply="${applyId}"] [data-testid="drag-handle"]`, { max: 80 });
    await kb.press('Space');
    await page.waitForFunction(() => document.querySelector('.rc-board-card.dragging'));
    // Once over its own column (the sensor has measured the board), → moves it.
    await announced(page, first.name);
    await kb.press('ArrowRight');
    await announced(page, second.name);
    await kb.press('Space');
    await toast(page, second.name);
    await column(page, second.id).locator(`[data-testid="board-card"][data-apply="${applyId}"]`).waitFor();
    let detail = await ajax(page, '/comresume/detail', { applyId });
    assert.equal(detail.application.stageId, second.id, `${name} moved to ${second.name} by the keyboard`);

    // Its menu: Enter opens it with the focus inside, the arrows walk it (the current stage's item is disabled), Enter moves.
    // (The card is drawn anew in its new column: the focus goes on from wherever it is now.)
    await tabTo(page, `[data-testid="board-card"][data-apply="${applyId}"] [data-testid="move-to"]`, { max: 150 });
    await kb.press('Enter');
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu'));
    await page.waitForTimeout(150);
    const focusedItem = () => page.evaluate(() => document.activeElement?.closest('.ant-dropdown-menu-item')?.textContent.trim() ?? '');
    // (rc-menu moves the focus a frame after the key: look after a moment.)
    for (let i = 0; i < stages.length + 1 && (await focusedItem()) !== third.name; i++) {
      await kb.press('ArrowDown');
      await page.waitForTimeout(150);
    }
    assert.equal(await focusedItem(), third.name, 'the arrows reach the third stage');
    // The board moves the card before the server answers: the check reads the stage after the move's answer.
    const moved = page.waitForResponse((r) => r.url().includes('/ajax/comresume/move'));
    await kb.press('Enter');
    await column(page, third.id).locator(`[data-testid="board-card"][data-apply="${applyId}"]`).waitFor();
    assert.equal((await moved).status(), 200, 'the move is saved');
    detail = await ajax(page, '/comresume/detail', { applyId });
    assert.equal(detail.application.stageId, third.id, `${name} moved to ${third.name} by its menu`);

    // Post a job: the positions page's new-job button, the form's fields by Tab, the selects by typing and Enter.
    await tabTo(page, '.rc-side a[href^="/recruit/job"]', { back: true, max: 80 });
    await kb.press('Enter');
    await waitForPath(page, '/recruit/job/');
    await page.locator('[data-testid="jobs-table"] .ant-table-row').first().waitFor();
    await tabTo(page, '[data-testid="new-job"]');
    await kb.press('Enter');
    await waitForPath(page, '/recruit/job/new');
    await page.locator('form#job #job_title').waitFor();
    const filters = await ajax(page, '/job/filters');
    const title = `键盘发布的职位${String(Date.now()).slice(-6)}`;
    await tabTo(page, '#job_title');
    await kb.type(title);
    // A select's own options: its listbox is #<id>_list (another select's may still be closing).
    const pick = async (id, text) => {
      await tabTo(page, `#${id}`);
      await kb.type(text);
      await page.locator(`#${id}_list .ant-select-item-option-active`).waitFor();
      await kb.press('Enter');
      await page.locator(`.ant-select:has(#${id}) .ant-select-selection-item`, { hasText: text }).waitFor();
    };
    const pickByArrows = async (id, text) => {
      await tabTo(page, `#${id}`);
      await kb.press('ArrowDown');
      const active = page.locator(`#${id}_list .ant-select-item-option-active`);
      await active.waitFor();
      for (let i = 0; i < 20 && (await active.innerText()).trim() !== text; i++) await kb.press('ArrowDown');
      await kb.press('Enter');
      await page.locator(`.ant-select:has(#${id}) .ant-select-selection-item`, { hasText: text }).waitFor();
    };
    await pick('job_category', filters.categories[0].categories[0].value);
    await pick('job_city', '杭州');
    await tabTo(page, '#job_salaryMin');
    await kb.type('20000');
    await tabTo(page, '#job_salaryMax');
    await kb.type('30000');
    await pickByArrows('job_experience', filters.experience[1].value);
    await pickByArrows('job_education', filters.education[2].value);
    await tabTo(page, '#job_description');
    await kb.type('负责键盘可达性的验证，熟悉屏幕阅读器与无障碍标准。');
    await tabTo(page, '[data-testid="job-publish"]');
    await kb.press('Enter');
    await page.waitForURL((u) => new URL(u).pathname === '/recruit/job/' && new URL(u).searchParams.get('state') === 'open');
    await page.locator('[data-testid="jobs-table"] .ant-table-row', { hasText: title }).waitFor();

    assert.deepEqual(errors, []);
    await ctx.close();
  });
});
