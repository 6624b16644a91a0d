#!/usr/bin/env node
// The mobile site's side of the ui benchmark, measured as e2e/bench-ui.mjs measures the desktop: for
// every /m route in headless chromium with a cold cache, the JavaScript and wasm its first load
// fetches (gzipped at level 9, as the server sends them), and whether any of it is antd's. Then the
// largest contentful paint of /m/search and /m/my/apply on a phone: Pixel 7 emulation, 4x CPU
// throttling and a network of 1.6 Mbps down, 750 kbps up, 150 ms latency (DevTools' emulation
// through the CDP session). Prints Markdown table rows.
//
//   BASE_URL=http://127.0.0.1:8080 node e2e/bench-mobile.mjs
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import { BASE_URL, url } from './lib.mjs';

const DIST = resolve(import.meta.dirname, '..', 'ui', 'dist');
const RUNS = Number(process.env.RUNS ?? 3);
const MOBILE = process.env.BENCH_MOBILE ?? '13800000000';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo1234';
const { defaultBrowserType: _, ...PHONE } = devices['Pixel 7'];
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
const newContext = () => browser.newContext({ ...PHONE, baseURL: BASE_URL, locale: 'zh-CN' });

async function sessionCookies() {
  const ctx = await newContext();
  const res = await ctx.request.post(url('/ajax/pclogin/login'), { form: { mobile: MOBILE, password: PASSWORD } });
  if (!(await res.json()).result) throw new Error(`login as ${MOBILE} failed`);
  const cookies = await ctx.cookies();
  await ctx.close();
  return cookies;
}

const found = await (await fetch(url('/ajax/job/search'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kw=&page=1&pagesize=1' })).json();
const job = found.result.list[0];

const PAGES = [
  { path: '/m/', ready: '.m-job' },
  { path: '/m/search?q=Java', ready: '[data-testid="m-results"]' },
  { path: `/m/job/${job.id}`, ready: '[data-testid="m-apply"]' },
  { path: `/m/company/${job.companyId}`, ready: '.m-job-head' },
  { path: '/m/login', ready: 'form#m-login' },
  { path: '/m/register', ready: 'input[name="confirmPassword"]' },
  { path: '/m/forgot-password', ready: 'input[name="confirmPassword"]' },
  { path: '/m/my', ready: '[data-testid="m-count-apply"]' },
  { path: '/m/my/apply', ready: '.m-job, .m-empty' },
  { path: '/m/my/collect', ready: '.m-job, .m-empty' },
  { path: '/m/my/set-password', ready: 'input[name="confirmPassword"]' },
  { path: '/m/resume/detail', ready: '[data-testid="m-resume"]' },
  { path: '/m/resume/edit/basic', ready: 'form[data-section="basic"]' },
];

/** Opens `path` in a fresh context and returns the .js and .wasm files it fetched, and its LCP. */
async function load(cookies, { path, ready }, throttle) {
  const ctx = await newContext();
  await ctx.addCookies(cookies);
  const page = await ctx.newPage();
  if (throttle) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const fetched = new Set();
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (/\.(js|wasm)$/.test(p)) fetched.add(p);
  });
  await page.goto(url(path));
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
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
  await ctx.close();
  return { files: [...fetched], lcp };
}

try {
  const cookies = await sessionCookies();
  console.log('| /m route | first-load JS, gzip | JS files | antd chunks | client wasm, gzip | rules wasm (core-wasm), gzip |');
  console.log('|---|---|---|---|---|---|');
  for (const p of PAGES) {
    const { files } = await load(cookies, p, false);
    const paths = files.map((f) => join(DIST, f));
    const js = paths.filter((f) => f.endsWith('.js'));
    // The client half (core-wasm/client: transport, guard, mobile rules) every page fetches; the rules'
    // wasm (core_wasm_bg) only the pages that validate; the templates' never on /m.
    const client = paths.filter((f) => /core_wasm_client_bg-[^/]*\.wasm$/.test(f));
    const rules = paths.filter((f) => /core_wasm_bg-[^/]*\.wasm$/.test(f));
    // antd's own chunks are named after its components (Compact, ContextIsolator, zoom, …); the scope is components/antd/scope.
    const antd = files.filter((f) => /\/(scope|Compact|ContextIsolator|compact-item|zoom|modal|es-[^/]*antd)[-.]/.test(f));
    console.log(`| ${p.path} | ${kb(js.reduce((n, f) => n + gzipped(f), 0))} KB | ${js.length} | ${antd.length ? antd.join(' ') : 'none'} | ${kb(client.reduce((n, f) => n + gzipped(f), 0))} KB | ${rules.length ? `${kb(rules.reduce((n, f) => n + gzipped(f), 0))} KB` : 'not fetched'} |`);
  }
  console.log('');
  console.log(`| /m route (Pixel 7, 4x CPU, 1.6 Mbps / 750 kbps / 150 ms) | LCP ms, median of ${RUNS} |`);
  console.log('|---|---|');
  for (const p of PAGES.filter((x) => x.path.startsWith('/m/search') || x.path === '/m/my/apply')) {
    const lcps = [];
    for (let i = 0; i < RUNS; i++) lcps.push((await load(cookies, p, true)).lcp);
    console.log(`| ${p.path} | ${Math.round(median(lcps))} (runs: ${lcps.map(Math.round).join(', ')}) |`);
  }
} finally {
  await browser.close();
}
