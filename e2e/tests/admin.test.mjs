// The admin console (/admin/) in a browser: the demo admin logs in with a TOTP code (computed here from the
// secret the server prints on stderr at start); a new admin enrols from the QR page; a company is verified;
// a job the demo candidate reported is taken down (gone from search, the reason shown to its company), and
// a report sent from the phone's job page reaches the queue; the demo candidate is disabled, viewed and
// enabled again; the demo company is rejected with a canned reason its members read; each of these is found
// in the audit log page. A candidate's pages never download the console's code. Every admin page in both
// languages, wide and narrow, with its dialogs and the account drawer, is a11y-admin.test.mjs's sweep.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMPANY, DEMO, DESKTOP, NARROW, adminTotpSecret, ajax, ensureShotsDir, expectNoAxeViolations, freshTotp, openBrowser, settle, submitLogin, totp, url, waitForPath, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();
const ADMIN = { username: 'admin', password: 'demo1234' };
const suffix = String(Date.now()).slice(-6);

// ---------- helpers ----------

/** Logs in on /admin/login with a code from `secret`, and waits for the dashboard. */
async function adminLogin(page, secret, { username = ADMIN.username, password = ADMIN.password } = {}) {
  await page.goto(url('/admin/login'));
  await page.locator('#adminlogin_username').fill(username);
  await page.locator('#adminlogin_password').fill(password);
  await page.locator('#adminlogin_otp').fill(await freshTotp(secret));
  await page.locator('form#adminlogin button[type="submit"]').click();
  await waitForPath(page, '/admin');
}

/** Fills the open modal's reason (and canned reason) and confirms. */
async function confirmReason(page, reason, canned) {
  const modal = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
  await modal.waitFor();
  if (canned) {
    await modal.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: canned }).click();
  }
  await modal.locator('textarea').fill(reason);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'hidden' });
}

/** The audit page searched for `q`: the table's text. */
async function auditText(page, q) {
  await page.goto(url('/admin/audit'));
  const search = page.locator('.admin-toolbar input');
  await search.fill(q);
  await search.press('Enter');
  await page.waitForFunction((q) => [...document.querySelectorAll('.ant-table-row')].some((r) => r.textContent.includes(q)), q, { timeout: 10_000 });
  return page.locator('.ant-table-tbody').innerText();
}

/** Opens the home page and waits for the ui's core (what `ajax` calls through). */
async function home(page) {
  await page.goto(url('/'));
  await page.waitForFunction(() => Boolean(window.__jobseekerCore));
}

async function until(fn, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the admin console', () => {
  let browser;
  let ctx;
  let page;
  let errors;
  let secret;

  before(async () => {
    secret = await adminTotpSecret();
    browser = await openBrowser();
    ctx = await browser.context();
    page = await ctx.newPage();
    errors = watchErrors(page);
  });
  after(async () => {
    await browser?.close();
  });

  it('sends a visitor without an admin session to /admin/login, and logs the demo admin in with a TOTP code', async () => {
    await page.goto(url('/admin/users'));
    await waitForPath(page, '/admin/login');
    // A wrong code is refused, in the page's language.
    await page.locator('#adminlogin_username').fill(ADMIN.username);
    await page.locator('#adminlogin_password').fill(ADMIN.password);
    const wrong = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    await page.locator('#adminlogin_otp').fill(wrong);
    await page.locator('form#adminlogin button[type="submit"]').click();
    await page.getByText('用户名、密码或动态验证码错误').waitFor();
    await adminLogin(page, secret);
    await page.locator('.admin-who', { hasText: 'admin' }).waitFor();
    await page.getByText('超级管理员').first().waitFor();
  });

  it('verifies a company from the review queue', async () => {
    await page.goto(url('/admin/companies'));
    const first = page.locator('.ant-table-row').first();
    await first.waitFor();
    const name = (await first.locator('td').nth(1).innerText()).trim();
    const companyId = (await first.locator('td').nth(0).innerText()).trim();
    await first.getByRole('button', { name: '通过认证' }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await page.getByRole('tab', { name: '已认证' }).click();
    await page.locator('.ant-table-row', { hasText: name }).first().waitFor();
    assert.match(await auditText(page, 'company.review'), new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    // The verified badge (认证) on the company's page and its jobs' pages, desktop and /m, once the app drew them.
    const visitor = await browser.context();
    const vp = await visitor.newPage();
    await vp.goto(url(`/company/${companyId}`));
    await vp.locator('.verified-badge', { hasText: '认证' }).first().waitFor();
    const detail = await ajax(vp, '/company/detail', { comId: companyId, page: 1, pagesize: 5 });
    assert.equal(detail.company.verified, true);
    const jobId = detail.jobs.list[0]?.id;
    if (jobId) {
      assert.equal(detail.jobs.list[0].companyVerified, true, 'its job cards carry the badge');
      await vp.goto(url(`/job/${jobId}`));
      await vp.getByTestId('company-card').locator('.verified-badge', { hasText: '认证' }).waitFor();
      await vp.goto(url(`/m/job/${jobId}`));
      await vp.locator('.m-company-link .verified-badge').waitFor();
    }
    await vp.goto(url(`/m/company/${companyId}`));
    await vp.locator('.m-company-head .verified-badge').waitFor();
    // Its jobs in the phone's lists carry the badge too.
    if (jobId) await vp.locator('.m-job-company .verified-badge').first().waitFor();
    await vp.goto(url(`/company/${companyId}?lang=en-US`));
    await vp.locator('.ssr-verified, .verified-badge').filter({ hasText: 'Verified' }).first().waitFor();
    await visitor.close();

    // The badge's pages in both languages, desktop and narrow: a screenshot each, and axe-core.
    for (const lang of ['zh-CN', 'en-US']) {
      for (const [viewport, size] of [[DESKTOP, 'desktop'], [NARROW, 'narrow']]) {
        const c = await browser.context({ lang, viewport });
        const p = await c.newPage();
        const pages = [[`/company/${companyId}`, 'company'], ...(jobId ? [[`/job/${jobId}`, 'job']] : [])];
        if (size === 'narrow') pages.push([`/m/company/${companyId}`, 'm-company']);
        for (const [path, name] of pages) {
          await p.goto(url(path));
          await p.locator('.verified-badge').first().waitFor();
          await settle(p);
          await p.screenshot({ path: join(shots, `verified-${name}-${lang}-${size}.png`) });
          await expectNoAxeViolations(p, `${path} ${lang} ${size}`);
        }
        await c.close();
      }
    }
  });

  it('takes a reported job down: it leaves search and its company sees the reason', async () => {
    // The company's first open job, and the demo candidate's report of it.
    const company = await browser.context();
    const cp = await company.newPage();
    await home(cp);
    const member = await ajax(cp, '/comlogin/login', COMPANY);
    assert.ok(!member?.rejected, `the demo company logs in: ${JSON.stringify(member)}`);
    const jobs = await ajax(cp, '/comjob/list', { state: 'open', page: 1, pagesize: 5 });
    const job = jobs.list[0];
    assert.ok(job, 'the demo company has an open job');
    const candidate = await browser.context();
    const kp = await candidate.newPage();
    await home(kp);
    const user = await ajax(kp, '/pclogin/login', { mobile: DEMO.mobile, password: DEMO.password });
    assert.ok(!user?.rejected, `the demo candidate logs in: ${JSON.stringify(user)}`);
    // The candidate reports it from the job page (举报).
    await kp.goto(url(`/job/${job.id}`));
    await kp.getByTestId('report').click();
    const dialog = kp.getByRole('dialog', { name: '举报该职位' });
    await dialog.getByTestId('report-send').click();
    await dialog.getByText('请选择举报原因').waitFor(); // no reason chosen: said, nothing sent
    await dialog.getByRole('radio', { name: '诈骗、传销或刷单' }).check();
    await dialog.getByLabel('补充说明（选填）').fill(`e2e ${suffix}`);
    await dialog.getByTestId('report-send').click();
    await kp.locator('.ant-message', { hasText: '举报已提交' }).waitFor();
    // Another of its jobs is reported from the phone's job page (report-sheet.tsx).
    const other = jobs.list.find((j) => j.title !== job.title);
    assert.ok(other, 'the demo company has a second open job');
    const phone = await browser.context({ viewport: NARROW });
    const login = await phone.request.post(url('/ajax/pclogin/login'), { form: { mobile: DEMO.mobile, password: DEMO.password } });
    assert.ok((await login.json()).result, 'the candidate logs in on the phone');
    const mp = await phone.newPage();
    await mp.goto(url(`/m/job/${other.id}`));
    await mp.getByTestId('m-report').click();
    await mp.locator('input[name="report-reason"][value="fee"]').check();
    await mp.locator('textarea').fill(`m ${suffix}`);
    const [sent] = await Promise.all([mp.waitForResponse((r) => r.url().includes('/ajax/pcjob/report')), mp.getByTestId('m-report-send').click()]);
    assert.equal(sent.status(), 200);
    await phone.close();
    await page.goto(url('/admin/reports'));
    const fromPhone = page.locator('.ant-table-row', { hasText: `m ${suffix}` }).first();
    await fromPhone.waitFor();
    await fromPhone.getByText(other.title).waitFor();
    await fromPhone.getByText('收取费用').waitFor();

    const inSearch = async () => ((await ajax(kp, '/job/search', { kw: job.title, pagesize: 50 })).list ?? []).some((j) => String(j.id ?? j.jobId) === String(job.id));
    assert.ok(await inSearch(), 'the job is in search before');

    await page.goto(url('/admin/reports'));
    const row = page.locator('.ant-table-row', { hasText: job.title }).first();
    await row.waitFor();
    await row.getByText('诈骗').waitFor();
    await row.getByRole('button', { name: '下架职位' }).click();
    const reason = `虚假招聘信息 ${suffix}`;
    await confirmReason(page, reason);
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();

    assert.ok(await until(async () => !(await inSearch())), 'the job left search');
    const detail = await ajax(cp, '/comjob/get', { id: job.id });
    assert.equal(detail.takedownReason, reason, 'the company sees the reason');
    await cp.goto(url('/recruit/job/?state=closed'));
    const listed = cp.locator('.ant-table-row', { hasText: job.title }).first();
    await listed.getByTestId('takedown').filter({ hasText: reason }).waitFor();
    await listed.getByText('已下架').first().waitFor();
    assert.match(await auditText(page, 'job.takedown'), new RegExp(suffix));
    await company.close();
    await candidate.close();
  });

  it('holds a job with a black word for review: its company sees it waiting, the reviewer approves it', async () => {
    const word = `虚高薪${suffix}`;
    await page.goto(url('/admin/black-words'));
    await page.getByLabel('敏感词').fill(word);
    await page.getByLabel('敏感词').press('Enter');
    await page.locator('.ant-table-row', { hasText: word }).waitFor();
    // The money words of chat's fraud warning are a category of their own, seeded; the dashboard counts the warnings.
    await page.locator('.ant-segmented-item', { hasText: '收费诈骗' }).click();
    await page.locator('.ant-table-row', { hasText: '押金' }).waitFor();
    assert.equal(await page.locator('.ant-table-row', { hasText: word }).count(), 0);
    await page.screenshot({ path: join(shots, 'admin-black-words-money-zh-CN.png') });
    await page.goto(url('/admin'));
    await page.locator('.ant-statistic', { hasText: '聊天诈骗提醒（近 7 天）' }).waitFor();
    await page.screenshot({ path: join(shots, 'admin-dashboard-zh-CN.png') });

    const company = await browser.context();
    const cp = await company.newPage();
    await home(cp);
    assert.ok(!(await ajax(cp, '/comlogin/login', COMPANY))?.rejected);
    const fields = { category: '前端开发', city: '杭州', salaryMin: '15000', salaryMax: '25000', experience: '3-5年', education: '本科' };
    const description = `负责前端开发，另有${word}兼职，日结，欢迎加入我们的团队。`;
    const held = await ajax(cp, '/comjob/save', { ...fields, title: `待审前端${suffix}`, description });
    assert.equal(held.heldWords, word, JSON.stringify(held));
    // A second one stays in the queue (the page's screenshot shows it).
    await ajax(cp, '/comjob/save', { ...fields, title: `待审后端${suffix}`, description });
    await cp.goto(url('/recruit/job/?state=closed'));
    const listed = cp.locator('.ant-table-row', { hasText: `待审前端${suffix}` }).first();
    await listed.getByTestId('held').filter({ hasText: word }).waitFor();
    await listed.getByText('待审核').first().waitFor();
    const refused = await ajax(cp, '/comjob/reopen', { id: held.id });
    assert.equal(refused?.rejected?.code, 'JOB_HELD');
    for (const lang of ['zh-CN', 'en-US']) {
      for (const [viewport, size] of [[DESKTOP, 'desktop'], [NARROW, 'narrow']]) {
        const c = await browser.context({ lang, viewport });
        const p = await c.newPage();
        await home(p);
        await ajax(p, '/comlogin/login', COMPANY);
        await p.goto(url('/recruit/job/?state=closed'));
        await p.locator('.ant-table-row', { hasText: `待审前端${suffix}` }).getByTestId('held').waitFor();
        await settle(p);
        await p.screenshot({ path: join(shots, `recruit-jobs-held-${lang}-${size}.png`) });
        await expectNoAxeViolations(p, `/recruit/job held ${lang} ${size}`);
        await p.goto(url(`/recruit/job/${held.id}/edit`));
        await p.getByTestId('job-form-held').waitFor();
        await settle(p);
        await p.screenshot({ path: join(shots, `recruit-job-form-held-${lang}-${size}.png`) });
        await expectNoAxeViolations(p, `/recruit/job/edit held ${lang} ${size}`);
        await c.close();
      }
    }

    await page.goto(url('/admin/held-jobs'));
    const row = page.locator('.ant-table-row', { hasText: `待审前端${suffix}` }).first();
    await row.locator('.ant-tag', { hasText: word }).waitFor();
    await row.getByRole('button', { name: '通过发布' }).click();
    await confirmReason(page, `语境正常 ${suffix}`);
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const job = await ajax(cp, '/comjob/get', { id: held.id });
    assert.equal(job.state, 'open', 'approved: published');
    assert.equal(job.heldWords ?? null, null);
    assert.match(await auditText(page, 'job.approve'), new RegExp(suffix));
    await company.close();
  });

  it('disables a company from the queue: its jobs leave search, the audit log has it; enables it again', async () => {
    await page.goto(url('/admin/companies'));
    // Another company than the demo one (whose jobs the other tests use).
    const row = page.locator('.ant-table-row').nth(1);
    await row.waitFor();
    const companyId = (await row.locator('td').nth(0).innerText()).trim();
    const visitor = await browser.context();
    const vp = await visitor.newPage();
    await home(vp);
    const before = await ajax(vp, '/company/detail', { comId: companyId, page: 1, pagesize: 5 });
    await row.getByRole('button', { name: '禁用企业' }).click();
    const reason = `执照伪造 ${suffix}`;
    await confirmReason(page, reason);
    await page.locator('.ant-message', { hasText: '个职位' }).waitFor();
    const disabledRow = page.locator('.ant-table-row', { hasText: companyId });
    await disabledRow.locator('.ant-tag', { hasText: '已禁用' }).waitFor();
    const jobsLeft = async () => (await ajax(vp, '/company/detail', { comId: companyId, page: 1, pagesize: 5 })).jobs.total;
    assert.equal(await until(async () => (await jobsLeft()) === 0, 15_000), true, `its ${before.jobs.total} jobs left search`);
    assert.match(await auditText(page, 'company.disable'), new RegExp(suffix));
    await page.goto(url('/admin/companies'));
    await page.locator('.ant-table-row', { hasText: companyId }).getByRole('button', { name: '启用企业' }).click();
    await page.locator('.ant-table-row', { hasText: companyId }).getByRole('button', { name: '禁用企业' }).waitFor();
    assert.match(await auditText(page, 'company.enable'), new RegExp(companyId));
    await visitor.close();
  });

  it('disables and re-enables the demo candidate', async () => {
    await page.goto(url('/admin/users'));
    const search = page.locator('.admin-toolbar input');
    await search.fill(DEMO.mobile);
    await search.press('Enter');
    const row = page.locator('.ant-table-row', { hasText: DEMO.mobile }).filter({ hasText: '求职者' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '禁用' }).click();
    const reason = `违规发布广告 ${suffix}`;
    await confirmReason(page, reason);
    await row.getByText('已禁用').waitFor();
    await row.getByText(reason).waitFor();
    // "View": the account, its state and reason, and the audit row of the disable.
    await row.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText(reason).first().waitFor();
    await drawer.getByText('account.disable').first().waitFor();
    assert.match(await drawer.innerText(), /简历数/);
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    const other = await browser.context();
    const op = await other.newPage();
    await home(op);
    const refused = await ajax(op, '/pclogin/login', { mobile: DEMO.mobile, password: DEMO.password });
    assert.equal(refused?.rejected?.code, 'ACCOUNT_DISABLED', 'a disabled candidate cannot log in');
    // The log-in page says why, with the administrator's reason.
    await op.goto(url('/login'));
    await submitLogin(op);
    const alert = op.locator('.login-error');
    await alert.waitFor();
    const said = await alert.innerText();
    assert.ok(said.includes('该账号已被管理员禁用') && said.includes(`原因：${reason}`), said);

    await row.getByRole('button', { name: '启用' }).click();
    await row.getByText('正常').waitFor();
    const back = await ajax(op, '/pclogin/login', { mobile: DEMO.mobile, password: DEMO.password });
    assert.ok(!back?.rejected, 'enabled again, the candidate logs in');
    await other.close();

    const disables = await auditText(page, 'account.disable');
    assert.match(disables, new RegExp(suffix), 'the disable and its reason are in the audit log');
    assert.match(await auditText(page, 'account.enable'), /13800000000/);
    assert.match(await auditText(page, 'admin.login'), /admin\.login/);
  });

  it('creates an admin, who enrols the authenticator from the QR code at first log-in', async () => {
    await page.goto(url('/admin/admins'));
    await page.getByRole('button', { name: '新增管理员' }).click();
    const modal = page.locator('.ant-modal').last();
    await modal.locator('#username').fill(`rev${suffix}`);
    await modal.locator('#password').fill('review1234');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row', { hasText: `rev${suffix}` }).waitFor();

    const fresh = await browser.context();
    const rp = await fresh.newPage();
    await rp.goto(url('/admin/login'));
    await rp.locator('#adminlogin_username').fill(`rev${suffix}`);
    await rp.locator('#adminlogin_password').fill('review1234');
    await rp.locator('form#adminlogin button[type="submit"]').click();
    const shown = (await rp.getByTestId('totp-secret').innerText()).trim();
    await rp.locator('img.admin-qr').waitFor();
    await settle(rp);
    await rp.screenshot({ path: join(shots, 'admin-enroll-zh-CN.png') });
    // The same enrolment page in en-US (not enrolled yet: it shows again).
    const english = await browser.context({ lang: 'en-US' });
    const ep = await english.newPage();
    await ep.goto(url('/admin/login'));
    await ep.locator('#adminlogin_username').fill(`rev${suffix}`);
    await ep.locator('#adminlogin_password').fill('review1234');
    await ep.locator('form#adminlogin button[type="submit"]').click();
    assert.equal((await ep.getByTestId('totp-secret').innerText()).trim(), shown);
    await ep.locator('img.admin-qr').waitFor();
    await settle(ep);
    await ep.screenshot({ path: join(shots, 'admin-enroll-en-US.png') });
    await expectNoAxeViolations(ep, '/admin/login enrolment en-US');
    await english.close();
    await rp.locator('#adminlogin_otp').fill(await freshTotp(shown));
    await rp.locator('form#adminlogin button[type="submit"]').click();
    await waitForPath(rp, '/admin');
    // A reviewer sees no users' writes and no admins page.
    await rp.locator('.admin-who', { hasText: '审核员' }).waitFor();
    assert.equal(await rp.locator('.admin-sider a[href="/admin/admins"]').count(), 0, 'no admins menu for a reviewer');
    await rp.goto(url('/admin/admins'));
    await rp.getByText('您的角色无权进行此操作').waitFor();
    await fresh.close();
  });

  it('rejects the demo company with a canned reason, which its members read', async () => {
    const company = await browser.context();
    const cp = await company.newPage();
    await home(cp);
    assert.ok(!(await ajax(cp, '/comlogin/login', COMPANY))?.rejected);
    const mine = await ajax(cp, '/comcompany/get');
    await page.goto(url('/admin/companies'));
    await page.locator('.ant-table-row').first().waitFor();
    let row = page.locator('.ant-table-row', { hasText: mine.name }).first();
    if (!(await row.count())) {
      // Verified by the first test: rejected from the verified tab.
      await page.getByRole('tab', { name: '已认证' }).click();
      row = page.locator('.ant-table-row', { hasText: mine.name }).first();
    }
    await row.getByRole('button', { name: '驳回' }).click();
    const canned = '营业执照不清晰或无效';
    await confirmReason(page, `e2e ${suffix}`, canned);
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    const after = await ajax(cp, '/comcompany/get');
    assert.deepEqual(after.review, { status: 'rejected', reason: canned });
    await cp.goto(url('/recruit/company'));
    await cp.getByTestId('company-rejected').filter({ hasText: canned }).waitFor();
    assert.match(await auditText(page, 'company.review'), new RegExp(canned));
    await company.close();
  });

  it("never sends the console's code to a candidate", async () => {
    /** The scripts and styles `paths` load in `ctx`, with their text. */
    const loaded = async (ctx, paths) => {
      const p = await ctx.newPage();
      const bodies = [];
      p.on('response', (r) => {
        if (/\.(m?js|css)$/.test(new URL(r.url()).pathname)) bodies.push(r.text().then((text) => ({ url: r.url(), text }), () => ({ url: r.url(), text: '' })));
      });
      for (const path of paths) {
        await p.goto(url(path));
        await settle(p);
      }
      const all = await Promise.all(bodies);
      await p.close();
      return all;
    };
    // The console's calls module names this call; no other code does.
    const isConsole = (b) => b.text.includes('admins/create');
    const candidate = await browser.context();
    const login = await candidate.request.post(url('/ajax/pclogin/login'), { form: { mobile: DEMO.mobile, password: DEMO.password } });
    assert.ok((await login.json()).result, 'the candidate logs in');
    const found = await (await candidate.request.post(url('/ajax/job/search'), { form: { kw: '', pagesize: '1' } })).json();
    const jobId = found.result.list[0].id;
    const seen = await loaded(candidate, ['/', `/job/${jobId}`, '/my/tags', '/search', '/m', `/m/job/${jobId}`]);
    assert.ok(seen.length > 0, 'the pages loaded scripts');
    assert.deepEqual(seen.filter(isConsole).map((b) => b.url), [], 'no console code on a candidate page');
    await candidate.close();
    const visitor = await browser.context();
    assert.ok((await loaded(visitor, ['/admin/login'])).some(isConsole), 'the console page loads it (the check can fail)');
    await visitor.close();
  });

  it('logged no unexpected errors', () => {
    assert.deepEqual(errors.filter((e) => !/LOGIN_FAILED|status of (400|401|403)/.test(e)), []);
  });
});
