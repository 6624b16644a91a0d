import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loginAsDemo, openBrowser, url, waitForTitle } from '../lib.mjs';

describe('languages', () => {
  let browser;
  let page;
  before(async () => {
    browser = await openBrowser();
    page = await (await browser.context()).newPage();
    await loginAsDemo(page);
  });
  after(async () => {
    await browser?.close();
  });

  const navTexts = () => page.locator('.site-header .main-nav a').allInnerTexts();

  it('starts in zh-CN', async () => {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    const nav = await navTexts();
    assert.ok(nav.includes('首页') && nav.includes('职位搜索'), nav.join(','));
    assert.equal(await page.locator('.side-menu [data-menu="apply"]').innerText(), '投递记录');
    await waitForTitle(page, '我的标签 - 职达招聘');
  });

  it('switches to en-US: header, menu, page and title', async () => {
    await page.locator('.lang-switch button', { hasText: 'EN' }).click();
    await waitForTitle(page, 'My tags - Zhida Jobs');
    const nav = await navTexts();
    assert.ok(nav.includes('Home') && nav.includes('Job search'), nav.join(','));
    assert.equal(await page.locator('.side-menu [data-menu="apply"]').innerText(), 'Application records');
    assert.equal(await page.locator('.page-card-title').first().innerText(), 'My tags');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
  });

  it('remembers the choice across a reload', async () => {
    await page.reload();
    await waitForTitle(page, 'My tags - Zhida Jobs');
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en-US');
  });

  it('switches back to zh-CN', async () => {
    await page.locator('.lang-switch button', { hasText: '中文' }).click();
    await waitForTitle(page, '我的标签 - 职达招聘');
    assert.equal(await page.locator('.side-menu [data-menu="apply"]').innerText(), '投递记录');
    await page.goto(url('/login'));
    await waitForTitle(page, '登录 - 职达招聘');
  });
});

describe('stored values in the reader\'s language', () => {
  let browser;
  after(async () => {
    await browser?.close();
  });

  it('shows city, industry, experience and education in English on the en-US site', async () => {
    browser = await openBrowser();
    const page = await (await browser.context({ lang: 'en-US' })).newPage();
    await loginAsDemo(page);

    await page.goto(url('/my/shield'));
    await page.locator('[data-keep-alive="shield"] input[name="comname"]').fill('腾讯');
    await page.keyboard.press('Enter');
    const result = page.locator('.shield-result', { hasText: '深圳市腾讯计算机系统有限公司' });
    await result.waitFor();
    await result.getByText('Shenzhen').waitFor();
    const facts = await result.innerText();
    assert.match(facts, /Shenzhen/);
    assert.match(facts, /Internet/);
    assert.doesNotMatch(facts, /深圳 |互联网/);

    await page.goto(url('/my/apply'));
    const row = page.locator('.apply-row').first();
    await row.getByText(/Shenzhen|Beijing|Hangzhou|Shanghai|Chengdu/).first().waitFor();
    assert.doesNotMatch(await page.locator('.apply-meta').first().innerText(), /[深北杭上成]/);

    await page.goto(url('/my/collect'));
    const saved = page.locator('.collect-row').first();
    await saved.waitFor();
    await saved.getByText(/Bachelor|Master|Associate|PhD/).first().waitFor();
    assert.doesNotMatch(await saved.locator('.collect-fact').allInnerTexts().then((t) => t.join(' ')), /本科|硕士|年/);
  });
});
