import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginAsDemo, openBrowser, pathOf, url, waitForTitle } from '../lib.mjs';

describe('header and titles', () => {
  let browser;
  let ctx;
  let page;
  before(async () => {
    browser = await openBrowser();
    ctx = await browser.context();
    page = await ctx.newPage();
    await loginAsDemo(page);
  });
  after(async () => {
    await browser?.close();
  });

  it('lists the dropdown entries in order, each a link to its page, a divider before log out', async () => {
    await page.goto(url('/my/tags'));
    await page.locator('.site-header .user-trigger').hover();
    const menu = page.locator('.user-dropdown .ant-dropdown-menu');
    await menu.waitFor({ state: 'visible' });
    const entries = await menu.locator('[data-menu]').evaluateAll((els) =>
      els.map((e) => ({ value: e.dataset.menu, text: e.textContent, href: e.getAttribute('href') })),
    );
    assert.deepEqual(entries, [
      { value: 'tags', text: '我的标签', href: '/my/tags' },
      { value: 'chat', text: '消息', href: '/my/chat' },
      { value: 'apply', text: '投递记录', href: '/my/apply' },
      { value: 'collect', text: '我的收藏', href: '/my/collect' },
      { value: 'shield', text: '屏蔽企业', href: '/my/shield' },
      { value: 'order', text: '我的订单', href: '/my/order' },
      { value: 'account', text: '账号设置', href: '/my/account' },
      { value: 'logout', text: '退出登录', href: null },
    ]);
    const kinds = await menu.locator(':scope > li').evaluateAll((lis) =>
      lis.map((li) => (li.classList.contains('ant-dropdown-menu-item-divider') ? 'divider' : 'item')),
    );
    assert.deepEqual(kinds, ['item', 'item', 'item', 'item', 'item', 'item', 'item', 'divider', 'item']);
    const style = await menu.evaluate((m) => ({ maxHeight: getComputedStyle(m).maxHeight }));
    assert.equal(style.maxHeight, '300px');
    const minWidth = await menu.locator('li.ant-dropdown-menu-item').first().evaluate((li) => getComputedStyle(li).minWidth);
    assert.equal(minWidth, '80px');
  });

  it('goes to the chosen page from the dropdown', async () => {
    await page.goto(url('/my/tags'));
    await page.locator('.site-header .user-trigger').hover();
    await page.locator('.user-dropdown [data-menu="order"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/order');
    await waitForTitle(page, '我的订单 - 职达招聘');
  });

  const titles = [
    ['/my/edit', '我的简历 - 职达招聘'],
    ['/my/preview', '简历预览 - 职达招聘'],
    ['/my/account', '账号设置 - 职达招聘'],
    ['/my/tags', '我的标签 - 职达招聘'],
    ['/my/apply', '投递记录 - 职达招聘'],
    ['/my/collect', '我的收藏 - 职达招聘'],
    ['/my/order', '我的订单 - 职达招聘'],
    ['/my/shield', '屏蔽企业 - 职达招聘'],
    ['/', '首页 - 职达招聘'],
    ['/search', '职位搜索 - 职达招聘'],
    ['/no/such/page', '页面不存在 - 职达招聘'],
  ];
  for (const [path, title] of titles) {
    it(`titles ${path} "${title}"`, async () => {
      await page.goto(url(path));
      await waitForTitle(page, title);
      assert.equal(pathOf(page), path);
    });
  }

  it('changes the title on in-app navigation and scrolls to the top', async () => {
    await page.goto(url('/my/edit'));
    // The page's load event can come before the app has drawn the editor (and set its own scroll).
    await page.locator('.resume-section[data-section="attachment"]').waitFor();
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 800);
    });
    assert.ok((await page.evaluate(() => window.scrollY)) > 0);
    await page.locator('.resume-actions a[href="/my/preview"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/preview');
    await waitForTitle(page, '简历预览 - 职达招聘');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });

  it('names the brand by host: the main brand on a main host, the second set on any other', async () => {
    await page.goto(url('/'));
    await page.locator('.site-header .brand-name', { hasText: '职达招聘' }).waitFor();
    assert.equal(await page.locator('.site-header .brand-sub').innerText(), '全职招聘');
    assert.equal(await page.locator('.simple-footer').innerText(), '职达招聘');

    // The e2e server counts only 127.0.0.1 as a main host (run.mjs): localhost is another host.
    const other = new URL('/', url('/'));
    other.hostname = 'localhost';
    const elsewhere = await ctx.newPage();
    await elsewhere.goto(other.toString());
    await elsewhere.locator('.site-header .brand-name', { hasText: '职达人才网' }).waitFor();
    await waitForTitle(elsewhere, '首页 - 职达人才网');
    assert.equal(await elsewhere.locator('.simple-footer').innerText(), '职达人才网');
    await elsewhere.close();
  });

  it('shows the masked mobile on the account page', async () => {
    await page.goto(url('/my/account'));
    const body = page.locator('.page-card');
    await body.waitFor();
    const text = await body.innerText();
    assert.match(text, /138\*\*\*\*0000/);
    assert.doesNotMatch(text, /13800000000/);
  });

  it('searches from the home page: the query goes into the URL and is shown', async () => {
    await page.goto(url('/'));
    await page.locator('.hero .job-search input').fill('前端开发');
    await page.locator('.hero .job-search input').press('Enter');
    await page.waitForURL((u) => new URL(u).pathname === '/search');
    assert.equal(new URL(page.url()).searchParams.get('q'), '前端开发');
    await page.waitForFunction(() => /共找到/.test(document.querySelector('[data-testid="results-total"]')?.textContent ?? ''));
    assert.match(await page.locator('[data-testid="results-total"]').innerText(), /^“前端开发”共找到 [1-9]\d* 个职位$/);
  });

  it('shows the zgzx header with its tabs; personal centre is active on /zgzx/my/apply', async () => {
    await page.goto(url('/zgzx/'));
    await page.locator('.zgzx-header').waitFor();
    const links = await page.locator('.zgzx-header .main-nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of ['/zgzx/', '/search/', '/my/apply/', '/my/collect/']) assert.ok(links.includes(href), `${href} in ${links}`);
    assert.equal(await page.locator('.zgzx-tab.active').innerText(), '简历');

    await page.goto(url('/zgzx/my/apply'));
    await page.locator('.zgzx-tab.active').waitFor();
    assert.match(await page.locator('.zgzx-tab.active').innerText(), /个人中心/);
    await waitForTitle(page, '投递记录 - 职达招聘');

    await page.locator('.zgzx-tab', { hasText: '招聘' }).click();
    // The tab turns active once the click is handled: wait for it (a busy machine lags) before reading.
    await page.waitForFunction(() => /^招聘/.test(document.querySelector('.zgzx-tab.active')?.textContent ?? ''), null, { timeout: 10_000 }).catch(() => {});
    assert.match(await page.locator('.zgzx-tab.active').innerText(), /^招聘/);
  });

  it('a click pressed while the tab\'s menu is still on its way is not lost when the menu arrives', async () => {
    const p = await ctx.newPage();
    // The menu's code (antd's Dropdown, fetched on the first hover) is held until the press has begun.
    let letThrough;
    const held = new Promise((resolve) => (letThrough = resolve));
    await p.route(/\/assets\/dropdown-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(url('/zgzx/'));
    const tab = p.locator('.zgzx-tab', { hasText: '招聘' });
    await tab.waitFor();
    assert.doesNotMatch(await p.locator('.zgzx-tab.active').innerText(), /^招聘/);
    const box = await tab.boundingBox();
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.mouse.down();
    letThrough();
    // The code has come (and is run at once) while the button is still down.
    await p.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/dropdown-[^/]*\.js$/.test(e.name) && e.responseEnd > 0));
    await p.waitForTimeout(300);
    await p.mouse.up();
    await p.waitForFunction(() => /^招聘/.test(document.querySelector('.zgzx-tab.active')?.textContent ?? ''), null, { timeout: 5_000 }).catch(() => {});
    assert.match(await p.locator('.zgzx-tab.active').innerText(), /^招聘/, 'the click counted');
    // And the menu is there once the press is over.
    await p.locator('.ant-dropdown-menu-item', { hasText: '职位管理' }).waitFor({ state: 'visible' });
    await p.close();
  });

  it('zgzx positions tab: a candidate (no company login) is sent to the central login bridge in a new tab', async () => {
    await page.goto(url('/zgzx/'));
    await page.locator('.zgzx-subbar').waitFor(); // the app has read the site config by now
    const { recruiterUrl } = await page.evaluate(() => window.__jobseekerCore.request('/site/config', {}));
    // The recruiter site: another host, or (the default) /recruit/ on this one.
    const recruiter = new URL(recruiterUrl, page.url());
    if (recruiter.origin !== new URL(page.url()).origin) {
      // Not reachable from here: answer for it.
      await ctx.route((u) => u.origin === recruiter.origin, (r) =>
        r.fulfill({ status: 200, contentType: 'text/html', body: '<title>recruiter</title>' }),
      );
    }
    await page.locator('.zgzx-tab', { hasText: '招聘' }).hover();
    const item = page.locator('.ant-dropdown-menu-item', { hasText: '职位管理' });
    await item.waitFor({ state: 'visible' });
    const [popup] = await Promise.all([ctx.waitForEvent('page'), item.click()]);
    // The first address the new tab is sent to (the page there may move on by itself).
    const sent = await new Promise((done) => {
      const seen = (u) => new URL(u).pathname.endsWith('/login/bridge') && done(u);
      if (!seen(popup.url())) popup.on('framenavigated', (f) => f === popup.mainFrame() && seen(f.url()));
    });
    const target = new URL(sent);
    assert.equal(target.origin, recruiter.origin);
    assert.equal(target.searchParams.get('logoutcode'), '1');
    assert.equal(target.searchParams.get('returnurl'), `${recruiterUrl.replace(/\/+$/, '')}/job/`);
    assert.equal(pathOf(page), '/zgzx/');
    await popup.close();
  });
});
