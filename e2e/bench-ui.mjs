#!/usr/bin/env node
// The ui's side of scripts/bench: for /my/tags and /my/edit in headless chromium with a cold cache,
// the time to the largest contentful paint (median of RUNS) and the JavaScript and wasm the first
// load fetches, gzipped at level 9 as the server sends them. Prints Markdown table rows.
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

const PAGES = [
  { path: '/my/tags', ready: '[data-keep-alive="tags"] input[name="tagDraft"]' },
  { path: '/my/edit', ready: '.resume-section[data-section="attachment"]' },
];

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(browser, { path, ready }) {
  const lcps = [];
  let assets = new Set();
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.context();
    const login = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: MOBILE, password: PASSWORD } });
    const body = await login.json();
    if (!body.result) throw new Error(`login as ${MOBILE}: ${JSON.stringify(body)}`);
    const page = await ctx.newPage();
    const fetched = new Set();
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (/\.(js|wasm)$/.test(p)) fetched.add(p);
    });
    await page.goto(url(path));
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
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
  for (const p of PAGES) {
    const m = await measure(browser, p);
    console.log(`| ${m.path} | ${Math.round(m.lcp)} (runs: ${m.lcps.map(Math.round).join(', ')}) | ${kb(m.js)} KB | ${m.jsFiles} | ${kb(m.wasm)} KB |`);
  }
} finally {
  await browser.close();
}
