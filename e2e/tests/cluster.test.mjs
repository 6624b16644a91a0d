// The site as a cluster (scripts/cluster): nginx round-robin in front of two servers on one
// PostgreSQL, uploads on the fake S3. BASE_URL is nginx; E2E_CLUSTER_NODES the two servers' own
// addresses, so each step can say which server does what. Run by run.mjs only with E2E_CLUSTER_URL
// (scripts/test starts the cluster for it).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, DEMO, openBrowser, submitLogin, url } from '../lib.mjs';

const NODES = (process.env.E2E_CLUSTER_NODES ?? '').split(',').filter(Boolean);
const SYNC_SECS = Number(process.env.SEARCH_SYNC_SECS ?? 2);
const SECOND = { mobile: '13900000001', password: 'demo1234' };
const COMPANY = { mobile: '13700000000', password: 'demo1234' };

/** POSTs a form to `base`/ajax`path` with the context's cookies, as a page of `base` would. */
async function call(ctx, base, path, form = {}) {
  const res = await ctx.request.post(`${base}/ajax${path}`, { form, headers: { origin: base } });
  return { status: res.status(), body: await res.json(), upstream: res.headers()['x-upstream'] };
}

describe('the cluster: nginx in front of two servers', () => {
  let browser;
  const [A, B] = NODES;
  before(async () => {
    assert.equal(NODES.length, 2, 'E2E_CLUSTER_NODES names the two servers');
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('spreads requests over both servers', async () => {
    const ctx = await browser.context();
    const seen = new Set();
    for (let i = 0; i < 6; i++) seen.add((await call(ctx, BASE_URL, '/pclogin/islogin')).upstream);
    assert.deepEqual([...seen].sort(), NODES.map((n) => n.replace('http://', '')).sort());
    await ctx.close();
  });

  it('logs in on one server and acts on the other; a log-out on the other ends the session on both', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    // Cookies are per host, not per port: the session cookie set by A goes to B too.
    await page.goto(`${A}/login`);
    await submitLogin(page);
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    await page.goto(`${B}/my/tags`);
    assert.equal(await page.locator('.site-header .user-name').innerText(), DEMO.name);
    const tag = `集群${Date.now() % 100000}`;
    const added = await call(ctx, B, '/tag/addTags', { tags: JSON.stringify(['Java', tag]) });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const tags = await call(ctx, A, '/tag/getUserTags');
    assert.ok(JSON.stringify(tags.body.result).includes(tag), 'the tag saved on B is read on A');
    // Through nginx, every call lands on either server and each knows the session.
    const upstreams = new Set();
    for (let i = 0; i < 4; i++) {
      const r = await call(ctx, BASE_URL, '/pclogin/islogin');
      assert.equal(r.body.result?.mobile, DEMO.mobile, JSON.stringify(r.body));
      upstreams.add(r.upstream);
    }
    assert.equal(upstreams.size, 2);
    // Log out on B, then offer A the very same token again: the session is over in the database,
    // and A's islogin cache hears of it within 250 ms.
    const kept = await ctx.cookies(A);
    assert.equal((await call(ctx, B, '/pclogin/logout')).status, 200);
    await ctx.addCookies(kept);
    await new Promise((ok) => setTimeout(ok, 600));
    const after = await call(ctx, A, '/pclogin/islogin');
    assert.equal(after.body.result, null, 'the revoked token is refused on A');
    await page.goto(`${A}/my/tags`);
    await page.waitForURL((u) => new URL(u).pathname === '/login');
    await ctx.close();
  });

  it('shows a photo uploaded through one server from the other, and through nginx', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(`${A}/login`);
    await submitLogin(page);
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    const resume = (await call(ctx, A, '/resume/get')).body.result;
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 320 } });
    const res = await ctx.request.post(`${A}/ajax/resume/upload`, {
      headers: { origin: A },
      multipart: { resumeId: String(resume.id), kind: 'photo', file: { name: 'cluster.png', mimeType: 'image/png', buffer: png } },
    });
    assert.equal(res.status(), 200, await res.text());
    const photo = (await res.json()).result.photo;
    const fromB = await ctx.request.get(`${B}${photo.url}`);
    assert.equal(fromB.status(), 200);
    assert.equal(fromB.headers()['content-type'], 'image/jpeg');
    assert.equal(fromB.headers()['cache-control'], 'private, no-cache');
    assert.equal(fromB.headers()['content-length'], String((await fromB.body()).length), 'a stored file is sent with its length, never chunked');
    // In the browser, through nginx: the resume page shows it, whichever server answers.
    await page.goto(url('/my/edit'));
    const img = page.locator(`.photo-block img[src*="/ajax/resume/file/${photo.id}"]`).first();
    await img.waitFor();
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
    for (let i = 0; i < 4; i++) assert.equal((await ctx.request.get(url(photo.thumbUrl))).status(), 200);
    await ctx.close();
  });

  it('finds a job posted through one server through the other within SEARCH_SYNC_SECS', async () => {
    const ctx = await browser.context();
    assert.equal((await call(ctx, A, '/comlogin/login', COMPANY)).status, 200);
    const title = `集群测试职位${Date.now() % 1000000}`;
    const saved = await call(ctx, A, '/comjob/save', {
      title,
      category: '前端开发',
      city: '杭州',
      salaryMin: '15000',
      salaryMax: '25000',
      experience: '3-5年',
      education: '本科',
      description: '负责招聘网站前端的开发与维护，和设计、后端一起交付。',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const started = Date.now();
    let found = false;
    while (!found && Date.now() - started < (SYNC_SECS + 3) * 1000) {
      const r = await call(ctx, B, '/job/search', { kw: title });
      found = (r.body.result?.list ?? []).some((j) => String(j.id) === String(saved.body.result.id));
      if (!found) await new Promise((ok) => setTimeout(ok, 200));
    }
    assert.ok(found, `found through B within ${SYNC_SECS} s and a margin`);
    // And in the browser through nginx.
    const page = await ctx.newPage();
    await page.goto(url(`/search?q=${encodeURIComponent(title)}`));
    await page.getByText(title).first().waitFor();
    await ctx.close();
  });

  it('holds a log-in lockout made through one server on the other', async () => {
    const ctx = await browser.context();
    for (let i = 0; i < 5; i++) {
      const r = await call(ctx, A, '/pclogin/login', { mobile: SECOND.mobile, password: 'wrong-password' });
      assert.equal(r.body.error?.code, 'LOGIN_FAILED');
    }
    const r = await call(ctx, B, '/pclogin/login', SECOND);
    assert.equal(r.body.error?.code, 'RATE_LIMITED', 'the right password is refused on B while locked');
    const viaNginx = await call(ctx, BASE_URL, '/pclogin/login', SECOND);
    assert.equal(viaNginx.body.error?.code, 'RATE_LIMITED');
    await ctx.close();
  });
});
