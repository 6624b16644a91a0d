// Pictures in chat threads (issue 32; server/src/domain/chat_picture.rs), two browser contexts: the candidate (王芳,
// not the demo candidate, whose conversation is the demo's) picks a picture in the composer; a file over 5 MB or of
// another type is refused in the browser with a clear message; an upload that fails shows a pending bubble that is
// sent again; the recruiter sees the thumbnail (240 px) appear live, opens the full picture in the viewer by mouse and
// by keyboard, and the list shows [图片]. The same on /m at phone size. Screenshots and axe in zh-CN and en-US,
// desktop, narrow and phone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatBrowser, logIn, shootSides, shot, watch } from '../chat-helpers.mjs';
import { COMPANY, DESKTOP, ajax, assertNoA11yProblems, pageProblems, url } from '../lib.mjs';

const context = chatBrowser();
const CANDIDATE = { mobile: '13900000002', password: 'demo1234' };

const WORDS = {
  'zh-CN': { tooBig: '图片不能为空，且不能超过 5 MB', format: '只能发送 JPG、PNG 或 GIF 图片', failed: '图片发送失败', preview: '[图片]', close: '关闭大图' },
  'en-US': { tooBig: 'A picture cannot be empty or larger than 5 MB', format: 'Only JPG, PNG or GIF pictures can be sent', failed: 'The picture was not sent', preview: '[Picture]', close: 'Close the picture' },
};

/** A PNG of `w`×`h` drawn by the page's canvas (a gradient and a label), as a file for an input. */
async function pngFile(page, w, h, name, label) {
  const dataUrl = await page.evaluate(
    ([w, h, label]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d');
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, '#00a6a7');
      grad.addColorStop(1, '#f5a623');
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#fff';
      g.font = `${Math.round(h / 6)}px sans-serif`;
      g.fillText(label, w / 10, h / 2);
      return c.toDataURL('image/png');
    },
    [w, h, label],
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1], 'base64') };
}

/** Whether the image matched has loaded, and its natural size. */
async function loaded(img) {
  await img.waitFor();
  await img.evaluate((el) => (el.complete && el.naturalWidth > 0 ? null : new Promise((ok, fail) => ((el.onload = ok), (el.onerror = fail)))));
  return img.evaluate((el) => ({ w: el.naturalWidth, h: el.naturalHeight }));
}

async function sides(lang) {
  const cctx = await context({ lang });
  await logIn(cctx, '/pclogin/login', CANDIDATE);
  const cand = await cctx.newPage();
  const rctx = await context({ lang });
  await logIn(rctx, '/comlogin/login', COMPANY);
  const rec = await rctx.newPage();
  await rec.goto(url('/recruit/chat'));
  await rec.locator('[data-testid="chat"]').waitFor();
  const job = (await ajax(rec, '/comjob/list', { state: 'open', page: 1, pagesize: 5 })).list[0];
  await cand.goto(url('/my/chat'));
  await cand.locator('[data-testid="chat"]').waitFor();
  const conv = (await ajax(cand, '/chat/start', { jobid: job.id })).conversationId;
  return { cctx, rctx, cand, rec, conv };
}

describe('chat pictures: the composer, the live thumbnail, the viewer', () => {
  for (const lang of ['zh-CN', 'en-US']) {
    it(`${lang}: refused in the browser, retried after a failure, seen live and opened by the recruiter`, async () => {
      const w = WORDS[lang];
      const found = [];
      const { cctx, rctx, cand, rec, conv } = await sides(lang);
      const candErrors = watch(cand);
      const recErrors = watch(rec);
      await cand.goto(url(`/my/chat?c=${conv}`));
      await cand.locator('[data-testid="chat-job"]').waitFor();
      await rec.goto(url(`/recruit/chat?c=${conv}`));
      await rec.locator('[data-testid="chat-job"]').waitFor();
      const input = cand.locator('[data-testid="chat-picture-input"]');
      const before = await rec.locator('[data-testid="chat-picture"]').count();

      // Refused before anything is sent: over 5 MB, and not a picture type.
      let uploads = 0;
      cand.on('request', (r) => {
        if (r.url().endsWith('/ajax/chat/picture') && r.method() === 'POST') uploads += 1;
      });
      await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
      await cand.getByRole('alert').filter({ hasText: w.tooBig }).waitFor();
      await input.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
      await cand.getByRole('alert').filter({ hasText: w.format }).waitFor();
      assert.equal(uploads, 0, 'nothing was uploaded');

      // The first upload fails on the way (the network drops it): the bubble says so, and the same picture is sent
      // again with its client id, once.
      let dropped = false;
      await cand.route('**/ajax/chat/picture', async (route) => {
        if (!dropped) {
          dropped = true;
          await route.abort('connectionreset');
        } else {
          await route.continue();
        }
      });
      await input.setInputFiles(await pngFile(cand, 800, 600, lang === 'zh-CN' ? 'office.png' : 'desk.png', lang === 'zh-CN' ? '办公室' : 'Desk'));
      await cand.locator('[data-testid="chat-msg-pending"]').filter({ hasText: w.failed }).waitFor();
      assert.equal(await cand.getByRole('alert').count(), 0, 'a good picture clears the problem shown');
      const mine = cand.locator('[data-testid="chat-msg-mine"] [data-testid="chat-picture"]');
      await mine.nth(before).waitFor({ timeout: 20_000 });
      assert.equal(await cand.locator('[data-testid="chat-msg-pending"]').count(), 0);
      await cand.unroute('**/ajax/chat/picture');

      // The recruiter sees the thumbnail arrive without reloading: at most 240 px, with alt text.
      const theirs = rec.locator('[data-testid="chat-msg-theirs"] [data-testid="chat-picture"]').nth(before);
      await theirs.waitFor({ timeout: 15_000 });
      const thumb = theirs.locator('img');
      const size = await loaded(thumb);
      assert.ok(size.w <= 240 && size.h <= 240 && size.w === 240, `thumbnail ${size.w}×${size.h}`);
      assert.match((await thumb.getAttribute('alt')) ?? '', lang === 'zh-CN' ? /对方发送的图片/ : /Picture they sent/);
      assert.match((await thumb.getAttribute('src')) ?? '', /^\/ajax\/comchat\/picture\/\d+\?size=240$/);
      await rec.locator('[data-testid="chat-item"]', { hasText: w.preview }).first().waitFor({ timeout: 15_000 });
      await shootSides(found, 'chat-picture', lang, [[rec, 'recruit'], [cand, 'my']]);
      await rec.setViewportSize(DESKTOP);
      await cand.setViewportSize(DESKTOP);

      // Opened by a click: the full picture in a dialog; Escape closes it and the focus returns.
      await theirs.click();
      const viewer = rec.getByRole('dialog');
      await viewer.waitFor();
      const full = await loaded(viewer.locator('[data-testid="chat-picture-full"]'));
      assert.deepEqual(full, { w: 800, h: 600 }, 'the kept picture, not the thumbnail');
      await shot(rec, `chat-picture-viewer-recruit-${lang}-desktop`);
      found.push([`viewer recruit ${lang}`, await pageProblems(rec, lang)]);
      await rec.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
      // By keyboard: the thumbnail is a button.
      await theirs.focus();
      await rec.keyboard.press('Enter');
      await rec.getByRole('dialog').waitFor();
      await rec.getByRole('button', { name: w.close }).click();
      await rec.getByRole('dialog').waitFor({ state: 'hidden' });

      // The candidate opens their own picture too.
      await mine.nth(before).click();
      await loaded(cand.getByRole('dialog').locator('[data-testid="chat-picture-full"]'));
      await cand.getByRole('button', { name: w.close }).click();
      await cand.getByRole('dialog').waitFor({ state: 'hidden' });

      assert.deepEqual(candErrors.filter((e) => !/ERR_CONNECTION_RESET|Failed to load resource/.test(e)), []);
      assert.deepEqual(recErrors, []);
      await cctx.close();
      await rctx.close();
      assertNoA11yProblems(found, `chat pictures ${lang}`);
    });
  }

  it('/m at phone size: the candidate sends a picture and sees its thumbnail; the list says [图片]', async () => {
    const found = [];
    for (const lang of ['zh-CN', 'en-US']) {
      const w = WORDS[lang];
      const { cctx, rctx, conv } = await sides(lang);
      await cctx.close();
      const ctx = await context({ device: 'iPhone 13', lang });
      await logIn(ctx, '/pclogin/login', CANDIDATE);
      const page = await ctx.newPage();
      const errors = watch(page);
      await page.goto(url(`/m/chat?c=${conv}`));
      await page.locator('[data-testid="chat-job"]').waitFor();
      const before = await page.locator('[data-testid="chat-msg-mine"] [data-testid="chat-picture"]').count();
      await page.locator('[data-testid="chat-picture-input"]').setInputFiles(await pngFile(page, 640, 960, 'phone.png', lang === 'zh-CN' ? '手机' : 'Phone'));
      const pic = page.locator('[data-testid="chat-msg-mine"] [data-testid="chat-picture"]').nth(before);
      await pic.waitFor({ timeout: 20_000 });
      const size = await loaded(pic.locator('img'));
      assert.equal(size.h, 240, `a tall picture's thumbnail is 240 px high: ${size.w}×${size.h}`);
      await shot(page, `chat-picture-m-thread-${lang}-phone`);
      found.push([`m thread ${lang}`, await pageProblems(page, lang)]);
      await pic.click();
      await loaded(page.getByRole('dialog').locator('[data-testid="chat-picture-full"]'));
      await shot(page, `chat-picture-m-viewer-${lang}-phone`);
      found.push([`m viewer ${lang}`, await pageProblems(page, lang)]);
      await page.getByRole('button', { name: w.close }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.goto(url('/m/chat'));
      await page.locator('[data-testid="chat-item"]', { hasText: w.preview }).first().waitFor();
      assert.deepEqual(errors, []);
      await ctx.close();
      await rctx.close();
    }
    assertNoA11yProblems(found, 'chat pictures /m');
  });
});
