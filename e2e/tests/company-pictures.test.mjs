// The company's pictures (issue 15), as the demo company's owner (13700000000): on /recruit/company a wrong
// file is refused in the page's language and nothing changes; a logo, photos, the video's cover and the
// business licence upload without losing the form's unsaved edits; a photo is removed. The public company
// page (desktop and /m) then shows the logo and photos, never the licence. axe-core on each page in zh-CN and
// en-US at desktop and narrow widths (phone size for /m); screenshots into screenshots/company-pictures-*.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE_390, a11yProblems, ajax, assertNoA11yProblems, companyLogin, ensureShotsDir, openBrowser, pageOverflow, settle, url, watchErrors } from '../lib.mjs';

const shots = ensureShotsDir();

/** A PNG drawn in the page: a coloured square with `text` on it, `w`×`h`. */
async function drawnPng(page, text, color, w = 320, h = 240) {
  const data = await page.evaluate(
    ([t, c, width, height]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d');
      g.fillStyle = c;
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#fff';
      g.font = `bold ${Math.round(height / 4)}px sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(t, width / 2, height / 2);
      return canvas.toDataURL('image/png').split(',')[1];
    },
    [text, color, w, h],
  );
  return Buffer.from(data, 'base64');
}

/** Sends `file` through the button `button` (it opens the file chooser). */
async function choose(page, button, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(button).click()]);
  await chooser.setFiles(file);
}

describe('company pictures', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('the owner uploads and removes pictures; the public pages show them, never the licence', async () => {
    const ctx = await browser.context({ viewport: DESKTOP, lang: 'zh-CN' });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await companyLogin(page);
    await page.goto(url('/recruit/company'));
    await page.locator('[data-testid="company-pictures"]').waitFor();
    const before = await ajax(page, '/comcompany/get');

    // An unsaved edit of the form stays through every upload.
    await page.locator('#company_intro').fill('未保存的介绍：上传图片不应清掉它');

    // A text file called .png: refused by the browser's check, said in Chinese, nothing sent.
    await choose(page, '[data-testid="picture-logo-upload"]', { name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await assert.doesNotReject(page.locator('[data-testid="picture-error"]', { hasText: '请上传 JPG、PNG 或 GIF 格式的图片' }).waitFor({ timeout: 5000 }));
    // Bytes that are not a picture under a picture's name: refused by the server, said the same way.
    await choose(page, '[data-testid="picture-logo-upload"]', { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 pretending') });
    await page.locator('[data-testid="picture-error"]', { hasText: '请上传 JPG、PNG 或 GIF 格式的图片' }).waitFor({ timeout: 10_000 });
    assert.deepEqual((await ajax(page, '/comcompany/get')).pictures, before.pictures, 'a refused file changes nothing');

    await choose(page, '[data-testid="picture-logo-upload"]', { name: 'logo.png', mimeType: 'image/png', buffer: await drawnPng(page, '职达', '#00a6a7', 240, 240) });
    await page.locator('[data-testid="picture-logo"] img').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[data-testid="picture-error"]').count(), 0, 'the error goes once a picture is taken');
    for (const [i, color] of ['#3a7bd5', '#e67e22'].entries()) {
      await choose(page, '[data-testid="picture-photo-add"]', { name: `office${i}.png`, mimeType: 'image/png', buffer: await drawnPng(page, `办公室 ${i + 1}`, color) });
      await page.locator('[data-testid="picture-photos"] img').nth(i).waitFor({ timeout: 10_000 });
    }
    await choose(page, '[data-testid="picture-cover-upload"]', { name: 'cover.png', mimeType: 'image/png', buffer: await drawnPng(page, '宣传片', '#8e44ad', 640, 360) });
    await page.locator('[data-testid="picture-cover"] img').waitFor({ timeout: 10_000 });
    await choose(page, '[data-testid="picture-licence-upload"]', { name: 'licence.png', mimeType: 'image/png', buffer: await drawnPng(page, '营业执照', '#c0392b', 600, 420) });
    await page.locator('[data-testid="licence-link"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#company_intro').inputValue(), '未保存的介绍：上传图片不应清掉它', 'the unsaved edit is still there');

    // A third photo, then removed again.
    await choose(page, '[data-testid="picture-photo-add"]', { name: 'extra.png', mimeType: 'image/png', buffer: await drawnPng(page, '多余', '#7f8c8d') });
    await page.locator('[data-testid="picture-photos"] img').nth(2).waitFor({ timeout: 10_000 });
    await page.locator('[data-testid="picture-photos"] li').nth(2).getByRole('button').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="picture-photos"] img').length === 2, null, { timeout: 10_000 });
    const saved = await ajax(page, '/comcompany/get');
    assert.equal(saved.pictures.photos.length, 2);
    assert.ok(saved.pictures.logo && saved.pictures.videoCover && saved.licence, JSON.stringify(saved));

    // The public company page shows the logo and the photos; the licence's address is nowhere on it.
    const companyId = saved.id;
    await page.goto(url(`/company/${companyId}`));
    await page.locator('[data-testid="company-head"] img.company-logo-picture').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[data-testid="company-photos"] img').count(), 2);
    assert.ok(!(await page.content()).includes('licence'), 'the licence is not on the public page');
    const logoLoaded = await page.locator('[data-testid="company-head"] img.company-logo-picture').evaluate((img) => img.complete && img.naturalWidth > 0);
    assert.ok(logoLoaded, 'the logo picture loads');
    // The one failed load is the server's refusal of the fake picture (400, FILE_FORMAT), said on the page.
    assert.deepEqual(errors, ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await ctx.close();
  });

  for (const [lang, size, viewport] of [
    ['zh-CN', '1366', DESKTOP],
    ['en-US', '1366', DESKTOP],
    ['zh-CN', '390', PHONE_390],
    ['en-US', '390', PHONE_390],
  ]) {
    it(`axe-core on the pictures' pages, ${lang} at ${size} px`, async () => {
      const found = [];
      const ctx = await browser.context({ viewport, lang });
      const page = await ctx.newPage();
      const check = async (name) => {
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton'), null, { timeout: 15_000 }).catch(() => {});
        await settle(page);
        const problems = await a11yProblems(page, lang);
        const overflow = await pageOverflow(page);
        if (overflow > 1) problems.push({ id: 'page-overflow', impact: 'layout', help: `the page scrolls sideways by ${overflow}px`, nodes: [{ target: 'html', summary: '' }] });
        await page.screenshot({ path: join(shots, `company-pictures-${name}-${lang}-${size}.png`), fullPage: true });
        found.push([name, problems]);
      };
      await companyLogin(page);
      const company = await ajax(page, '/comcompany/get');
      assert.ok(company.pictures.logo, 'the first test uploaded a logo');
      await page.goto(url('/recruit/company'));
      await page.locator('[data-testid="picture-logo"] img').waitFor();
      await check('recruit');
      await page.goto(url(`/company/${company.id}`));
      await page.locator('[data-testid="company-photos"] img').first().waitFor();
      await check('public');
      if (size === '390') {
        await page.goto(url(`/m/company/${company.id}`));
        await page.locator('[data-testid="company-photos"] img').first().waitFor();
        await check('mobile');
      }
      await ctx.close();
      assertNoA11yProblems(found, `company pictures, ${lang} at ${size} px`);
    });
  }
});
