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
