#!/usr/bin/env node
// The ui's side of scripts/bench: for every route of the personal centre and the job site in headless
// chromium with a cold cache, the time to the largest contentful paint (median of RUNS) and the
// JavaScript and wasm the first load fetches, gzipped at level 9 as the server sends them. Prints
// Markdown table rows.
//
//   BASE_URL=http://127.0.0.1:8080 BENCH_MOBILE=13800000000 node e2e/bench-ui.mjs
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBrowser, url } from './lib.mjs';

const DIST = resolve(import.meta.dirname, '..', 'ui', 'dist');
const RUNS = Number(process.env.RUNS ?? 5);
const MOBILE = process.env.BENCH_MOBILE ?? '13800000000';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo1234';

// `ready`: what shows once the page has drawn its data; pages without one are read once the
// network has been idle for 500 ms.
const PAGES = [
  { path: '/my/tags', ready: '[data-keep-alive="tags"] input[name="tagDraft"]' },
  { path: '/my/edit', ready: '.resume-section[data-section="attachment"]' },
  { path: '/my/preview', ready: '.resume-document' },
  { path: '/my/apply' },
  { path: '/my/collect' },
  { path: '/my/shield' },
  { path: '/my/order' },
  { path: '/my/account' },
  { path: '/', ready: '[data-testid="home-newest"] [data-testid="job-card"]' },
  { path: '/search?q=Java', ready: '[data-testid="results-total"]' },
];

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Logs in once (log-in is rate-limited) and returns the session's cookies for every run. */
async function sessionCookies(browser) {
  const ctx = await browser.context();
  const login = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: MOBILE, password: PASSWORD } });
  const body = await login.json();
  if (!body.result) throw new Error(`login as ${MOBILE}: ${JSON.stringify(body)}`);
  const cookies = await ctx.cookies();
  await ctx.close();
  return cookies;
}

async function measure(browser, cookies, { path, ready }) {
  const lcps = [];
  let assets = new Set();
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.context();
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    const fetched = new Set();
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (/\.(js|wasm)$/.test(p)) fetched.add(p);
    });
    await page.goto(url(path));
    if (ready) await page.locator(ready).first().waitFor({ timeout: 20_000 });
    else await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(
      () =>
        new Promise((done) => {
          let last = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) last = e.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => done(last), 500);
        }),
    );
    if (!(lcp > 0)) throw new Error(`${path}: no largest-contentful-paint entry`);
    lcps.push(lcp);
    assets = fetched;
    await ctx.close();
  }
  const files = [...assets].map((p) => join(DIST, p));
  const js = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipped(f), 0);
  const wasm = files.filter((f) => f.endsWith('.wasm')).reduce((n, f) => n + gzipped(f), 0);
  return { path, lcp: median(lcps), lcps, js, jsFiles: files.filter((f) => f.endsWith('.js')).length, wasm };
}

const browser = await openBrowser();
try {
  console.log(`| page | LCP ms (median of ${RUNS}, cold cache) | first-load JS, gzip | JS files | core-wasm fetched, gzip |`);
  console.log('|---|---|---|---|---|');
  const cookies = await sessionCookies(browser);
  for (const p of PAGES) {
    const m = await measure(browser, cookies, p);
    console.log(`| ${m.path} | ${Math.round(m.lcp)} (runs: ${m.lcps.map(Math.round).join(', ')}) | ${kb(m.js)} KB | ${m.jsFiles} | ${kb(m.wasm)} KB |`);
  }
} finally {
  await browser.close();
}
