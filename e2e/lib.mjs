// Shared by the browser tests: the browser, pages, and the demo candidate.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
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
      // Init scripts run in every frame too; a PDF shown in a frame has no localStorage.
      if (lang) await ctx.addInitScript((l) => window.localStorage?.setItem('lang', l), lang);
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

/**
 * Calls the /ajax API from inside the page (same origin, the page's session cookie) through the
 * ui's own core; resolves with the result, or with `{ rejected }` holding what the call rejected with.
 */
export async function ajax(page, path, body = {}) {
  // The core is on the page once its wasm is loaded, which may be after the load event.
  await page.waitForFunction(() => window.__jobseekerCore);
  // The page may have the same call in flight (a page just opened loads its data), which the transport
  // refuses as request:repeat by design: wait for it to finish and ask again.
  for (let attempt = 0; ; attempt++) {
    const answer = await page.evaluate(
      async ([p, b]) => {
        try {
          return await window.__jobseekerCore.request(p, b);
        } catch (e) {
          return { rejected: e };
        }
      },
      [path, body],
    );
    if (answer?.rejected?.message !== 'request:repeat' || attempt >= 20) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the address's path is `path`. */
export async function waitForPath(page, path) {
  await page.waitForURL((u) => new URL(u).pathname === path);
}

/** `YYYY-MM-DD HH:mm` in Beijing time (UTC+8), as the personal-centre pages show times. */
export function beijingTime(ms) {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** The antd toast holding `text`, once it shows. */
export async function toast(page, text) {
  const notice = page.locator('.ant-message-notice', { hasText: text });
  await notice.first().waitFor({ state: 'visible', timeout: 10_000 });
  return notice.first();
}

/** Clicks the primary (confirm) button of the Popconfirm that is open. */
export async function confirmPopup(page) {
  const ok = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
  await ok.waitFor({ state: 'visible' });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

/** Clicks the cancel button of the Popconfirm that is open. */
export async function dismissPopup(page) {
  const no = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary)');
  await no.waitFor({ state: 'visible' });
  await no.click();
  await no.waitFor({ state: 'hidden' });
}

// ---------- account screens: the slider, the SMS outbox, the dev WeChat scan ----------

/**
 * The gap's x (picture pixels) of the slider picture shown in the page, from the dev hint
 * (`/dev/captcha/{token}`, loopback only): the picture no longer gives the gap away to a program, so our
 * tests ask the server, then drag there as a person does (dragSliderTo).
 */
export async function findSliderGap(page, root = '.slider-captcha') {
  const token = await page.locator(root).first().getAttribute('data-token');
  if (!token) throw new Error(`no slider picture in ${root}`);
  const res = await fetch(url(`/dev/captcha/${encodeURIComponent(token)}`));
  if (!res.ok) throw new Error(`/dev/captcha answered ${res.status}`);
  return (await res.json()).x;
}

/** Where the piece's left edge is now, in picture pixels, as the page draws it. */
export async function sliderPieceX(page, root = '.slider-captcha') {
  return page.evaluate((rootSel) => {
    const scope = document.querySelector(rootSel);
    const bg = scope.querySelector('img.slider-bg');
    const piece = scope.querySelector('img.slider-piece');
    const scale = bg.getBoundingClientRect().width / bg.naturalWidth;
    return (piece.getBoundingClientRect().left - bg.getBoundingClientRect().left) / scale;
  }, root);
}

/**
 * Drags the slider handle with the mouse until the piece sits at picture x `target`, as a hand does: a
 * reach that speeds up and slows down, a move per frame or so, wandering a pixel or two up and down; then
 * looks and corrects, and lets go. The server refuses slides no person could make (a straight line at an
 * even pace, too fast, too few moves), so this is the shape our tests must have too.
 */
export async function dragSliderTo(page, target, root = '.slider-captcha') {
  const handle = page.locator(`${root} .slider-handle`);
  // The modal zooms in: grab the handle only once it stands still, or the press lands beside it.
  let box = await handle.boundingBox();
  for (let i = 0; i < 50; i++) {
    await nextFrames(page);
    const now = await handle.boundingBox();
    if (now && box && now.x === box.x && now.y === box.y && now.width === box.width) break;
    box = now;
  }
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  // A first guess from the sizes on screen.
  const geometry = await page.evaluate((rootSel) => {
    const scope = document.querySelector(rootSel);
    const bg = scope.querySelector('img.slider-bg');
    const piece = scope.querySelector('img.slider-piece');
    const track = scope.querySelector('.slider-track').getBoundingClientRect();
    const handleBox = scope.querySelector('.slider-handle').getBoundingClientRect();
    return { pictureWidth: bg.naturalWidth, pieceWidth: piece.naturalWidth, trackWidth: track.width, handleWidth: handleBox.width };
  }, root);
  const travel = geometry.trackWidth - geometry.handleWidth;
  let mouseX = startX + (target / (geometry.pictureWidth - geometry.pieceWidth)) * travel;
  // The reach: a minimum-jerk curve over 450 to 750 ms, 24 moves, a little up-and-down wander.
  const moves = 24;
  const ms = 450 + Math.random() * 300;
  const phase = Math.random() * Math.PI * 2;
  for (let i = 1; i <= moves; i++) {
    const s = i / moves;
    const ease = 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5;
    await page.mouse.move(startX + (mouseX - startX) * ease, y + Math.sin(phase + i * 0.5) * 1.5);
    await page.waitForTimeout(ms / moves);
  }
  // Then look and correct, a few times at most. React renders pointer moves asynchronously, so each look waits
  // for two frames first: reading a stale position on a busy machine made the correction overshoot.
  for (let i = 0; i < 8; i++) {
    await nextFrames(page);
    const at = await sliderPieceX(page, root);
    const diff = target - at;
    if (Math.abs(diff) < 0.75) break;
    const scale = (geometry.pictureWidth - geometry.pieceWidth) / travel;
    mouseX += diff / scale;
    await page.mouse.move(mouseX, y + 1);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(60);
  await page.mouse.up();
}

/** Resolves after the page has painted twice: what input changed is on screen by then. */
function nextFrames(page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** Solves the slider shown in the page (the modal must be open) and waits for the modal to close. */
export async function passSlider(page) {
  const modal = page.locator('.slider-modal');
  await modal.waitFor({ state: 'visible' });
  await page.locator('.slider-modal .slider-captcha[data-phase="ready"]').waitFor();
  const gap = await findSliderGap(page, '.slider-modal .slider-captcha');
  await dragSliderTo(page, gap, '.slider-modal .slider-captcha');
  const scope = page.locator('.slider-modal .slider-captcha');
  await page.locator('.slider-modal .slider-captcha:is([data-phase="passed"], [data-phase="failed"], [data-phase="locked"], [data-phase="error"])').waitFor({ timeout: 10_000 });
  const phase = await scope.getAttribute('data-phase');
  if (phase !== 'passed') {
    const notice = await scope.locator('.slider-notice').innerText().catch(() => '');
    throw new Error(`the slider did not pass: phase ${phase}, notice "${notice}", gap ${gap}, piece at ${await sliderPieceX(page, '.slider-modal .slider-captcha').catch(() => '?')}`);
  }
  await modal.waitFor({ state: 'hidden' });
  return gap;
}

/** The newest code the dev SMS provider sent to `mobile` after `after` (ms), waiting for it to arrive. */
export async function latestCode(mobile, { after = 0, timeout = 10_000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const res = await fetch(url('/dev/outbox?format=json'));
    const messages = await res.json();
    // Codes only: a notice to the same mobile (the log-in mobile changed, say) has none.
    const found = messages.find((m) => m.mobile === mobile && (m.at ?? 0) >= after && (m.code || /\d{6}/.test(m.text ?? '')));
    if (found) return String(found.code ?? (found.text ?? '').match(/\d{6}/)?.[0] ?? '');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${mobile} in the dev outbox`);
}

/** The newest code the dev mail outbox mailed to `to` (/pcuser/sendEmailCode), waiting for it to arrive. */
export async function latestEmailCode(to, { timeout = 10_000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const mails = await (await fetch(url('/dev/outbox?format=json&kind=mail'))).json();
    const found = mails.find((m) => m.to === to && /验证码/.test(m.subject ?? ''));
    const code = found?.text?.match(/验证码：(\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to} in the dev outbox`);
}

/** The link of the newest interviewer invitation texted to `mobile` (the dev outbox), waiting for the notice worker. */
export async function invitationLink(mobile, { timeout = 15_000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const messages = await (await fetch(url('/dev/outbox?format=json'))).json();
    const link = messages.filter((m) => m.mobile === mobile).map((m) => (m.text ?? '').match(/https?:\/\/\S+\/recruit\/invite\/[\w-]+/)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation to ${mobile} in the dev outbox`);
}

/** All codes the dev outbox holds for `mobile`, newest first. */
export async function outboxFor(mobile) {
  const res = await fetch(url('/dev/outbox?format=json'));
  return (await res.json()).filter((m) => m.mobile === mobile);
}

/**
 * "Scans" a WeChat QR code of the dev provider: opens its qrContent (the /dev/wx/scan/<scene> page) in a page of
 * `ctx`, confirms with `nickname` and `openid` (the page's own random openid when none is given) and returns the
 * text the phone then shows and the openid used.
 */
export async function devWxScan(ctx, qrContent, { nickname = '微信用户', openid } = {}) {
  const phone = await ctx.newPage();
  await phone.goto(qrContent);
  await phone.locator('#nickname').fill(nickname);
  if (openid) await phone.locator('#openid').fill(openid);
  const used = await phone.locator('#openid').inputValue();
  await Promise.all([phone.waitForNavigation(), phone.locator('button[type="submit"]').click()]);
  const text = (await phone.locator('h1').innerText()).trim();
  await phone.close();
  return { text, openid: used };
}

// ---------- accessibility: axe-core ----------

/** The WCAG 2.1 A and AA rules, plus the structure every page must have: one h1, a main landmark, all content in landmarks. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_STRUCTURE_RULES = ['page-has-heading-one', 'landmark-one-main', 'region', 'landmark-no-duplicate-main', 'landmark-unique'];

let axeSource;

/** Waits until the page is still: no request in flight for a moment, fonts loaded, no animation running. */
export async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(
      () => document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** The demo company's owner (cli/seed.rs). */
export const COMPANY = { mobile: '13700000000', password: 'demo1234' };

/**
 * Logs a company member in through /recruit/login (the demo company's owner by default), from `returnUrl`
 * when given, and waits for `expectPath`.
 */
export async function companyLogin(page, { mobile = COMPANY.mobile, password = COMPANY.password, returnUrl, expectPath = '/recruit/job/' } = {}) {
  await page.goto(url(returnUrl ? `/recruit/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/recruit/login'));
  await page.locator('#comlogin_mobile').fill(mobile);
  await page.locator('#comlogin_password').fill(password);
  await page.locator('form#comlogin button[type="submit"]').click();
  await waitForPath(page, expectPath);
}

/** Waits until no spinner, skeleton or analysis is showing, then until the page is still (for a screenshot or axe). */
export async function drawn(page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, [data-status="analysing"]'), null, { timeout: 30_000 }).catch(() => {});
  await settle(page);
}

/**
 * Runs axe-core (WCAG 2.1 A and AA, and the one-h1 and landmark rules) over the page as it is now and
 * returns its violations: `[{ id, impact, help, nodes: [{ target, summary }] }]`.
 * `include`/`exclude` are CSS selectors to limit the run to, or to leave out; `settled`: the caller knows the
 * page is still (a page holding a request on purpose never reaches network idle).
 */
export async function axeViolations(page, { include, exclude, settled = false } = {}) {
  if (!axeSource) {
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  }
  if (!settled) await settle(page);
  // Through evaluate, not a <script> tag: the pages' Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  return page.evaluate(
    async ([tags, rules, include, exclude]) => {
      const context = include || exclude ? { include: include ? [include] : undefined, exclude: exclude ? [exclude] : undefined } : document;
      const tagged = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const structure = include ? { violations: [] } : await window.axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
      return [...tagged.violations, ...structure.violations].map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
      }));
    },
    [AXE_TAGS, AXE_STRUCTURE_RULES, include, exclude],
  );
}

/** One line per violated rule, with the first few elements, for a failure message. */
export function describeViolations(violations, perRule = 4) {
  return violations
    .map((v) => `  ${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${v.nodes.slice(0, perRule).map((n) => `    ${n.target}: ${n.summary}`).join('\n')}`)
    .join('\n');
}

/**
 * Fails unless axe-core finds nothing on the page (see axeViolations): every page of every face calls this,
 * at 1366 px in zh-CN and at 390 px in en-US. `label` names the page in the failure. Also checks that
 * <html lang> follows the language shown.
 */
export async function expectNoAxeViolations(page, label, options = {}) {
  const violations = await axeViolations(page, options);
  assert.equal(violations.length, 0, `${label}: ${violations.reduce((n, v) => n + v.nodes.length, 0)} axe violations\n${describeViolations(violations)}`);
  if (!options.include) {
    const [lang, stored] = await page.evaluate(() => [document.documentElement.lang, window.localStorage.getItem('lang')]);
    if (stored) assert.equal(lang, stored, `${label}: <html lang> follows the chosen language`);
    else assert.ok(lang, `${label}: <html lang> is set`);
  }
}

// ---------- the keyboard ----------

/**
 * Whether the focused element shows that it has the focus: an outline or a focus ring (box-shadow) on it,
 * or on the box around it (antd's inputs and selects draw the ring on their wrapper). Returns a description
 * of the element when it does not, else null.
 */
export async function unseenFocus(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    // A box that only holds controls (a dialog's panel, which antd focuses so that Tab stays inside) is not a control.
    const control = el.matches('a[href], button, input, select, textarea, summary, [role], [contenteditable="true"]');
    if (!control && el.querySelector('a[href], button, input, select, textarea, [tabindex]')) return null;
    const shows = (node) => {
      const s = getComputedStyle(node);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== 'none');
    };
    const wrapper = el.closest(
      '.ant-input-affix-wrapper, .ant-input-number, .ant-select-selector, .ant-select, .ant-picker, .ui-input-affix-wrapper, .ui-select, .ui-picker, .ant-checkbox-wrapper, .ui-checkbox-wrapper, .ant-radio-wrapper, .ant-input-group-wrapper, .ant-input-search',
    );
    const selector = el.closest('.ant-select')?.querySelector('.ant-select-selector');
    const checkbox = el.closest('.ant-checkbox-wrapper, .ui-checkbox-wrapper, .ant-radio-wrapper')?.querySelector('.ant-checkbox-inner, .ui-checkbox-inner, .ant-radio-inner');
    if (shows(el) || (wrapper && shows(wrapper)) || (selector && shows(selector)) || (checkbox && shows(checkbox))) return null;
    // antd's inputs without a wrapper show the focus with their border colour and a ring.
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on an element matching `selector`, at most `max`
 * times, checking at every stop that the focus can be seen. Fails if it never gets there.
 */
export async function tabTo(page, selector, { max = 60, back = false } = {}) {
  const unseen = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const at = await page.evaluate((sel) => Boolean(document.activeElement?.matches(sel)), selector);
    // Let a focus ring's transition end before looking at it. antd draws some rings from a class its
    // React state adds after the focus event, later on a loaded machine: look again for up to 600 ms.
    let bad = null;
    for (let tries = 0; tries < 12; tries++) {
      await page.waitForTimeout(tries === 0 ? 30 : 50);
      bad = await unseenFocus(page);
      if (!bad) break;
    }
    if (bad) unseen.push(bad);
    if (at) {
      assert.deepEqual(unseen, [], `focus not visible on the way to ${selector}`);
      return;
    }
  }
  const now = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  assert.fail(`${max} Tabs did not reach ${selector} (the focus is on ${now})`);
}

/** The focused element matches `selector`. */
export async function assertFocus(page, selector, message) {
  const ok = await page.waitForFunction((sel) => document.activeElement?.matches(sel), selector, { timeout: 5_000 }).then(() => true, () => false);
  const now = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  assert.ok(ok, `${message ?? ''} focus should be on ${selector}, is on ${now}`);
}

// ---------- accessibility of a whole face (a11y-*.test.mjs) ----------

/** The phone size the a11y tests use for narrow pages. */
export const PHONE_390 = { width: 390, height: 844 };

/**
 * Everything an a11y test holds against the page as it is now: axe-core's violations (see axeViolations),
 * <html lang> other than `lang`, and not exactly one visible h1 (kept-alive pages stay in the document, hidden).
 * Returns the list in axeViolations' shape, empty when all is well.
 */
export async function a11yProblems(page, lang) {
  const problems = await axeViolations(page);
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  if (htmlLang !== lang) problems.push({ id: 'html-lang-follows-language', impact: 'serious', help: `<html lang> is "${htmlLang}", not ${lang}`, nodes: [{ target: 'html', summary: '' }] });
  const h1s = await page.evaluate(() => [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent.trim()));
  if (h1s.length !== 1) problems.push({ id: 'one-h1', impact: 'moderate', help: `${h1s.length} visible h1`, nodes: h1s.map((t) => ({ target: 'h1', summary: t })) });
  return problems;
}

/** How far the page itself scrolls sideways, in px (0 when it fits; tables and boards scroll inside their boxes). */
export async function pageOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** a11yProblems, and the page itself scrolling sideways (as a problem of its own). */
export async function pageProblems(page, lang) {
  const problems = await a11yProblems(page, lang);
  const overflow = await pageOverflow(page);
  if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
  return problems;
}

/**
 * Fails unless every `[label, problems]` in `found` is empty, with a table of the counts per page and the
 * problems of each failing page; prints the table anyway when A11Y_REPORT is set.
 */
export function assertNoA11yProblems(found, title) {
  const count = (v) => v.reduce((m, x) => m + x.nodes.length, 0);
  const total = found.reduce((n, [, v]) => n + count(v), 0);
  const table = found.map(([label, v]) => `  ${label}: ${count(v)}${v.length ? ` (${v.map((x) => `${x.id} ${x.nodes.length}`).join(', ')})` : ''}`).join('\n');
  if (process.env.A11Y_REPORT || total) console.log(`${title}:\n${table}`);
  const failing = found.filter(([, v]) => v.length);
  assert.equal(total, 0, `${title}: ${total} problems\n${failing.map(([label, v]) => `${label}:\n${describeViolations(v)}`).join('\n')}`);
}

/**
 * Reads `read()` until `done(value)` holds or `ms` have passed, every `every` ms, and answers the last value
 * read, for the caller's assertion to name: for what catches up by itself (a search index's sync, a beacon,
 * a save in flight, a rule run as the user types).
 */
export async function readUntil(read, done, { ms = 15_000, every = 500 } = {}) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= until) return value;
    await new Promise((r) => setTimeout(r, every));
  }
}

/** The demo admin's TOTP secret: ADMIN_TOTP_SECRET, else the `admin TOTP secret: <BASE32>` line in this server's log (E2E_SERVER_LOG, set by run.mjs). */
export async function adminTotpSecret() {
  if (process.env.ADMIN_TOTP_SECRET) return process.env.ADMIN_TOTP_SECRET;
  const log = process.env.E2E_SERVER_LOG;
  const secret = log ? readFileSync(log, 'utf8').match(/admin TOTP secret: ([A-Z2-7]+)/)?.[1] : undefined;
  if (!secret) throw new Error('the demo admin TOTP secret was not found (set ADMIN_TOTP_SECRET, or run through e2e/run.mjs)');
  return secret;
}

/** The TOTP code (RFC 6238: HMAC-SHA1, 6 digits, 30 s) of base32 `secret` at `now`. */
export function totp(secret, now = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A TOTP code of `secret` that stays valid a few seconds more (waits out the end of a 30 s step). */
const lastTotpStep = new Map();

/**
 * A code of `secret` the server will take: it takes each 30 s step once, and no step older than the
 * last it took (issue 30). The current step's code, or the next one's (the server allows one step of
 * clock skew) when the current was used or ends within 4 s; a third log-in within a step waits.
 */
export async function freshTotp(secret) {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const soonest = 30_000 - (now % 30_000) < 4_000 ? step + 1 : step;
    const chosen = Math.max(soonest, (lastTotpStep.get(secret) ?? -1) + 1);
    if (chosen <= step + 1) {
      lastTotpStep.set(secret, chosen);
      return totp(secret, chosen * 30_000 + 1_000);
    }
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - now + 200));
  }
}

/** `POST /ajax<path>` with a form in a Playwright request context (its cookies are the session); the result, or a thrown error. */
export async function post(request, path, form = {}) {
  const res = await request.post(url(`/ajax${path}`), { form: Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])) });
  const body = await res.json();
  if (body.error) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/**
 * The demo company invites the demo candidate to an interview through the API, as a recruiter would on
 * /recruit (e2e/tests/interviews.test.mjs does it through the pages): a new job, the candidate's application to
 * it, an interviewer, then the interview on `day` (`YYYY-MM-DD`) at `time`. Returns `{ id, title, start }`.
 */
export async function inviteDemoCandidate(browser, { day, time = '10:00', minutes = 60, address = '杭州市西湖区文三路 478 号 12 楼', contact = '王敏', contactPhone = '13712345678', title = `E2E触屏面试${Date.now() % 100000}` }) {
  const company = await browser.newContext({ baseURL: BASE_URL });
  const candidate = await browser.newContext({ baseURL: BASE_URL });
  try {
    await post(company.request, '/comlogin/login', COMPANY);
    await post(candidate.request, '/pclogin/login', { mobile: DEMO.mobile, password: DEMO.password });
    const job = await post(company.request, '/comjob/save', {
      title, category: '前端开发', city: '杭州', salaryMin: 15000, salaryMax: 25000, experience: '3-5年', education: '本科',
      description: '负责招聘网站触屏版的开发与维护，和设计、后端一起交付。',
    });
    const me = await post(candidate.request, '/pclogin/islogin');
    await post(candidate.request, '/pcjob/apply', { jobid: job.id, resumeId: me.resumeId });
    const apps = await post(company.request, '/comresume/applyresume', { stageOppId: job.id, page: 1, pagesize: 5 });
    const suffix = String(Date.now()).slice(-5);
    const interviewer = await post(company.request, '/cominterviewer/save', { name: '李强', mobile: `135${suffix}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`, email: `m${suffix}@example.com` });
    const start = `${day} ${time}`;
    const interview = await post(company.request, '/cominterview/save', {
      applyId: apps.list[0].applyId, start, minutes, address, contact, contactPhone, interviewers: interviewer.id,
    });
    return { id: interview.id, title, start };
  } finally {
    await company.close();
    await candidate.close();
  }
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real PNG (a soft gradient), made here so the test needs no picture file. */
export function png(width, height) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([60 + (x * 120) / width, 110 + (y * 100) / height, 200], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Picks `label` in the select of a resume form's `field` (`[data-field]` of the resume editor's section forms). */
export async function choose(page, form, field, label) {
  const item = form.locator(`[data-field="${field}"] .ui-form-item`);
  // Before antd's select has come, its look-alike stands in; a click on it opens antd's once it is there.
  // Under load the look-alike can be swapped for antd's between the click and the choice, so the choice
  // is checked and made again (at most twice more).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await item.locator('.ant-select-selector, .ui-select-selector').first().click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).first();
    await option.click();
    await option.waitFor({ state: 'hidden' }).catch(() => {});
    if ((await item.locator('.ant-select-selection-item', { hasText: label }).count()) > 0) return;
  }
}
