// What the chat's browser tests share (chat.test.mjs, chat-tools.test.mjs): contexts in a language, log-in by
// call, a page's errors, screenshots.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, COMPANY, DESKTOP, NARROW, ajax, ensureShotsDir, pageProblems, settle, url } from './lib.mjs';

const shots = ensureShotsDir();

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The candidate the chat files talk as: 王芳, who applied to the demo company. The demo candidate
 * already talks with the demo company's owner in the seeded demo conversation (cli/seed.rs). */
export const CHATTER = { mobile: '13900000002', password: 'demo1234', name: '王芳' };

/** Chromium for the calling file's tests (launched before them, closed after); answers `context`, a context maker. */
export function chatBrowser() {
  let browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
  });
  after(async () => {
    await browser?.close();
  });
  return (options) => chatContext(browser, options);
}

/** A browser context in `lang`, at `viewport` or as the named phone. */
async function chatContext(browser, { viewport = DESKTOP, lang = 'zh-CN', device } = {}) {
  const { defaultBrowserType: _, ...phone } = device ? devices[device] : {};
  const ctx = await browser.newContext(device ? { ...phone, baseURL: BASE_URL, locale: 'zh-CN' } : { viewport, baseURL: BASE_URL, locale: 'zh-CN' });
  await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  return ctx;
}

export async function logIn(ctx, path, form) {
  const res = await ctx.request.post(url(`/ajax${path}`), { form });
  const body = await res.json();
  assert.ok(body.result, `log-in: ${JSON.stringify(body)}`);
}

/** A context made by `context` (chatBrowser's) signed in by `path` with `form`, its page opened at `start`, and the page's errors. */
export async function signedIn(context, path, form, start, options = {}) {
  const ctx = await context(options);
  await logIn(ctx, path, form);
  const page = await ctx.newPage();
  const errors = watch(page);
  await page.goto(url(start));
  return [ctx, page, errors];
}

/** `candidate` on /my/chat and the demo company's owner on /recruit/chat, both ready, and the company's first open job. */
export async function bothSides(context, candidate, options = {}) {
  const [cctx, cand, candErrors] = await signedIn(context, '/pclogin/login', candidate, '/my/chat', options);
  await cand.locator('[data-testid="chat"]').waitFor();
  const [rctx, rec, recErrors] = await signedIn(context, '/comlogin/login', COMPANY, '/recruit/chat', options);
  await rec.locator('[data-testid="chat"]').waitFor();
  const job = (await ajax(rec, '/comjob/list', { state: 'open', page: 1, pagesize: 5 })).list[0];
  return { cctx, cand, candErrors, rctx, rec, recErrors, job };
}

/** Page errors and console errors, but for a refused socket upgrade (the ui then polls). */
export function watch(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/chat\/ws|WebSocket/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export async function shot(page, name) {
  await settle(page);
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/**
 * Screenshots of each `[page, side]` at its width, then at NARROW (`narrow` names that in the file), each page's
 * problems (pageProblems) pushed to `found`: files `${prefix}-${side}-${lang}-desktop|${narrow}.png`.
 */
export async function shootSides(found, prefix, lang, pages, narrow = 'narrow') {
  for (const [page, side] of pages) {
    await shot(page, `${prefix}-${side}-${lang}-desktop`);
    found.push([`${prefix} ${side} ${lang}`, await pageProblems(page, lang)]);
  }
  for (const [page, side] of pages) {
    await page.setViewportSize(NARROW);
    await shot(page, `${prefix}-${side}-${lang}-${narrow}`);
    found.push([`${prefix} ${side} ${lang} ${narrow}`, await pageProblems(page, lang)]);
  }
}
