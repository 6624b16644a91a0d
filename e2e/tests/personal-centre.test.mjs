// The five personal-centre pages against the real server and its demo data:
// tags, application records, saved jobs, company blocking and orders, and their keep-alive.
// One ordered describe on one logged-in page: later steps build on what earlier ones did,
// and each step first puts in place what it relies on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ajax,
  beijingTime,
  confirmPopup,
  dismissPopup,
  loginAsDemo,
  openBrowser,
  url,
  waitForPath,
  waitForTitle,
  toast,
} from '../lib.mjs';

const SEED_TAGS = ['Java', '后端', '微服务'];
const TENCENT_SZ = '深圳市腾讯计算机系统有限公司';
const TENCENT_BJ = '腾讯云计算（北京）有限责任公司';
// antd spaces out a two-character Chinese label: 屏 蔽.
const BLOCK = /^屏\s?蔽$/;

describe('personal centre pages', () => {
  let browser;
  let page;
  const pageErrors = [];

  before(async () => {
    browser = await openBrowser();
    const ctx = await browser.context();
    page = await ctx.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await loginAsDemo(page);
  });
  after(async () => {
    await browser?.close();
  });

  const pane = (name) => page.locator(`[data-keep-alive="${name}"]`);
  const menu = (name) => page.locator(`.side-menu [data-menu="${name}"]`);
  async function open(name, title) {
    await page.goto(url(`/my/${name}`));
    await waitForTitle(page, `${title} - 职达招聘`);
  }
  async function switchTo(name, title) {
    await menu(name).click();
    await waitForPath(page, `/my/${name}`);
    await waitForTitle(page, `${title} - 职达招聘`);
  }

  describe('/my/tags', () => {
    const tagTexts = () => pane('tags').locator('[data-testid="my-tags"] .ui-tag').allInnerTexts();
    const draft = () => pane('tags').locator('input[name="tagDraft"]');
    const draftMessage = () => pane('tags').locator('#tags-draft-message');

    before(async () => {
      const saved = await ajax(page, '/tag/addTags', { tags: JSON.stringify(SEED_TAGS) });
      assert.deepEqual(saved, SEED_TAGS);
      await open('tags', '我的标签');
      await pane('tags').locator('[data-testid="my-tags"]').waitFor();
    });

    it('shows the saved tags and the characters used', async () => {
      assert.deepEqual(await tagTexts(), SEED_TAGS);
      assert.equal(await pane('tags').locator('[data-testid="tags-used"]').innerText(), '已用 9/200 字');
    });

    it('adds a tag with Enter, removes one, adds a recommended one and saves the whole list', async () => {
      await draft().fill('前端开发');
      await draft().press('Enter');
      assert.equal(await draft().inputValue(), '');
      assert.deepEqual(await tagTexts(), [...SEED_TAGS, '前端开发']);
      assert.equal(await pane('tags').locator('[data-testid="tags-used"]').innerText(), '已用 13/200 字');
      assert.equal(await pane('tags').locator('.tags-dirty').innerText(), '有未保存的修改');

      await pane('tags').locator('[data-testid="my-tags"] .ui-tag', { hasText: '后端' }).locator('.ui-tag-close-icon').click();
      assert.deepEqual(await tagTexts(), ['Java', '微服务', '前端开发']);

      const suggestion = pane('tags').locator('[data-testid="recommended-tags"] .tags-suggestion').first();
      await suggestion.waitFor();
      const recommended = (await suggestion.innerText()).trim();
      assert.ok(recommended && !['Java', '微服务', '前端开发'].includes(recommended), recommended);
      await suggestion.click();
      const expected = ['Java', '微服务', '前端开发', recommended];
      assert.deepEqual(await tagTexts(), expected);

      await pane('tags').locator('[data-testid="tags-save"]').click();
      await toast(page, '标签已保存');
      assert.deepEqual(await ajax(page, '/tag/getUserTags'), expected);
      assert.equal(await pane('tags').locator('.tags-dirty').count(), 0);

      await page.reload();
      await pane('tags').locator('[data-testid="my-tags"]').waitFor();
      assert.deepEqual(await tagTexts(), expected);
    });

    it('refuses a tag with a black word, with a message, before Enter and after', async () => {
      const before = await tagTexts();
      await draft().fill('网络刷单兼职');
      assert.equal(await draftMessage().innerText(), '标签“网络刷单兼职”含有违禁词，请修改');
      assert.equal(await draftMessage().getAttribute('role'), 'alert');
      await draft().press('Enter');
      assert.equal(await draft().inputValue(), '网络刷单兼职');
      assert.deepEqual(await tagTexts(), before);
      await draft().fill('');
    });

    it('refuses a tag of 31 characters and takes one of 30', async () => {
      const before = await tagTexts();
      const t31 = '分'.repeat(31);
      await draft().fill(t31);
      assert.equal(await draft().inputValue(), t31, 'the box lets the 31st character in, so it can say why');
      assert.equal(await draftMessage().innerText(), `标签“${t31}”超过了 30 个字`);
      await draft().press('Enter');
      assert.deepEqual(await tagTexts(), before);

      const t30 = '分'.repeat(30);
      await draft().fill(t30);
      assert.notEqual(await draftMessage().getAttribute('role'), 'alert');
      await draft().press('Enter');
      assert.deepEqual(await tagTexts(), [...before, t30]);
      // Leave without saving: the next step starts from the saved list.
      await pane('tags').getByRole('button', { name: '撤销修改' }).click();
      assert.deepEqual(await tagTexts(), before);
    });

    it('keeps the edits on screen when the server refuses the save, and says why', async () => {
      const saved = await tagTexts();
      await draft().fill('新标签');
      await draft().press('Enter');
      await page.route('**/ajax/tag/addTags', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'BAD_INPUT', message: 'tags.blackWord: 新标签' } }),
        }),
      );
      try {
        await pane('tags').locator('[data-testid="tags-save"]').click();
        const problem = pane('tags').locator('[data-testid="tags-save-problem"]');
        await problem.waitFor();
        assert.equal(await problem.innerText(), '标签“新标签”含有违禁词，请修改');
      } finally {
        await page.unroute('**/ajax/tag/addTags');
      }
      assert.deepEqual(await tagTexts(), [...saved, '新标签']);
      assert.deepEqual(await ajax(page, '/tag/getUserTags'), saved);
    });
  });

  describe('/my/apply', () => {
    const rows = () => pane('apply').locator('.apply-row');

    before(async () => {
      await open('apply', '投递记录');
      await pane('apply').locator('[data-testid="apply-list"]').waitFor();
    });

    it('lists the applications with every status as a coloured tag', async () => {
      assert.equal(await rows().count(), 5);
      const statuses = await rows().evaluateAll((lis) => lis.map((li) => li.dataset.status));
      // Newest first; the newest, to the demo company, reached the interview its demo chat invites to (cli/seed.rs).
      assert.deepEqual(statuses, ['4', '2', '3', '1', '5']);
      const tags = await pane('apply').locator('.apply-status').allInnerTexts();
      assert.deepEqual(tags, ['邀请面试', '被查看', '有意向', '已投递', '不合适']);
      const colours = await pane('apply').locator('.apply-status').evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
      assert.equal(new Set(colours).size, 5, `five different colours: ${colours.join(' ')}`);
    });

    it('shows title, company, city, salary, time and resume of each', async () => {
      const list = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 10 });
      const first = rows().first();
      assert.equal(await first.locator('.apply-title').innerText(), '前端开发工程师');
      assert.equal(await first.locator('.apply-company').innerText(), TENCENT_SZ);
      assert.equal(await first.locator('.apply-salary').innerText(), '2万-3.5万/月');
      assert.match(await first.locator('.apply-meta').innerText(), /深圳/);
      assert.equal(await first.locator('.apply-time').innerText(), `投递时间：${beijingTime(list.list[0].appliedAt)}`);
      assert.equal(await first.locator('.apply-resume').innerText(), '投递简历：张伟的简历');
      assert.equal(await pane('apply').locator('.apply-summary').innerText(), '共 5 条投递记录');
    });

    it('shows the stale-resume tip with a link to /my/edit, and dismisses it for good', async () => {
      const tip = pane('apply').locator('[data-testid="update-tip"]');
      await tip.waitFor();
      assert.match(await tip.innerText(), /您的简历已超过30天未更新/);
      assert.equal(await tip.locator('a', { hasText: '去更新简历' }).getAttribute('href'), '/my/edit');

      const dismissed = page.waitForResponse((r) => r.url().endsWith('/ajax/pcjob/setNoUpdateTimeTip'));
      await tip.getByRole('button', { name: '不再提醒' }).click();
      assert.equal((await dismissed).status(), 200);
      await tip.waitFor({ state: 'detached' });
      const answer = await ajax(page, '/pcuser/applyList', { page: 1, pagesize: 10 });
      assert.equal(answer.updateTip, false);

      await page.reload();
      await pane('apply').locator('[data-testid="apply-list"]').waitFor();
      assert.equal(await pane('apply').locator('[data-testid="update-tip"]').count(), 0);
    });
  });

  describe('/my/collect', () => {
    const rows = () => pane('collect').locator('.collect-row');
    const row = (title) => pane('collect').locator('.collect-row', { hasText: title });

    before(async () => {
      await open('collect', '我的收藏');
      await pane('collect').locator('[data-testid="collect-list"]').waitFor();
    });

    it('lists the saved jobs; the closed one is marked and has no apply button', async () => {
      assert.equal(await rows().count(), 4);
      const closed = pane('collect').locator('.collect-row.closed');
      assert.equal(await closed.count(), 1);
      assert.match(await closed.locator('.collect-title').innerText(), /已招满/);
      assert.equal(await closed.locator('[data-testid="closed-badge"]').innerText(), '已关闭');
      assert.equal(await closed.getByRole('button', { name: '投递简历' }).count(), 0);
      assert.equal(await pane('collect').locator('.collect-row:not(.closed)').getByRole('button', { name: '投递简历' }).count(), 3);
      const first = rows().first();
      assert.equal(await first.locator('.collect-title').innerText(), '产品经理（抖音电商）');
      assert.equal(await first.locator('.collect-meta').innerText().then((s) => s.replace(/\s+/g, ' ')), '2.5万-4万/月 北京 3-5年 本科');
    });

    it('applies for an open job: the row says 已投递 and the application shows on /my/apply', async () => {
      const target = row('产品经理（抖音电商）');
      await target.getByRole('button', { name: '投递简历' }).click();
      await toast(page, '投递成功');
      await target.locator('[data-testid="applied-badge"]').waitFor();
      assert.equal(await target.getByRole('button', { name: '投递简历' }).count(), 0);

      await switchTo('apply', '投递记录');
      await pane('apply').locator('.apply-row', { hasText: '产品经理（抖音电商）' }).waitFor();
      assert.equal(await pane('apply').locator('.apply-row').count(), 6);
      await switchTo('collect', '我的收藏');
    });

    it('says so when the job was already applied for (ALREADY_APPLIED)', async () => {
      const target = row('算法工程师（推荐）');
      const jobId = await target.getAttribute('data-job');
      const user = await ajax(page, '/pclogin/islogin');
      // Applied elsewhere meanwhile: the page still offers the button.
      const applied = await ajax(page, '/pcjob/apply', { jobid: jobId, resumeId: String(user.resumeId) });
      assert.ok(applied.id, JSON.stringify(applied));
      await target.getByRole('button', { name: '投递简历' }).click();
      await toast(page, '您已经投递过该职位了');
      await target.locator('[data-testid="applied-badge"]').waitFor();
    });

    it('unsaves one job after asking', async () => {
      const target = row('嵌入式软件工程师');
      await target.getByRole('button', { name: '取消收藏' }).click();
      await dismissPopup(page);
      assert.equal(await rows().count(), 4, 'declining keeps the job');

      await target.getByRole('button', { name: '取消收藏' }).click();
      await confirmPopup(page);
      await toast(page, '已取消收藏');
      await target.waitFor({ state: 'detached' });
      assert.equal(await rows().count(), 3);
      const answer = await ajax(page, '/pcuser/saveList', { page: 1, pagesize: 10 });
      assert.equal(answer.total, 3);
      assert.ok(!answer.list.some((j) => j.title === '嵌入式软件工程师'));
    });

    it('clears all saved jobs after asking', async () => {
      const clear = pane('collect').locator('[data-testid="collect-clear"]');
      await clear.click();
      await dismissPopup(page);
      assert.equal(await rows().count(), 3, 'declining keeps them all');

      await clear.click();
      await confirmPopup(page);
      await toast(page, '已清空 3 个收藏的职位');
      await pane('collect').locator('.collect-empty').waitFor();
      assert.match(await pane('collect').locator('.collect-empty').innerText(), /还没有收藏的职位/);
      assert.equal(await clear.count(), 0, 'nothing left to clear');
      assert.equal((await ajax(page, '/pcuser/saveList', { page: 1, pagesize: 10 })).total, 0);
    });
  });

  describe('/my/shield', () => {
    const search = () => pane('shield').locator('input[name="comname"]');
    const result = (name) => pane('shield').locator('.shield-result', { hasText: name });
    const blocked = (name) => pane('shield').locator('.shield-row', { hasText: name });

    before(async () => {
      for (const b of await ajax(page, '/pcuser/shieldList')) {
        await ajax(page, '/pcuser/unshield', { comId: String(b.comId), resumeId: String(b.resumeId) });
      }
      await open('shield', '屏蔽企业');
      await pane('shield').locator('.shield-empty').waitFor();
    });

    it('explains that a block covers the company group', async () => {
      assert.match(await pane('shield').locator('.shield-explain').innerText(), /同属一个集团的企业也会一并屏蔽/);
    });

    it('finds 深圳市腾讯计算机系统有限公司 by typing 腾讯, blocks it, and unblocks it', async () => {
      await search().fill('腾讯');
      await search().press('Enter');
      await result(TENCENT_SZ).waitFor();
      await result(TENCENT_BJ).waitFor();
      await result(TENCENT_SZ).getByRole('button', { name: BLOCK }).click();
      await toast(page, `已屏蔽“${TENCENT_SZ}”`);

      await blocked(TENCENT_SZ).waitFor();
      assert.match(await blocked(TENCENT_SZ).innerText(), /屏蔽简历：张伟的简历/);
      await result(TENCENT_SZ).locator('[data-testid="shielded"]').waitFor();
      assert.equal(await result(TENCENT_SZ).locator('[data-testid="shielded"]').innerText(), '已屏蔽');
      assert.equal(await result(TENCENT_BJ).locator('.shield-group').innerText(), '已随“腾讯”集团一并屏蔽');
      const list = await ajax(page, '/pcuser/shieldList');
      assert.deepEqual(list.map((b) => b.comname), [TENCENT_SZ]);

      await blocked(TENCENT_SZ).getByRole('button', { name: '取消屏蔽' }).click();
      await toast(page, `已取消屏蔽“${TENCENT_SZ}”`);
      await blocked(TENCENT_SZ).waitFor({ state: 'detached' });
      await pane('shield').locator('.shield-empty').waitFor();
      await result(TENCENT_SZ).getByRole('button', { name: BLOCK }).waitFor();
      assert.equal(await result(TENCENT_BJ).locator('.shield-group').count(), 0);
      assert.deepEqual(await ajax(page, '/pcuser/shieldList'), []);
    });

    it('says so when nothing matches', async () => {
      await search().fill('不存在的公司名');
      await search().press('Enter');
      const note = pane('shield').locator('.shield-results-note', { hasText: '没有找到' });
      await note.waitFor();
      assert.equal(await note.innerText(), '没有找到名称包含“不存在的公司名”的企业');
    });
  });

  describe('/my/order', () => {
    const orderRow = (no) => pane('order').locator(`.order-row[data-order="${no}"]`);

    it('shows the catalogue with prices in yuan', async () => {
      await open('order', '我的订单');
      const cards = pane('order').locator('.order-service');
      await cards.first().waitFor();
      assert.deepEqual(await pane('order').locator('.order-service-name').allInnerTexts(), ['简历置顶 7 天', '简历每日刷新 30 天', '简历亮点标识 30 天']);
      assert.deepEqual(await pane('order').locator('.order-price').allInnerTexts(), ['¥19.90', '¥9.90', '¥29.90']);
      assert.equal(await cards.first().locator('.order-days').innerText(), '有效期 7 天');
    });

    it('buys a service, pays on the dev page and sees it paid with an effective-until date', async () => {
      const card = pane('order').locator('.order-service[data-service="resume_top_7d"]');
      await card.getByRole('button', { name: '立即购买' }).click();
      await page.waitForURL((u) => new URL(u).pathname.startsWith('/dev/pay/'));
      const orderNo = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
      const pay = page.getByRole('button', { name: '确认支付 ¥19.90' });
      await pay.waitFor();
      await pay.click();

      await waitForPath(page, '/my/order');
      const notice = pane('order').locator('[data-testid="paid-notice"]');
      await notice.waitFor();
      assert.match(await notice.innerText(), /支付成功/);
      await page.waitForURL((u) => !new URL(u).searchParams.has('paid'));

      const row = orderRow(orderNo);
      await row.locator('.order-status', { hasText: '已支付' }).waitFor();
      const answer = await ajax(page, '/order/orderList', { current: 1, pagesize: 10 });
      const order = answer.list.find((o) => o.orderNo === orderNo);
      assert.equal(order.status, 2);
      // Nothing of this service ran before: it runs 7 days from the payment.
      assert.equal(order.effectiveUntil - order.paidAt, 7 * 86_400_000);
      assert.equal(await row.locator('.order-effective').innerText(), `有效期至 ${beijingTime(order.effectiveUntil)}`);
      assert.equal(await row.locator('.order-row-amount').innerText(), '¥19.90');
      assert.equal(await row.locator('.order-no').innerText(), `订单号：${orderNo}`);
      assert.equal(await row.getByRole('link', { name: '去支付' }).count(), 0);

      // Once: a reload does not say it again.
      await page.reload();
      await orderRow(orderNo).waitFor();
      assert.equal(await pane('order').locator('[data-testid="paid-notice"]').count(), 0);
    });

    it('offers a pending order for payment, and cancels it after asking', async () => {
      const created = await ajax(page, '/order/create', { serviceCode: 'resume_refresh_30d' });
      assert.ok(created.orderNo, JSON.stringify(created));
      await open('order', '我的订单');
      const row = orderRow(created.orderNo);
      await row.waitFor();
      assert.equal(await row.locator('.order-status').innerText(), '待支付');
      assert.equal(await row.getByRole('link', { name: '去支付' }).getAttribute('href'), created.payUrl);
      assert.equal(await row.locator('.order-row-amount').innerText(), '¥9.90');

      await row.getByRole('button', { name: '取消订单' }).click();
      await confirmPopup(page);
      await toast(page, '订单已取消');
      await row.locator('.order-status', { hasText: '已取消' }).waitFor();
      assert.equal(await row.getByRole('button', { name: '取消订单' }).count(), 0);
      const answer = await ajax(page, '/order/orderList', { current: 1, pagesize: 10 });
      assert.equal(answer.list.find((o) => o.orderNo === created.orderNo).status, 4);
    });
  });

  describe('loading failures and empty lists', () => {
    it('shows a network failure with a retry that recovers', async () => {
      await page.route('**/ajax/pcuser/applyList', (route) => route.abort('connectionrefused'));
      try {
        await open('apply', '投递记录');
        const failed = pane('apply').locator('.ui-result');
        await failed.waitFor();
        assert.match(await failed.innerText(), /投递记录加载失败/);
        assert.match(await failed.innerText(), /网络异常，请稍后重试/);
      } finally {
        await page.unroute('**/ajax/pcuser/applyList');
      }
      await pane('apply').getByRole('button', { name: '重新加载' }).click();
      await pane('apply').locator('[data-testid="apply-list"]').waitFor();
      assert.equal(await pane('apply').locator('.ui-result').count(), 0);
    });

    it('maps a server error code to its message (INTERNAL)', async () => {
      await page.route('**/ajax/pcuser/shieldList', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'db down' } }) }),
      );
      try {
        await open('shield', '屏蔽企业');
        const failed = pane('shield').locator('.ui-result');
        await failed.waitFor();
        assert.match(await failed.innerText(), /服务器开小差了，请稍后再试/);
      } finally {
        await page.unroute('**/ajax/pcuser/shieldList');
      }
    });

    it('shows the empty states when there is nothing to list', async () => {
      // The seeded second candidate is not reliable here (other test files change that account),
      // so the server's answers for an account with nothing are played back instead.
      const nothing = {
        'tag/getUserTags': [],
        'pcuser/applyList': { list: [], total: 0, page: 1, pagesize: 10, updateTip: false },
        'pcuser/saveList': { list: [], total: 0, page: 1, pagesize: 10 },
        'order/orderList': { list: [], total: 0, page: 1, pagesize: 10 },
        'pcuser/shieldList': [],
      };
      for (const [path, result] of Object.entries(nothing)) {
        await page.route(`**/ajax/${path}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ result }) }));
      }
      try {
        const empty = async (name, selector, text) => {
          await page.goto(url(`/my/${name}`));
          const box = pane(name).locator(selector);
          await box.waitFor();
          assert.match(await box.innerText(), text);
        };
        await empty('tags', '[data-testid="my-tags"]', /还没有标签/);
        await empty('apply', '.apply-empty', /还没有投递记录/);
        assert.equal(await pane('apply').getByRole('link', { name: /去找工作/ }).getAttribute('href'), '/search');
        assert.equal(await pane('apply').locator('[data-testid="update-tip"]').count(), 0);
        await empty('collect', '.collect-empty', /还没有收藏的职位/);
        assert.equal(await pane('collect').locator('[data-testid="collect-clear"]').count(), 0);
        await empty('order', '.order-empty', /还没有订单/);
        await empty('shield', '.shield-empty', /您还没有屏蔽任何企业/);
      } finally {
        for (const path of Object.keys(nothing)) await page.unroute(`**/ajax/${path}`);
      }
    });
  });

  describe('keep-alive', () => {
    it('keeps the order list on its page across menu switches', async () => {
      let { total } = await ajax(page, '/order/orderList', { current: 1, pagesize: 10 });
      while (total < 12) {
        const made = await ajax(page, '/order/create', { serviceCode: 'resume_highlight_30d' });
        assert.ok(made.orderNo, JSON.stringify(made));
        total += 1;
      }
      await open('order', '我的订单');
      const pager = pane('order').locator('.order-pager');
      await pager.waitFor();
      const firstOnPage1 = await pane('order').locator('.order-row').first().getAttribute('data-order');
      await pager.locator('.ui-pagination-item-2').click();
      await pane('order').locator('.ui-pagination-item-active', { hasText: '2' }).waitFor();
      await page.waitForFunction(
        (no) => document.querySelector('[data-keep-alive="order"] .order-row')?.getAttribute('data-order') !== no,
        firstOnPage1,
      );
      const page2 = await pane('order').locator('.order-row').evaluateAll((rows) => rows.map((r) => r.dataset.order));
      const second = await ajax(page, '/order/orderList', { current: 2, pagesize: 10 });
      assert.deepEqual(page2, second.list.map((o) => o.orderNo));

      await switchTo('shield', '屏蔽企业');
      assert.equal(await pane('order').isVisible(), false);
      await switchTo('order', '我的订单');
      assert.equal(await pane('order').locator('.ui-pagination-item-active').innerText(), '2');
      assert.deepEqual(await pane('order').locator('.order-row').evaluateAll((rows) => rows.map((r) => r.dataset.order)), page2);
    });

    it('keeps the company search and its results across menu switches', async () => {
      await switchTo('shield', '屏蔽企业');
      const search = pane('shield').locator('input[name="comname"]');
      await search.fill('阿里');
      await search.press('Enter');
      await pane('shield').locator('.shield-result', { hasText: '阿里巴巴（中国）有限公司' }).waitFor();

      await switchTo('apply', '投递记录');
      assert.equal(await pane('shield').isVisible(), false);
      await switchTo('shield', '屏蔽企业');
      assert.equal(await search.inputValue(), '阿里');
      assert.equal(await pane('shield').locator('.shield-result', { hasText: '阿里巴巴（中国）有限公司' }).isVisible(), true);

      // Choosing the entry of the page shown starts it afresh.
      await menu('shield').click();
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-keep-alive="shield"] input[name="comname"]');
        return el && el.value === '';
      });
      assert.equal(await pane('shield').locator('.shield-result').count(), 0);
    });

    it('threw nothing on any page', () => {
      assert.deepEqual(pageErrors, []);
    });
  });
});
