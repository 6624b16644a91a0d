// The account screens end to end: register with the slider and an SMS code, log in by code, forgot password,
// and /my/account (password, email, mobile, WeChat). The slider is dragged with the mouse to where the
// picture shows the gap; codes come from the dev SMS outbox; WeChat is "scanned" on the dev scan page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEMO,
  devWxScan,
  dragSliderTo,
  findSliderGap,
  latestCode,
  latestEmailCode,
  openBrowser,
  passSlider,
  pathOf,
  readUntil,
  submitLogin,
  url,
  waitForTitle,
  watchErrors,
} from '../lib.mjs';

/** A new candidate, registered here; later moved to NEW_MOBILE. */
const A = { mobile: '13712340001', password: 'lvse2026a', newPassword: 'xyz98765', name: '用户0001' };
const NEW_MOBILE = '13712340002';
/** The second demo candidate (seeded), whose password the forgot-password test resets. */
const B = { mobile: '13900000001', password: 'demo1234', newPassword: 'reset2468' };

/** The server lets one code go to a phone every SMS_MIN_INTERVAL_SECS (60 by default). */
const SMS_INTERVAL_MS = Number(process.env.SMS_MIN_INTERVAL_SECS ?? 60) * 1000;
const lastCodeAt = new Map();

async function waitForSmsWindow(mobile) {
  const last = lastCodeAt.get(mobile);
  if (last === undefined) return;
  const wait = last + SMS_INTERVAL_MS + 1500 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Clicks "获取验证码" of the form, passes the slider, and returns the code the outbox got. */
async function getCode(page, formName, mobile) {
  await waitForSmsWindow(mobile);
  const since = Date.now() - 1000;
  await page.locator(`form#${formName} .send-code-btn`).click();
  await passSlider(page);
  const code = await latestCode(mobile, { after: since });
  lastCodeAt.set(mobile, Date.now());
  assert.match(code, /^\d{6}$/);
  return code;
}

async function loginWith(page, mobile, password, expectPath = '/my/tags') {
  await page.goto(url('/login'));
  await submitLogin(page, { mobile, password });
  await page.waitForURL((u) => new URL(u).pathname === expectPath);
}

async function logoutViaMenu(page) {
  await page.locator('.site-header .user-trigger').hover();
  const logout = page.locator('.user-dropdown [data-menu="logout"]');
  await logout.waitFor({ state: 'visible' });
  await logout.click();
  await page.locator('.site-header .login-link').waitFor();
}

async function toastText(page, text) {
  const notice = page.locator('.ant-message-notice', { hasText: text });
  await notice.first().waitFor({ state: 'visible', timeout: 10_000 });
  return (await notice.first().innerText()).trim();
}

/**
 * The error an item of the form shows, once it is `expected` (rules run as the user types, so a message
 * for a shorter input may show first); fails with what it does show after a few seconds.
 */
async function fieldError(page, formName, field, expected) {
  const explain = page.locator(`form#${formName} .ant-form-item:has(#${formName}_${field}) .ant-form-item-explain-error`);
  return readUntil(async () => (await explain.allInnerTexts()).map((s) => s.trim()).join(' | '), (shown) => shown === expected, { ms: 5000, every: 100 });
}

async function alertText(page, scope = '') {
  const alert = page.locator(`${scope} .login-error`.trim());
  await alert.waitFor({ state: 'visible' });
  return (await alert.innerText()).trim();
}

const section = (page, id) => page.locator(`.account-list [data-section="${id}"]`);

async function openAccount(page) {
  await page.goto(url('/my/account'));
  // The masked mobile shows at once (from the user record); email and WeChat once loaded.
  await page.locator('.account-list[data-ready="true"]').waitFor();
  await waitForTitle(page, '账号设置 - 职达招聘');
}

describe('account screens', () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('registers a new mobile: slider dragged to the gap, code from the outbox, lands logged in', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url('/login'));
    await page.locator('.register-link').click();
    await page.waitForURL((u) => new URL(u).pathname === '/register');
    await waitForTitle(page, '注册 - 职达招聘');

    // The code button first wants a valid mobile: no slider for a short number.
    await page.locator('#register_mobile').fill('1371234');
    await page.locator('form#register .send-code-btn').click();
    assert.equal(await fieldError(page, 'register', 'mobile', '请输入正确的11位手机号'), '请输入正确的11位手机号');
    assert.equal(await page.locator('.slider-modal').count(), 0);

    await page.locator('#register_mobile').fill(A.mobile);
    const code = await getCode(page, 'register', A.mobile);
    // The countdown runs from the server's interval (60 s) and holds the button.
    const button = page.locator('form#register .send-code-btn');
    assert.match(await button.innerText(), /^(60|59|58)秒后重新获取$/);
    assert.equal(await button.isDisabled(), true);
    await toastText(page, `验证码已发送至 137****0001`);
    // The focus moved on to the code box.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'register_code');

    await page.locator('#register_code').fill(code);
    await page.locator('#register_password').fill(A.password);
    await page.locator('#register_confirmPassword').fill(A.password);
    await page.locator('#register_agree').check();
    await page.locator('form#register button[type="submit"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    assert.equal(await page.locator('.site-header .user-name').innerText(), A.name);
    assert.deepEqual(errors, []);

    await logoutViaMenu(page);
    assert.equal(await page.locator('.site-header .user-trigger').count(), 0);
    await ctx.close();
  });

  it('a registered mobile gets "该手机号已注册" with a link to log in', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/register?returnUrl=%2Fmy%2Faccount'));
    await page.locator('#register_mobile').fill(A.mobile);
    await page.locator('form#register .send-code-btn').click();
    await passSlider(page);
    await alertText(page, 'form#register');
    assert.equal(await page.locator('form#register .auth-alert-message').innerText(), '该手机号已注册');
    assert.equal(await page.locator('form#register .auth-alert-link').innerText(), '去登录');
    // What was typed stays.
    assert.equal(await page.locator('#register_mobile').inputValue(), A.mobile);
    await page.locator('form#register .auth-alert-link').click();
    await page.waitForURL((u) => new URL(u).pathname === '/login');
    assert.equal(new URL(page.url()).search, '?returnUrl=%2Fmy%2Faccount');
    // And no code went out.
    const sent = await (await fetch(url('/dev/outbox?format=json'))).json();
    assert.equal(sent.filter((m) => m.mobile === A.mobile).length, 1);
    await ctx.close();
  });

  for (const [lang, words] of [
    [
      'zh-CN',
      {
        onlyDigits: '密码不能全为数字',
        differ: '两次输入的密码不一致',
        agreement: '请阅读并同意《会员服务协议》',
        codeWrong: '验证码错误或已失效，请重新获取',
        common: '该密码过于常见，容易被猜中，请换一个',
      },
    ],
    [
      'en-US',
      {
        onlyDigits: 'The password must not be digits only',
        differ: 'The two passwords do not match',
        agreement: 'Please read and accept the Member Agreement',
        codeWrong: 'The code is wrong or has expired; please get a new one',
        common: 'This password is too common and easy to guess; please choose another',
      },
    ],
  ]) {
    it(`bad input on /register shows the messages in ${lang}, and a failed submit keeps what was typed`, async () => {
      const ctx = await browser.context({ lang });
      const page = await ctx.newPage();
      await page.goto(url('/register'));
      await page.locator('form#register').waitFor();

      // The phone box keeps digits only, 11 at most; the password box drops Chinese.
      await page.locator('#register_mobile').pressSequentially('1a3７7-1234 00099');
      assert.equal(await page.locator('#register_mobile').inputValue(), '13712340009');
      await page.locator('#register_password').pressSequentially('密码12345678');
      assert.equal(await page.locator('#register_password').inputValue(), '12345678');
      // The rule runs as the user types.
      assert.equal(await fieldError(page, 'register', 'password', words.onlyDigits), words.onlyDigits);
      await page.locator('#register_password').fill('lvse2026a');
      assert.equal(await fieldError(page, 'register', 'password', ''), '');

      await page.locator('#register_confirmPassword').fill('abc12346');
      assert.equal(await fieldError(page, 'register', 'confirmPassword', words.differ), words.differ);
      await page.locator('#register_confirmPassword').fill('lvse2026a');
      await page.locator('#register_code').fill('123456');

      // Unticked agreement: no call, a message.
      await page.locator('form#register button[type="submit"]').click();
      assert.equal(await fieldError(page, 'register', 'agree', words.agreement), words.agreement);
      assert.equal(pathOf(page), '/register');

      // The agreement text opens in a modal, and its button ticks the box.
      await page.locator('form#register .agreement-link').click();
      const agreement = page.locator('.agreement-modal');
      await agreement.waitFor({ state: 'visible' });
      assert.ok((await agreement.locator('.agreement-text').innerText()).length > 100);
      await agreement.locator('.ant-btn-primary').click();
      await agreement.waitFor({ state: 'hidden' });
      assert.equal(await page.locator('#register_agree').isChecked(), true);

      // One of the 10,000 most common passwords passes the rule as typed; the server says no.
      await page.locator('#register_password').fill('Password1');
      await page.locator('#register_confirmPassword').fill('Password1');
      await page.locator('form#register button[type="submit"]').click();
      assert.equal(await alertText(page, 'form#register'), words.common);
      await page.locator('#register_password').fill('lvse2026a');
      await page.locator('#register_confirmPassword').fill('lvse2026a');

      // The server refuses a code never sent; the message is in the user's language and the form keeps its values.
      await page.locator('form#register button[type="submit"]').click();
      await page.locator('form#register .login-error', { hasText: words.codeWrong }).waitFor();
      assert.equal(await alertText(page, 'form#register'), words.codeWrong);
      assert.equal(await page.locator('#register_mobile').inputValue(), '13712340009');
      assert.equal(await page.locator('#register_code').inputValue(), '123456');
      assert.equal(await page.locator('#register_password').inputValue(), 'lvse2026a');
      assert.equal(await page.locator('#register_confirmPassword').inputValue(), 'lvse2026a');
      assert.equal(pathOf(page), '/register');
      await ctx.close();
    });
  }

  it('forgot password on a 320px screen (the slider picture scaled down): a new password; the old one is refused', async () => {
    const ctx = await browser.context({ viewport: { width: 320, height: 740 } });
    const page = await ctx.newPage();
    await page.goto(url('/login'));
    await page.locator('.forgot-link').click();
    await page.waitForURL((u) => new URL(u).pathname === '/forgot-password');
    await waitForTitle(page, '找回密码 - 职达招聘');

    // A phone without an account reads the same as one with: its code goes out, and the reset with the right
    // code answers as for an account; nothing is made, so that mobile and password still log nobody in.
    const nobody = '13712349999';
    const asked = Date.now() - 1000;
    await page.locator('#reset_mobile').fill(nobody);
    await page.locator('form#reset .send-code-btn').click();
    await passSlider(page);
    await toastText(page, '验证码已发送至 137****9999');
    await page.locator('#reset_code').fill(await latestCode(nobody, { after: asked }));
    await page.locator('#reset_password').fill(B.newPassword);
    await page.locator('#reset_confirmPassword').fill(B.newPassword);
    await page.locator('form#reset button[type="submit"]').click();
    await toastText(page, '密码已重置，请使用新密码登录');
    await page.waitForURL((u) => new URL(u).pathname === '/login');
    await submitLogin(page, { mobile: nobody, password: B.newPassword });
    assert.match(await alertText(page, 'form#login'), /用户名或密码错误/);

    // The send button counts down after a code; a fresh page for the account's own reset.
    await page.goto(url('/forgot-password'));
    await page.locator('#reset_mobile').fill(B.mobile);
    await waitForSmsWindow(B.mobile);
    const since = Date.now() - 1000;
    await page.locator('form#reset .send-code-btn').click();
    await page.locator('.slider-modal .slider-captcha[data-phase="ready"]').waitFor();
    // The picture is shown narrower than its 310 px; the slide is scaled back to picture pixels.
    const shown = await page.locator('.slider-modal img.slider-bg').boundingBox();
    assert.ok(shown.width < 300, `the picture is ${shown.width}px wide`);
    await passSlider(page);
    const code = await latestCode(B.mobile, { after: since });
    lastCodeAt.set(B.mobile, Date.now());
    await page.locator('#reset_code').fill(code);
    await page.locator('#reset_password').fill(B.newPassword);
    await page.locator('#reset_confirmPassword').fill(B.newPassword);
    await page.locator('form#reset button[type="submit"]').click();
    await toastText(page, '密码已重置，请使用新密码登录');
    await page.waitForURL((u) => new URL(u).pathname === '/login');

    await submitLogin(page, { mobile: B.mobile, password: B.password });
    assert.equal(await alertText(page, 'form#login'), '用户名或密码错误');
    assert.equal(pathOf(page), '/login');
    await page.locator('#login_password').fill(B.newPassword);
    await page.locator('form#login button[type="submit"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    assert.equal(await page.locator('.site-header .user-trigger').count(), 1);
    await ctx.close();
  });

  it('changes the password on /my/account; a wrong original is refused, then the old password is', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await loginWith(page, A.mobile, A.password);
    await openAccount(page);
    assert.equal(await section(page, 'mobile').locator('.account-mobile').innerText(), '137****0001');
    assert.match(await section(page, 'password').innerText(), /已设置/);

    await section(page, 'password').locator('[data-action="change-password"]').click();
    const modal = page.locator('.account-modal', { has: page.locator('form#changePassword') });
    await modal.waitFor({ state: 'visible' });
    await page.locator('#changePassword_oldPassword').fill('not-my-password1');
    await page.locator('#changePassword_password').fill(A.newPassword);
    await page.locator('#changePassword_confirmPassword').fill(A.newPassword);
    await page.locator('form#changePassword button[type="submit"]').click();
    assert.equal(await alertText(page, 'form#changePassword'), '原密码错误');
    // The failed submit kept what was typed.
    assert.equal(await page.locator('#changePassword_password').inputValue(), A.newPassword);

    await page.locator('#changePassword_oldPassword').fill(A.password);
    await page.locator('form#changePassword button[type="submit"]').click();
    await toastText(page, '密码已修改');
    await modal.waitFor({ state: 'hidden' });

    await logoutViaMenu(page);
    await page.goto(url('/login'));
    await submitLogin(page, { mobile: A.mobile, password: A.password });
    assert.equal(await alertText(page, 'form#login'), '用户名或密码错误');
    await page.locator('#login_password').fill(A.newPassword);
    await page.locator('form#login button[type="submit"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    await ctx.close();
  });

  it('binds an email; the same email again and one bound by another user are refused', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await loginWith(page, A.mobile, A.newPassword);
    await openAccount(page);
    assert.match(await section(page, 'email').innerText(), /未绑定/);

    await section(page, 'email').locator('[data-action="change-email"]').click();
    await page.locator('#bindEmail_email').fill('not-an-email');
    await page.locator('#bindEmail_email').blur();
    assert.equal(await fieldError(page, 'bindEmail', 'email', '请输入正确的邮箱地址'), '请输入正确的邮箱地址');
    await page.locator('#bindEmail_email').fill('Candidate.A@Example.com');
    // The address is bound only with the code mailed to it: none, then a wrong one, are refused.
    await page.locator('form#bindEmail button[type="submit"]').click();
    assert.equal(await fieldError(page, 'bindEmail', 'code', '请输入邮件中的验证码'), '请输入邮件中的验证码');
    await page.locator('form#bindEmail .send-code-btn').click();
    await toastText(page, '验证码已发送至 Candidate.A@Example.com，5分钟内有效');
    const mailed = await latestEmailCode('candidate.a@example.com');
    await page.locator('#bindEmail_code').fill(mailed === '000000' ? '111111' : '000000');
    await page.locator('form#bindEmail button[type="submit"]').click();
    assert.equal(await alertText(page, 'form#bindEmail'), '验证码错误或已失效，请重新获取');
    await page.locator('#bindEmail_code').fill(mailed);
    await page.locator('form#bindEmail button[type="submit"]').click();
    await toastText(page, '邮箱已绑定');
    assert.equal(await section(page, 'email').locator('.account-email').innerText(), 'candidate.a@example.com');

    await section(page, 'email').locator('[data-action="change-email"]').click();
    await page.locator('#bindEmail_email').fill('candidate.a@example.com');
    await page.locator('form#bindEmail .send-code-btn').click();
    assert.equal(await alertText(page, 'form#bindEmail'), '新邮箱与当前绑定的邮箱相同');
    await ctx.close();

    const other = await browser.context();
    const demo = await other.newPage();
    await loginWith(demo, DEMO.mobile, DEMO.password);
    await openAccount(demo);
    await section(demo, 'email').locator('[data-action="change-email"]').click();
    await demo.locator('#bindEmail_email').fill('candidate.a@example.com');
    await demo.locator('form#bindEmail .send-code-btn').click();
    assert.equal(await alertText(demo, 'form#bindEmail'), '该邮箱已被其他用户绑定');
    await other.close();
  });

  it('binds WeChat through the dev scan page: the account page turns to bound by its polling; then unbinds', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await loginWith(page, A.mobile, A.newPassword);
    await openAccount(page);
    assert.match(await section(page, 'wechat').innerText(), /未绑定/);

    const answer = page.waitForResponse((r) => r.url().endsWith('/ajax/im/getImWxCode'));
    await section(page, 'wechat').locator('[data-action="bind-wechat"]').click();
    const { result } = await (await answer).json();
    assert.match(result.qrContent, /\/dev\/wx\/scan\/[^/]+$/);
    const qr = page.locator('.wx-modal img.wx-qr');
    await qr.waitFor({ state: 'visible' });
    assert.match(await qr.getAttribute('src'), /^data:image\/png;base64,/);
    assert.equal(await page.locator('.wx-modal .wx-dev-link').getAttribute('href'), result.qrContent);
    await page.locator('.wx-modal .wx-status').waitFor();

    // The "phone" scans in another page; nothing is clicked on the account page.
    const scan = await devWxScan(ctx, result.qrContent, { nickname: '小A的微信' });
    assert.equal(scan.text, '绑定成功，请回到电脑上查看。');
    await toastText(page, '微信绑定成功');
    await page.locator('.wx-modal').waitFor({ state: 'hidden' });
    assert.equal(await section(page, 'wechat').locator('.account-wx-bound').innerText(), '已绑定：小A的微信');

    // The same WeChat scanned for another account is refused.
    const other = await browser.context();
    const demo = await other.newPage();
    await loginWith(demo, DEMO.mobile, DEMO.password);
    await openAccount(demo);
    const demoAnswer = demo.waitForResponse((r) => r.url().endsWith('/ajax/im/getImWxCode'));
    await section(demo, 'wechat').locator('[data-action="bind-wechat"]').click();
    const demoCode = (await (await demoAnswer).json()).result;
    await demo.locator('.wx-modal img.wx-qr').waitFor({ state: 'visible' });
    const refused = await devWxScan(other, demoCode.qrContent, { openid: scan.openid });
    assert.equal(refused.text, '该微信已绑定其他账号。');
    const cover = demo.locator('.wx-modal .wx-qr-status');
    await cover.waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await cover.innerText(), '该微信已绑定其他账号');
    // A fresh code can be drawn from there.
    await demo.locator('.wx-modal .wx-refresh').click();
    await demo.locator('.wx-modal .wx-bind[data-view="waiting"]').waitFor();
    await other.close();

    // Unbinding asks first.
    await section(page, 'wechat').locator('[data-action="unbind-wechat"]').click();
    const confirm = page.locator('.wx-unbind-confirm');
    await confirm.waitFor({ state: 'visible' });
    assert.match(await confirm.innerText(), /确定解除微信绑定吗？/);
    await confirm.locator('.ant-btn-dangerous').click();
    await toastText(page, '已解除微信绑定');
    await section(page, 'wechat').locator('[data-action="bind-wechat"]').waitFor();
    assert.match(await section(page, 'wechat').innerText(), /未绑定/);
    await ctx.close();
  });

  it('logs in by SMS code (a missed slide shakes and draws a new picture) and goes to the return URL', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await page.goto(url('/login?returnUrl=%2Fmy%2Faccount'));
    await page.locator('.login-tabs .ant-tabs-tab', { hasText: '验证码登录' }).click();
    await page.locator('form#codeLogin').waitFor({ state: 'visible' });
    await page.locator('#codeLogin_mobile').fill(A.mobile);

    await waitForSmsWindow(A.mobile);
    await page.locator('form#codeLogin .send-code-btn').click();
    // A miss on purpose: the picture is spent, the slider says so and draws another.
    const scope = '.slider-modal .slider-captcha';
    await page.locator(`${scope}[data-phase="ready"]`).waitFor();
    const firstPicture = await page.locator(`${scope} img.slider-bg`).getAttribute('src');
    const gap = await findSliderGap(page, scope);
    await dragSliderTo(page, gap > 150 ? gap - 70 : gap + 70, scope);
    await page.locator(`${scope}[data-phase="failed"]`).waitFor();
    assert.match(await page.locator(`${scope} .slider-picture`).getAttribute('class'), /shake/);
    await page.locator(`${scope}[data-phase="ready"]`).waitFor();
    assert.equal(await page.locator(`${scope} .slider-notice`).innerText(), '验证失败，请重试');
    assert.notEqual(await page.locator(`${scope} img.slider-bg`).getAttribute('src'), firstPicture);
    const since = Date.now() - 1000;
    await passSlider(page);
    const code = await latestCode(A.mobile, { after: since });
    lastCodeAt.set(A.mobile, Date.now());

    // A wrong code first: refused in words, the form keeps the mobile.
    await page.locator('#codeLogin_code').fill(code === '000000' ? '111111' : '000000');
    await page.locator('form#codeLogin button[type="submit"]').click();
    assert.equal(await alertText(page, 'form#codeLogin'), '验证码错误或已失效，请重新获取');
    assert.equal(await page.locator('#codeLogin_mobile').inputValue(), A.mobile);

    await page.locator('#codeLogin_code').fill(code);
    await page.locator('form#codeLogin button[type="submit"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/account');
    assert.equal(await page.locator('.site-header .user-name').innerText(), A.name);
    await ctx.close();
  });

  it('changes the mobile with the slider and a code to the new number', async () => {
    const ctx = await browser.context();
    const page = await ctx.newPage();
    await loginWith(page, A.mobile, A.newPassword);
    await openAccount(page);
    await section(page, 'mobile').locator('[data-action="change-mobile"]').click();
    const form = page.locator('form#changeMobile');
    await form.waitFor({ state: 'visible' });
    assert.equal(await form.locator('.account-current').innerText(), '当前手机号：137****0001');

    // Another account's number is refused before any code goes out.
    await page.locator('#changeMobile_mobile').fill(DEMO.mobile);
    await page.locator('form#changeMobile .send-code-btn').click();
    await passSlider(page);
    assert.equal(await alertText(page, 'form#changeMobile'), '该手机号已绑定其他账号');

    await page.locator('#changeMobile_mobile').fill(NEW_MOBILE);
    const code = await getCode(page, 'changeMobile', NEW_MOBILE);
    await page.locator('#changeMobile_code').fill(code);
    // The log-in id changes only with the current password: a wrong one is said, nothing changes.
    await page.locator('#changeMobile_password').fill('wrong-pass1');
    await form.locator('button[type="submit"]').click();
    assert.equal(await alertText(page, 'form#changeMobile'), '原密码错误');
    assert.equal(await page.locator('#changeMobile_mobile').inputValue(), NEW_MOBILE, 'the edits stay');
    await page.locator('#changeMobile_password').fill(A.newPassword);
    await form.locator('button[type="submit"]').click();
    await toastText(page, '手机号已更换为 137****0002，其他设备已退出登录');
    await form.waitFor({ state: 'hidden' });
    assert.equal(await section(page, 'mobile').locator('.account-mobile').innerText(), '137****0002');

    // The server has it: the new number logs in, the old one no longer does.
    await logoutViaMenu(page);
    await page.goto(url('/login'));
    await submitLogin(page, { mobile: A.mobile, password: A.newPassword });
    assert.equal(await alertText(page, 'form#login'), '用户名或密码错误');
    await page.locator('#login_mobile').fill(NEW_MOBILE);
    await page.locator('form#login button[type="submit"]').click();
    await page.waitForURL((u) => new URL(u).pathname === '/my/tags');
    await ctx.close();
  });
});
