// Orders and refunds in the admin console (issue 19) and paid plans bought through company orders (issue 16),
// in zh-CN and en-US at 1366 and 390 px: a candidate pays for top placement on the dev checkout; the demo admin
// finds the order by the buyer's mobile, opens it, is stopped without a reason, refunds it with one, sees it
// refunded and the refund in the audit log; the demo company's owner sees the plans and prices, buys the
// professional plan through the dev checkout and comes back to it in effect with the paid order listed.
// axe-core (WCAG 2.1 A and AA, one h1, landmarks), <html lang> and the page's own width on each page and
// dialog, each into screenshots/orders-*.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  DESKTOP,
  PHONE_390,
  a11yProblems,
  adminTotpSecret,
  ajax,
  assertNoA11yProblems,
  companyLogin,
  ensureShotsDir,
  freshTotp,
  openBrowser,
  pageOverflow,
  settle,
  url,
  waitForPath,
  watchErrors,
} from '../lib.mjs';

const BUYER = { mobile: '13900000001', password: 'demo1234' };
const shots = ensureShotsDir();
const TEXT = {
  'zh-CN': { refunded: '已退款', paid: '已支付', pro: '专业版', reasonRequired: '请填写原因' },
  'en-US': { refunded: 'Refunded', paid: 'Paid', pro: 'Professional', reasonRequired: 'Please give a reason' },
};

/** The errors a page logged, less the refusals the tests cause on purpose. */
function unexpected(errors) {
  return errors.filter((e) => !/status of (400|401|403)/.test(e));
}

/** A paid top-placement order of the second demo candidate, through the dev checkout; its number. */
async function paidOrder(browser) {
  const ctx = await browser.context();
  const page = await ctx.newPage();
  await page.goto(url('/'));
  const login = await ajax(page, '/pclogin/login', BUYER);
  assert.ok(!login?.rejected, JSON.stringify(login));
  const order = await ajax(page, '/order/create', { serviceCode: 'resume_top_7d' });
  assert.ok(order?.payUrl, JSON.stringify(order));
  await page.goto(url(order.payUrl));
  await page.locator('form button[type="submit"]').click();
  await waitForPath(page, '/my/order');
  await ctx.close();
  return order.orderNo;
}

describe('orders: an admin refund and a company purchase', () => {
  let browser;
  let secret;
  before(async () => {
    secret = await adminTotpSecret();
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
    it(`refund in the console and a plan bought by the company, ${lang} at ${size} px`, async () => {
      const text = TEXT[lang];
      const found = [];
      const orderNo = await paidOrder(browser);
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      // axe, <html lang>, the page's width and a screenshot of `pg` as it is now.
      const checkOn = (pg) => async (name) => {
        // After a toast has gone: a passing message sits outside the landmarks while it shows.
        await pg.waitForFunction(() => !document.querySelector('.ant-message-notice'), null, { timeout: 10_000 }).catch(() => {});
        await pg.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
        await settle(pg);
        const problems = await a11yProblems(pg, lang);
        const overflow = await pageOverflow(pg);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        await pg.screenshot({ path: join(shots, `orders-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };
      const check = checkOn(page);
      const modal = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
      const dialogShown = async () => {
        await modal.waitFor();
        await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="zoom"], .ant-modal-mask[class*="fade"]'));
      };

      // The admin console: log in, the orders page, the buyer's order.
      await page.goto(url('/admin/login'));
      await page.locator('#adminlogin_username').fill('admin');
      await page.locator('#adminlogin_password').fill('demo1234');
      await page.locator('#adminlogin_otp').fill(await freshTotp(secret));
      await page.locator('form#adminlogin button[type="submit"]').click();
      await waitForPath(page, '/admin');
      await page.goto(url('/admin/orders'));
      await page.locator('[data-testid="orders"] .ant-table-row').first().waitFor();
      await page.locator('#orderfilter_q').fill(BUYER.mobile);
      await page.locator('[data-testid="order-search"]').click();
      const row = page.locator('.ant-table-row', { hasText: orderNo });
      await row.waitFor();
      await check('list');

      await row.locator('[data-testid="order-detail"]').click();
      await dialogShown();
      await check('detail-dialog');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });

      // Refund: refused without a reason (nothing sent), then made with one.
      await row.locator('[data-testid="order-refund"]').click();
      await dialogShown();
      await modal.locator('[data-testid="refund-ok"]').click();
      await modal.locator('.ant-form-item-explain-error', { hasText: text.reasonRequired }).waitFor();
      await check('refund-dialog');
      await modal.locator('textarea').fill(`e2e 退款 ${lang} ${size}`);
      await modal.locator('[data-testid="refund-ok"]').click();
      await modal.waitFor({ state: 'hidden' });
      await row.locator('[data-testid="order-status"]', { hasText: text.refunded }).waitFor();
      assert.equal(await row.locator('[data-testid="order-refund"]').count(), 0, 'no refund button on a refunded order');
      await check('refunded');

      // The company orders' tab.
      await page.locator('.ant-tabs-tab').nth(1).click();
      await page.locator('[data-testid="orders"] .ant-table').waitFor();
      await check('company-tab');

      // The audit log has the refund with its reason.
      await page.goto(url('/admin/audit'));
      await page.locator('.admin-toolbar input').fill(orderNo);
      await page.locator('.admin-toolbar input').press('Enter');
      await page.locator('.ant-table-row', { hasText: 'order.refund' }).filter({ hasText: `e2e 退款 ${lang} ${size}` }).waitFor();

      // The company's owner: plans and prices, the purchase through the dev checkout, the plan in effect.
      const company = await browser.context({ viewport, lang });
      const cp = await company.newPage();
      const companyErrors = watchErrors(cp);
      await companyLogin(cp);
      await cp.goto(url('/recruit/plan'));
      await cp.locator('[data-testid="buy-pro_30d"]').waitFor();
      const checkCompany = checkOn(cp);
      await checkCompany('plan');
      await cp.locator('[data-testid="buy-pro_30d"]').click();
      await cp.waitForURL((u) => new URL(u).pathname.startsWith('/dev/pay/ZC'));
      await cp.locator('form button[type="submit"]').click();
      await waitForPath(cp, '/recruit/plan');
      await cp.locator('[data-testid="plan-name"]', { hasText: text.pro }).waitFor();
      await cp.locator('[data-testid="company-order-status"]', { hasText: text.paid }).first().waitFor();
      await cp.locator('[data-testid="plan-until"]').waitFor();
      await checkCompany('plan-paid');

      await company.close();
      await ctx.close();
      assertNoA11yProblems(found, `orders, ${lang} at ${size} px`);
      assert.deepEqual(unexpected(errors), []);
      assert.deepEqual(unexpected(companyErrors), []);
    });
  }
});
