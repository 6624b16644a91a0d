// The resume editor, preview and print view in chromium, as a fresh candidate (a partner-platform
// user, made on first visit with an empty resume): every section filled, each kind of error met,
// everything found again after a reload, the prompt on leaving with unsaved edits, the preview, the
// printed PDF, and screenshots (zh-CN and en-US, 1366 and 390 px wide) in e2e/screenshots/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, choose, ensureShotsDir, openBrowser, pathOf, png, signedPartnerLink, toast, url, waitForPath, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const NARROW_390 = { width: 390, height: 844 };
const SECTIONS = [
  'basic', 'assessment', 'intention', 'work', 'education', 'language', 'skillsText', 'training', 'project',
  'skill', 'certificate', 'reference', 'additional', 'pasted', 'resumeFile', 'attachment',
];

const section = (page, name) => page.locator(`.resume-section[data-section="${name}"]`);
const formOf = (page, key) => page.locator(`.section-form[data-form="${key}"]`);
const item = (form, field) => form.locator(`[data-field="${field}"] .ui-form-item`);
// A field's shown choice: antd's select, or the look-alike drawn until antd's has come (choice-fields.tsx).
const chosen = (form, field) => item(form, field).locator('.ant-select-selection-item, .ui-select-selection-item');

async function fill(form, field, value) {
  await item(form, field).locator('input, textarea').first().fill(value);
}

async function pick(page, form, field, value) {
  await item(form, field).locator('.ant-picker input, .ui-picker input').first().click();
  const input = item(form, field).locator('.ant-picker input');
  await input.fill(value);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** Waits for the field's message to read `text` (a string for the whole message, or a RegExp). */
async function seeHelp(form, field, text) {
  const exact = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  const h = item(form, field).locator('.ui-form-item-explain-error', { hasText: exact });
  try {
    await h.first().waitFor({ timeout: 5000 });
  } catch {
    const shown = await item(form, field).locator('.ui-form-item-explain-error').allInnerTexts();
    assert.fail(`${field}: expected ${text}, shown ${JSON.stringify(shown)}`);
  }
}

async function noHelp(form, field) {
  await item(form, field).locator('.ui-form-item-explain-error').waitFor({ state: 'detached', timeout: 5000 });
}

async function save(page, form) {
  await form.locator('[data-action="save"]').click();
}

async function saved(page, form) {
  await save(page, form);
  try {
    await form.waitFor({ state: 'detached', timeout: 10_000 });
  } catch {
    const problems = await form.locator('.ui-form-item-explain-error').allInnerTexts();
    const toasts = await page.locator('.ant-message-notice').allInnerTexts();
    assert.fail(`the form stayed open: ${JSON.stringify(problems)} ${JSON.stringify(toasts)}`);
  }
}

async function complete(page, name) {
  await page.locator(`.resume-section[data-section="${name}"][data-complete="true"]`).waitFor({ timeout: 10_000 });
}

describe('resume editor, preview and print', () => {
  let browser;
  let ctx;
  let page;
  let errors;
  const user = `resume-e2e-${Date.now()}`;

  before(async () => {
    browser = await openBrowser();
    ctx = await browser.context({ viewport: DESKTOP });
    page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    errors = watchErrors(page);
    await page.goto(url(await signedPartnerLink('/my/edit', user)));
    await page.waitForURL((u) => new URL(u).pathname === '/my/edit' && !new URL(u).search.includes('sign'));
    await section(page, 'attachment').waitFor();
  });
  after(async () => {
    await browser?.close();
  });

  it('shows the sixteen sections in order, each incomplete at first', async () => {
    const names = await page.locator('.resume-section').evaluateAll((els) => els.map((e) => e.dataset.section));
    assert.deepEqual(names, SECTIONS);
    const states = await page.locator('.resume-section').evaluateAll((els) => els.map((e) => e.dataset.complete));
    assert.deepEqual(states, SECTIONS.map(() => 'false'));
    assert.equal(await section(page, 'basic').locator('.section-state').innerText(), '待完善');
    assert.equal(await page.title(), '我的简历 - 职达招聘');
  });

  it('checks the personal information as the user types, offline too', async () => {
    const form = formOf(page, 'basic:single');
    await ctx.setOffline(true);
    await fill(form, 'name', '张'.repeat(21));
    await seeHelp(form, 'name', '姓名不能超过 40 个字符（汉字算 2 个）');
    await fill(form, 'name', '');
    await seeHelp(form, 'name', '请输入姓名');
    await fill(form, 'email', 'a@b.cn;c@d.cn;e@f.cn;g@h.cn');
    await seeHelp(form, 'email', '最多填写 3 个邮箱');
    await fill(form, 'email', 'wang@');
    await seeHelp(form, 'email', '邮箱格式不正确');
    await fill(form, 'homePage', 'wang.example.cn');
    await seeHelp(form, 'homePage', '请输入有效的网址，如 https://example.com');
    await fill(form, 'qq', '12ab56');
    await seeHelp(form, 'qq', 'QQ号码只能是 5-12 位数字');
    await ctx.setOffline(false);
    // Saving shows every problem: the required selects and the mobile-or-telephone rule.
    await save(page, form);
    await toast(page, '请先修改标出的内容');
    await seeHelp(form, 'gender', '请选择性别');
    await seeHelp(form, 'city', '请选择现居城市');
    await seeHelp(form, 'mobile', '手机号码和固定电话至少填写一项');
    assert.equal(await section(page, 'basic').getAttribute('data-complete'), 'false');
  });

  it('saves the personal information and a photo', async () => {
    const form = formOf(page, 'basic:single');
    await fill(form, 'title', '王芳的简历');
    await fill(form, 'name', '王芳');
    await choose(page, form, 'gender', '女');
    await pick(page, form, 'birthday', '1994-03-18');
    await choose(page, form, 'city', '杭州');
    await choose(page, form, 'workSince', '3-5年');
    await choose(page, form, 'education', '硕士');
    await fill(form, 'mobile', '13912345678');
    await fill(form, 'email', 'wangfang@example.cn; fang.wang@example.com');
    await choose(page, form, 'careerStatus', '在职，考虑机会');
    await fill(form, 'homePage', 'https://wangfang.example.cn');
    await fill(form, 'qq', '20231234');
    await fill(form, 'hukou', '浙江杭州');
    await choose(page, form, 'political', '中共党员');
    await noHelp(form, 'qq');
    await saved(page, form);
    await toast(page, '简历保存成功');
    await complete(page, 'basic');
    assert.match(await section(page, 'basic').innerText(), /王芳[\s\S]*1994-03-18[\s\S]*杭州/);

    await page.locator('input[data-upload="photo"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(300, 400) });
    await page.locator('.photo-block[data-photo="yes"] img').waitFor();
    // The wrong format is refused before sending.
    await page.locator('input[data-upload="photo"]').setInputFiles({ name: 'me.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM....') });
    await toast(page, '文件格式不支持');
  });

  it('enforces the section 5 lengths in self assessment, and saves it', async () => {
    const form = formOf(page, 'assessment:single');
    await fill(form, 'selfAssessment', '认'.repeat(501));
    await seeHelp(form, 'selfAssessment', '自我评价不能超过 500 个字');
    assert.equal(await item(form, 'selfAssessment').locator('.char-count').innerText(), '501/500 字');
    await fill(form, 'selfAssessment', '认'.repeat(500));
    await noHelp(form, 'selfAssessment');
    await fill(form, 'selfAssessment', '八年后端开发经验，熟悉高并发系统设计，善于团队协作。');
    await fill(form, 'careerObjective', '成为技术负责人');
    await saved(page, form);
    await complete(page, 'assessment');
  });

  it('saves the target job with keywords, refusing a keyword over 30', async () => {
    const form = formOf(page, 'intention:single');
    await choose(page, form, 'currentIndustry', '互联网/IT');
    await fill(form, 'currentTitle', '高级工程师');
    await fill(form, 'currentSalary', '两万');
    await seeHelp(form, 'currentSalary', '目前月薪（元）只能填写数字');
    await fill(form, 'currentSalary', '28000');
    await choose(page, form, 'jobType', '全职');
    await choose(page, form, 'targetCity', '上海');
    await choose(page, form, 'targetIndustry', '互联网/IT');
    await fill(form, 'targetCategory', '后端开发');
    await fill(form, 'targetSalary', '35000');
    await choose(page, form, 'onBoard', '一个月内');
    const keywords = item(form, 'keywords').locator('.ant-select input');
    await keywords.fill('关'.repeat(31));
    await keywords.press('Enter');
    await seeHelp(form, 'keywords', '每个关键词不能超过 30 个字');
    await item(form, 'keywords').locator('.ant-select-selection-item-remove').first().click();
    for (const k of ['Java', 'Go', '分布式']) {
      await keywords.fill(k);
      await keywords.press('Enter');
    }
    await noHelp(form, 'keywords');
    await saved(page, form);
    await complete(page, 'intention');
  });

  it('adds, edits, reorders and deletes work experience', async () => {
    const add = async (company, start, duties) => {
      await section(page, 'work').locator('[data-action="add"]').click();
      const form = formOf(page, 'work:new');
      await fill(form, 'company', company);
      await choose(page, form, 'industry', '互联网/IT');
      await fill(form, 'jobTitle', '后端工程师');
      await pick(page, form, 'start', start);
      await form.locator('.to-date input').check();
      await fill(form, 'duties', duties);
      return form;
    };
    let form = await add('星河科技', '2019-07', '负责订单系统的设计与开发');
    await fill(form, 'duties', '职'.repeat(4001));
    await seeHelp(form, 'duties', '工作职责不能超过 4000 个字');
    await fill(form, 'duties', '负责订单系统的设计与开发');
    await fill(form, 'subordinates', '5个');
    await seeHelp(form, 'subordinates', '下属人数只能填写数字');
    await fill(form, 'subordinates', '5');
    await fill(form, 'companyProfile', '简'.repeat(501));
    await seeHelp(form, 'companyProfile', '公司简介不能超过 500 个字');
    await fill(form, 'companyProfile', '一家做云计算的公司');
    await saved(page, form);
    await complete(page, 'work');

    form = await add('蓝海网络', '2016-07', '维护支付网关');
    await form.locator('.to-date input').uncheck();
    await pick(page, form, 'end', '2015-01');
    await seeHelp(form, 'end', '结束时间不能早于开始时间');
    await pick(page, form, 'end', '2019-06');
    await saved(page, form);

    const companies = () => section(page, 'work').locator('.resume-entry .entry-title').allInnerTexts();
    assert.deepEqual(await companies(), ['星河科技', '蓝海网络']);
    await section(page, 'work').locator('.resume-entry').nth(1).locator('[data-action="up"]').click();
    await page.waitForFunction(() => document.querySelector('.resume-section[data-section="work"] .entry-title')?.textContent === '蓝海网络');
    assert.deepEqual(await companies(), ['蓝海网络', '星河科技']);
    await section(page, 'work').locator('.resume-entry').nth(0).locator('[data-action="down"]').click();
    await page.waitForFunction(() => document.querySelector('.resume-section[data-section="work"] .entry-title')?.textContent === '星河科技');

    // Edit the second entry in place, then add and delete a third.
    await section(page, 'work').locator('.resume-entry').nth(1).locator('[data-action="edit"]').click();
    const edit = section(page, 'work').locator('.section-form');
    await fill(edit, 'jobTitle', '高级后端工程师');
    await saved(page, edit);
    assert.match(await section(page, 'work').locator('.resume-entry').nth(1).innerText(), /高级后端工程师/);
    form = await add('临时公司', '2015-01', '临时');
    await saved(page, form);
    assert.equal((await companies()).length, 3);
    await section(page, 'work').locator('.resume-entry').nth(2).locator('[data-action="delete"]').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').click();
    await toast(page, '已删除');
    await page.waitForFunction(() => document.querySelectorAll('.resume-section[data-section="work"] .resume-entry').length === 2);
  });

  it('fills education, language, skills, training, project and the rest', async () => {
    await section(page, 'education').locator('[data-action="add"]').click();
    let form = formOf(page, 'education:new');
    await fill(form, 'school', '浙江大学');
    await choose(page, form, 'level', '硕士');
    await fill(form, 'major', '计算机科学与技术');
    await pick(page, form, 'start', '2013-09');
    await pick(page, form, 'end', '2016-06');
    await fill(form, 'classSize', '四十');
    await seeHelp(form, 'classSize', '班级人数只能填写数字');
    await fill(form, 'classSize', '40');
    for (const f of ['description', 'positions', 'scholarships', 'socialPractice']) {
      await fill(form, f, '学'.repeat(801));
      await seeHelp(form, f, /不能超过 800 个字/);
      await fill(form, f, f === 'description' ? '研究分布式系统' : '');
    }
    await saved(page, form);
    await complete(page, 'education');

    await section(page, 'language').locator('[data-action="add"]').click();
    form = formOf(page, 'language:new');
    await choose(page, form, 'language', '英语');
    await choose(page, form, 'listenSpeak', '熟练');
    await choose(page, form, 'readWrite', '精通');
    await fill(form, 'test', 'CET-6');
    await fill(form, 'score', '580');
    await saved(page, form);
    await complete(page, 'language');

    form = formOf(page, 'skillsText:single');
    await fill(form, 'text', '技'.repeat(1001));
    await seeHelp(form, 'text', '技能专长不能超过 1000 个字');
    await fill(form, 'text', '精通 Java 与 Go，熟悉 PostgreSQL、Kafka、Kubernetes。');
    await saved(page, form);
    await complete(page, 'skillsText');

    await section(page, 'training').locator('[data-action="add"]').click();
    form = formOf(page, 'training:new');
    await pick(page, form, 'start', '2020-05');
    await fill(form, 'programme', '云原生架构');
    await fill(form, 'institution', '某云学院');
    await fill(form, 'description', '训'.repeat(801));
    await seeHelp(form, 'description', '培训描述不能超过 800 个字');
    await fill(form, 'description', '容器与服务网格');
    await saved(page, form);

    await section(page, 'project').locator('[data-action="add"]').click();
    form = formOf(page, 'project:new');
    await fill(form, 'name', '订单中心重构');
    await pick(page, form, 'start', '2020-01');
    await pick(page, form, 'end', '2021-03');
    await fill(form, 'summary', '项'.repeat(2001));
    await seeHelp(form, 'summary', '项目简介不能超过 2000 个字');
    await fill(form, 'summary', '把单体订单系统拆成服务，峰值吞吐提升三倍。');
    await saved(page, form);

    await section(page, 'skill').locator('[data-action="add"]').click();
    form = formOf(page, 'skill:new');
    await fill(form, 'name', 'Java');
    await save(page, form);
    await seeHelp(form, 'level', '技能名称、掌握程度和使用时间须填写完整');
    await seeHelp(form, 'months', '技能名称、掌握程度和使用时间须填写完整');
    await choose(page, form, 'level', '精通');
    await fill(form, 'months', '96');
    await saved(page, form);

    await section(page, 'certificate').locator('[data-action="add"]').click();
    form = formOf(page, 'certificate:new');
    await fill(form, 'name', 'PMP 项目管理');
    await pick(page, form, 'date', '2021-08');
    await saved(page, form);

    await section(page, 'reference').locator('[data-action="add"]').click();
    form = formOf(page, 'reference:new');
    await fill(form, 'name', '李明');
    await fill(form, 'relationship', '前主管');
    await fill(form, 'contact', 'liming at example');
    await seeHelp(form, 'contact', '请填写正确的手机号或邮箱');
    await fill(form, 'contact', 'liming@example.cn');
    await saved(page, form);

    await section(page, 'additional').locator('[data-action="add"]').click();
    form = formOf(page, 'additional:new');
    await fill(form, 'title', '兴趣爱好');
    await fill(form, 'description', '附'.repeat(1501));
    await seeHelp(form, 'description', '内容不能超过 1500 个字');
    await fill(form, 'description', '马拉松、摄影');
    await saved(page, form);

    form = formOf(page, 'pasted:single');
    await save(page, form);
    await seeHelp(form, 'text', '请输入简历文本');
    await fill(form, 'text', '文'.repeat(20001));
    await seeHelp(form, 'text', '简历文本不能超过 20000 个字');
    await fill(form, 'text', '文'.repeat(20000));
    await saved(page, form);
    await complete(page, 'pasted');
    for (const s of ['training', 'project', 'skill', 'certificate', 'reference', 'additional']) await complete(page, s);
  });

  it('uploads resume files and attachments, refusing wrong content, size and count', async () => {
    const files = section(page, 'resumeFile');
    const input = page.locator('input[data-upload="resumeFile"]');
    // A renamed executable passes the name check in the browser and is refused by the server.
    await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]) });
    await toast(page, '文件格式不支持，或文件内容与格式不符');
    await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 0x20) });
    await toast(page, '文件过大，不能超过 2MB');
    for (const [i, name] of ['王芳简历.pdf', 'cv-en.txt', 'cv.txt'].entries()) {
      const buffer = name.endsWith('.pdf') ? Buffer.from('%PDF-1.4\n%%EOF\n') : Buffer.from('王芳 后端工程师\n');
      await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
      await page.waitForFunction((n) => document.querySelectorAll('.resume-section[data-section="resumeFile"] .file-list li').length === n, i + 1);
    }
    await complete(page, 'resumeFile');
    await input.setInputFiles({ name: 'fourth.txt', mimeType: 'text/plain', buffer: Buffer.from('4') });
    await toast(page, '文件数量已达上限');
    assert.equal(await files.locator('.file-list li').count(), 3);

    const att = section(page, 'attachment');
    const attInput = page.locator('input[data-upload="attachment"]');
    await attInput.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png(20, 20) });
    assert.equal(await att.locator('.field-error').innerText(), '请输入附件名称');
    await att.locator('input[data-field="name"]').fill('作品截图');
    await attInput.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png(20, 20) });
    await att.locator('.file-list li').first().waitFor();
    await complete(page, 'attachment');
    assert.match(await att.locator('.file-list').innerText(), /作品截图/);
    // Delete one resume file.
    await files.locator('.file-list li').nth(2).locator('[data-action="delete"]').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').click();
    await page.waitForFunction(() => document.querySelectorAll('.resume-section[data-section="resumeFile"] .file-list li').length === 2);
  });

  it('keeps the edits on screen and says why when a save fails', async () => {
    await section(page, 'assessment').locator('[data-action="edit"]').click();
    const form = formOf(page, 'assessment:single');
    await fill(form, 'careerObjective', '带领团队交付关键系统');
    await ctx.setOffline(true);
    await save(page, form);
    await toast(page, '简历保存失败');
    await ctx.setOffline(false);
    assert.equal(await item(form, 'careerObjective').locator('textarea').inputValue(), '带领团队交付关键系统');
    assert.equal(await form.locator('.unsaved-badge').innerText(), '未保存');
  });

  it('asks before leaving with unsaved edits, in the app and when closing the tab', async () => {
    // In-app navigation: the dialog; "stay" keeps the page and the edits.
    await page.locator('.resume-actions a[href="/my"]').click();
    const modal = page.locator('.unsaved-modal');
    await modal.waitFor();
    assert.match(await modal.innerText(), /有未保存的修改/);
    await modal.locator('.stay-button').click();
    await modal.waitFor({ state: 'hidden' });
    assert.equal(pathOf(page), '/my/edit');
    const form = formOf(page, 'assessment:single');
    assert.equal(await item(form, 'careerObjective').locator('textarea').inputValue(), '带领团队交付关键系统');

    // Reloading the tab: the browser's own prompt (beforeunload).
    let prompted = null;
    page.once('dialog', async (d) => {
      prompted = d.type();
      await d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => {});
    assert.equal(prompted, 'beforeunload');
    assert.equal(await item(form, 'careerObjective').locator('textarea').inputValue(), '带领团队交付关键系统', 'still there after staying');

    // Save, and nothing asks any more.
    await saved(page, form);
    await page.locator('.resume-actions a[href="/my"]').click();
    await waitForPath(page, '/my/tags');
  });

  it('finds everything saved after a reload', async () => {
    await page.goto(url('/my/edit'));
    await section(page, 'attachment').waitFor();
    const states = await page.locator('.resume-section').evaluateAll((els) => els.map((e) => e.dataset.complete));
    assert.deepEqual(states, SECTIONS.map(() => 'true'));
    const text = await page.locator('.editor-sections').innerText();
    for (const expected of [
      '王芳', '1994-03-18', '杭州', '硕士', 'wangfang@example.cn; fang.wang@example.com', 'https://wangfang.example.cn', '中共党员',
      '带领团队交付关键系统', '28000', 'Java、Go、分布式', '星河科技', '高级后端工程师', '一家做云计算的公司', '浙江大学', 'CET-6',
      'Kubernetes', '云原生架构', '订单中心重构', '96', 'PMP 项目管理', 'liming@example.cn', '马拉松、摄影', '王芳简历', '作品截图',
    ]) {
      assert.ok(text.includes(expected), `missing after reload: ${expected}`);
    }
    assert.deepEqual(await section(page, 'work').locator('.entry-title').allInnerTexts(), ['星河科技', '蓝海网络']);
    assert.equal(await page.locator('.photo-block[data-photo="yes"]').count(), 1);
    assert.equal(await section(page, 'pasted').locator('.doc-text').evaluate((e) => e.textContent.length), 20000);
    // The header's resume link now opens the preview.
    const me = await page.evaluate(() => window.__jobseekerCore.request('/pclogin/islogin', {}));
    assert.match(me.url, /^\/my\/preview\?resumeId=\d+$/);
    assert.equal(me.emptyResumeId, 0);
  });

  it('previews the resume read-only and prints it to an A4 PDF', async () => {
    // Earlier tests met refusals on purpose (a 400 for the renamed executable); from here on, none.
    const errorsBefore = errors.length;
    await page.locator('.resume-actions a', { hasText: '预览简历' }).click();
    await waitForPath(page, '/my/preview');
    const doc = page.locator('.resume-document');
    await doc.waitFor();
    assert.equal(await page.title(), '简历预览 - 职达招聘');
    assert.equal(await doc.locator('.doc-name').innerText(), '王芳');
    assert.equal(await doc.locator('input, textarea, button').count(), 0, 'read-only');
    const sections = await doc.locator('.doc-section').evaluateAll((els) => els.map((e) => e.dataset.section));
    assert.deepEqual(sections, SECTIONS.slice(0, 14));
    await doc.locator('img.doc-photo').evaluate((img) => img.decode());

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.site-header').isVisible(), false, 'no header in print');
    assert.equal(await page.locator('.resume-actions').isVisible(), false, 'no buttons in print');
    const breakInside = await doc.locator('.doc-entry').first().evaluate((e) => getComputedStyle(e).breakInside);
    assert.equal(breakInside, 'avoid');
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    await page.emulateMedia({ media: 'screen' });
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const file = join(shots, 'resume-print-zh-CN.pdf');
    writeFileSync(file, pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    assert.ok(pages >= 2, `the 20000-character text spans pages: ${pages}`);
    if (existsSync('/usr/bin/pdftoppm')) {
      execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, join(shots, 'resume-print-zh-CN')]);
    }
    assert.deepEqual(errors.slice(errorsBefore), []);
  });

  it('downloads the PDF the server draws, Chinese text in an embedded font', async () => {
    const link = page.locator('a[data-action="pdf"]');
    const href = await link.getAttribute('href');
    assert.match(href, /^\/ajax\/resume\/pdf\?resumeId=\d+&lang=zh-CN$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = join(shots, 'resume-server-zh-CN.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.length < 200_000, `${pdf.length} bytes: the font is subset`);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of ['王芳', '个人信息', '工作经历', '星河科技', '高级后端工程师', '浙江大学', '2019-07 – 至今', 'Java、Go、分布式']) {
      assert.ok(text.includes(expected), `the PDF's text lacks ${expected}`);
    }
    const fonts = execFileSync('/usr/bin/pdffonts', [file], { encoding: 'utf8' });
    assert.match(fonts, /[A-Z]{6}\+NotoSansCJK/, 'an embedded subset of Noto Sans CJK');
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, join(shots, 'resume-server-zh-CN')]);
  });

  it('exports the resume as a JSON Resume file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="export-json"]').click()]);
    assert.match(download.suggestedFilename(), /^resume-\d+\.json$/);
    const file = join(shots, 'resume.json');
    await download.saveAs(file);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(json.basics.name, '王芳');
    assert.equal(json.basics.location.city, '杭州');
    assert.deepEqual(json.work.map((w) => w.name), ['星河科技', '蓝海网络']);
    assert.equal(json.education[0].institution, '浙江大学');
  });

  it('imports a JSON Resume file as drafts to complete and save, refusing files that are not one', async () => {
    const errorsBefore = errors.length;
    await page.goto(url('/my/edit'));
    await section(page, 'attachment').waitFor();
    const input = page.locator('input[data-upload="jsonResume"]');
    await input.setInputFiles({ name: 'cv.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
    await toast(page, '无法读取该文件，请选择 JSON Resume 格式的 .json 文件');
    await input.setInputFiles({ name: 'cv.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
    await toast(page, '该文件不是 JSON Resume 格式的简历');
    assert.equal(await page.locator('.imported-draft').count(), 0, 'a refused file opens nothing');

    // The file exported above comes back entry for entry, option names turned back into choices.
    await input.setInputFiles(join(shots, 'resume.json'));
    await toast(page, /已导入 \d+ 项内容/);
    const drafts = (name) => section(page, name).locator('[data-entry="import"]');
    assert.equal(await drafts('work').count(), 2);
    assert.deepEqual(
      await drafts('work').locator('[data-field="company"] input').evaluateAll((els) => els.map((e) => e.value)),
      ['星河科技', '蓝海网络'],
    );
    const basic = formOf(page, 'basic:single');
    assert.equal(await item(basic, 'name').locator('input').inputValue(), '王芳');
    assert.equal(await chosen(basic, 'city').innerText(), '杭州');
    for (const name of ['work', 'education']) {
      while ((await drafts(name).count()) > 0) await drafts(name).first().locator('[data-action="cancel"]').click();
    }

    // A resume from elsewhere: what JSON Resume has no place for is asked for before saving.
    const foreign = {
      basics: { name: '王芳', email: 'wangfang@example.com', phone: '+86 137-0000-1111', location: { city: '杭州市' } },
      work: [{ name: '深圳市腾讯计算机系统有限公司', position: '前端工程师', startDate: '2012-07-01', endDate: '2014-06-30', summary: '负责微信网页版前端', highlights: ['首屏提速 40%'] }],
      languages: [{ language: 'Japanese', fluency: 'Intermediate' }],
    };
    await input.setInputFiles({ name: 'foreign.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(foreign)) });
    await toast(page, '已导入 3 项内容，请逐项检查、补全后保存');
    const work = drafts('work').first().locator('.section-form');
    assert.equal(await item(work, 'duties').locator('textarea').inputValue(), '负责微信网页版前端\n• 首屏提速 40%');
    assert.equal(await work.locator('.unsaved-badge').innerText(), '未保存', 'a draft counts as unsaved');
    await section(page, 'work').screenshot({ path: join(shots, 'resume-import-work-zh-CN-1366.png') });

    // Leaving asks first while drafts wait.
    await page.locator('.resume-actions a[href="/my"]').click();
    await page.locator('.unsaved-modal').waitFor();
    await page.locator('.unsaved-modal .stay-button').click();

    await save(page, work);
    await seeHelp(work, 'industry', '请选择所属行业');
    await choose(page, work, 'industry', '互联网/IT');
    await saved(page, work);
    await page.waitForFunction(() => document.querySelectorAll('.resume-section[data-section="work"] .resume-entry:not(.imported-draft)').length === 3);
    const language = drafts('language').first().locator('.section-form');
    assert.equal(await chosen(language, 'language').innerText(), '日语');
    assert.equal(await chosen(language, 'readWrite').innerText(), '良好');
    await saved(page, language);
    // The personal information draft only changes the mobile; cancel keeps what was saved.
    assert.equal(await item(formOf(page, 'basic:single'), 'mobile').locator('input').inputValue(), '13700001111');
    await formOf(page, 'basic:single').locator('[data-action="cancel"]').click();
    assert.equal(await page.locator('.imported-draft').count(), 0);

    await page.reload();
    await section(page, 'attachment').waitFor();
    assert.match(await section(page, 'work').innerText(), /深圳市腾讯计算机系统有限公司/);
    assert.match(await section(page, 'language').innerText(), /日语/);
    assert.doesNotMatch(await section(page, 'basic').innerText(), /137\*{4}1111|13700001111/, 'the cancelled draft was not saved');
    assert.deepEqual(errors.slice(errorsBefore), []);
  });

  for (const lang of ['zh-CN', 'en-US']) {
    for (const [size, viewport] of [
      ['1366', DESKTOP],
      ['390', NARROW_390],
    ]) {
      it(`screenshots in ${lang} at ${size}px`, async () => {
        const shotCtx = await browser.context({ viewport, lang });
        await shotCtx.addCookies(await ctx.cookies());
        const p = await shotCtx.newPage();
        await p.goto(url('/my/edit'));
        await p.locator('.resume-section[data-section="attachment"]').waitFor();
        await p.locator('.photo-block img').evaluate((img) => img.decode());
        if (lang === 'en-US') assert.equal(await p.locator('.resume-section[data-section="work"] h2').innerText(), 'Work experience');
        // One open form with an error, to show how it looks.
        await p.locator('.resume-section[data-section="skill"] [data-action="add"]').click();
        await p.locator('.section-form[data-form="skill:new"] [data-action="save"]').click();
        await p.locator('.section-form[data-form="skill:new"] .ui-form-item-explain-error').first().waitFor();
        // No toast over the picture, and the page scrolled to the top (the section list is sticky).
        await p.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.waitForTimeout(400);
        await p.screenshot({ path: join(shots, `resume-edit-${lang}-${size}.png`), fullPage: true });
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `editor ${overflow}px too wide`);
        await p.locator('.section-form[data-form="skill:new"] [data-action="cancel"]').click();
        await p.goto(url('/my/preview'));
        await p.locator('.resume-document img.doc-photo').evaluate((img) => img.decode());
        await p.screenshot({ path: join(shots, `resume-preview-${lang}-${size}.png`), fullPage: true });
        const overflow2 = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow2 <= 0, `preview ${overflow2}px too wide`);
        await shotCtx.close();
      });
    }
  }
});
