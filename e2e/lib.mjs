// Shared by the browser tests: the browser, pages, and the demo candidate.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
export const SHOTS = process.env.E2E_SCREENSHOTS ?? join(import.meta.dirname ?? '.', 'screenshots');
export const DEMO = { mobile: '13800000000', password: 'demo1234', name: '张伟' };

export const DESKTOP = { width: 1366, height: 900 };
export const NARROW = { width: 375, height: 812 };

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * One browser per test file. `chromium.launch` starts it on a fresh temporary user-data-dir
 * (removed on close); each `context()` is a clean profile (no cookies, no localStorage).
 * `lang` is stored before any page script runs.
 */
export async function openBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  return {
    async context({ viewport = DESKTOP, lang } = {}) {
      const ctx = await browser.newContext({ viewport, baseURL: BASE_URL, locale: 'zh-CN' });
      if (lang) await ctx.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      return ctx;
    },
    async close() {
      await browser.close();
    },
  };
}

export function url(path) {
  return new URL(path, BASE_URL).toString();
}

/** Collects page errors and console errors so a test can assert there were none. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Fills and submits the /login form (the page must already be on /login). */
export async function submitLogin(page, { mobile = DEMO.mobile, password = DEMO.password } = {}) {
  await page.locator('#login_mobile').fill(mobile);
  await page.locator('#login_password').fill(password);
  await page.locator('form#login button[type="submit"]').click();
}

/** Logs the demo candidate in through the form and waits to land on `expectPath`. */
export async function loginAsDemo(page, { returnUrl, expectPath = '/my/tags' } = {}) {
  const target = returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
  await page.goto(url(target));
  await submitLogin(page);
  await page.waitForURL((u) => new URL(u).pathname === expectPath);
}

export async function waitForTitle(page, title) {
  await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => {});
  assert.equal(await page.title(), title);
}

export function pathOf(page) {
  const u = new URL(page.url());
  return u.pathname;
}

export function ensureShotsDir() {
  mkdirSync(SHOTS, { recursive: true });
  return SHOTS;
}

/** The partner platform configured by run.mjs, and a signed link into our pages for one of its users. */
export const PARTNER = { platformId: 'e2e-partner', secret: 'e2e-partner-shared-secret' };

export async function signedPartnerLink(path, partnerUserId, type = '1') {
  const { createHmac } = await import('node:crypto');
  const ts = String(Math.floor(Date.now() / 1000));
  const message = `id=${partnerUserId}&platformId=${PARTNER.platformId}&ts=${ts}&type=${type}`;
  const sign = createHmac('sha256', PARTNER.secret).update(message).digest('hex');
  const q = new URLSearchParams({ platformId: PARTNER.platformId, id: partnerUserId, type, ts, sign });
  return `${path}?${q}`;
}
