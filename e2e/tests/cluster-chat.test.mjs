// Chat through the cluster (issue 32; scripts/cluster): the candidate's browser talks to one server, the
// recruiter's to the other, each with its own socket; a message stored by one reaches the other's page live
// (the servers wake each other through PostgreSQL NOTIFY; the database is the record), read ticks included.
// Then the same two people through nginx, which passes the socket upgrade on. Run by run.mjs only with
// E2E_CLUSTER_URL (scripts/test starts the cluster for it).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, COMPANY, openBrowser, readUntil } from '../lib.mjs';

const NODES = (process.env.E2E_CLUSTER_NODES ?? '').split(',').filter(Boolean);
// 王芳, who applied to the demo company (the demo candidate has the seeded demo conversation).
const CANDIDATE = { mobile: '13900000002', password: 'demo1234' };

/** Logs the context in through `base` (its cookie then goes to every server of the host). */
async function logIn(ctx, base, path, form) {
  const res = await ctx.request.post(`${base}/ajax${path}`, { form, headers: { origin: base } });
  const body = await res.json();
  assert.ok(body.result, `log-in: ${JSON.stringify(body)}`);
}

async function call(ctx, base, path, form = {}) {
  const res = await ctx.request.post(`${base}/ajax${path}`, { form, headers: { origin: base } });
  const body = await res.json();
  assert.equal(res.status(), 200, `${path}: ${JSON.stringify(body)}`);
  return body.result;
}

/** Whether the page's chat socket is open (the ui falls back to polling without one). */
async function socketOpened(page, base) {
  return page.waitForEvent('websocket', { predicate: (ws) => ws.url().startsWith(base.replace('http', 'ws')), timeout: 15_000 });
}

describe('chat across the cluster', () => {
  let browser;
  const [A, B] = NODES;
  before(async () => {
    assert.equal(NODES.length, 2, 'E2E_CLUSTER_NODES names the two servers');
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('a candidate on one server and a recruiter on the other talk live, with read ticks', async () => {
    const cctx = await browser.context();
    const rctx = await browser.context();
    await logIn(cctx, A, '/pclogin/login', CANDIDATE);
    await logIn(rctx, B, '/comlogin/login', COMPANY);
    const job = (await call(rctx, B, '/comjob/list', { state: 'open', page: 1, pagesize: 5 })).list[0];
    const conv = (await call(cctx, A, '/chat/start', { jobid: job.id })).conversationId;

    const rec = await rctx.newPage();
    const recSocket = socketOpened(rec, B);
    await rec.goto(`${B}/recruit/chat?c=${conv}`);
    await recSocket;
    const cand = await cctx.newPage();
    const candSocket = socketOpened(cand, A);
    await cand.goto(`${A}/my/chat?c=${conv}`);
    await candSocket;
    await cand.locator('[data-testid="chat-input"]').waitFor();
    await rec.locator('[data-testid="chat-input"]').waitFor();

    const text = `跨服务器的消息 ${Date.now() % 100000}`;
    await cand.locator('[data-testid="chat-input"]').fill(text);
    await cand.locator('[data-testid="chat-input"]').press('Enter');
    // Stored by A; B's page gets it over B's socket, no reload.
    await rec.locator('[data-testid="chat-msg-theirs"]', { hasText: text }).waitFor({ timeout: 15_000 });
    // B's page had the thread open: the read mark goes back to A's page as 已读.
    await cand.locator('[data-testid="chat-msg-mine"]', { hasText: text }).locator('.chat-tick.read').waitFor({ timeout: 15_000 });

    const reply = `另一台服务器的回复 ${Date.now() % 100000}`;
    await rec.locator('[data-testid="chat-input"]').fill(reply);
    await rec.locator('[data-testid="chat-input"]').press('Enter');
    await cand.locator('[data-testid="chat-msg-theirs"]', { hasText: reply }).waitFor({ timeout: 15_000 });

    // The record is one: both servers answer the same thread, in the same order.
    const seqs = async (ctx, base, face) => (await call(ctx, base, `${face}/messages`, { conversationId: conv, afterSeq: 0 })).list.map((m) => `${m.seq}:${m.text}`);
    const fromA = await seqs(rctx, A, '/comchat');
    assert.deepEqual(await seqs(rctx, B, '/comchat'), fromA);
    assert.ok(fromA.indexOf(fromA.find((m) => m.endsWith(text))) < fromA.indexOf(fromA.find((m) => m.endsWith(reply))), fromA.join(' | '));
    await cctx.close();
    await rctx.close();
  });

  it('through nginx: the socket upgrade passes, and the other side gets the message live', async () => {
    const cctx = await browser.context();
    const rctx = await browser.context();
    await logIn(cctx, BASE_URL, '/pclogin/login', CANDIDATE);
    await logIn(rctx, BASE_URL, '/comlogin/login', COMPANY);
    const job = (await call(rctx, BASE_URL, '/comjob/list', { state: 'open', page: 1, pagesize: 5 })).list[0];
    const conv = (await call(cctx, BASE_URL, '/chat/start', { jobid: job.id })).conversationId;
    const rec = await rctx.newPage();
    const socket = socketOpened(rec, BASE_URL);
    await rec.goto(`${BASE_URL}/recruit/chat?c=${conv}`);
    const ws = await socket;
    const frames = [];
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
    await rec.locator('[data-testid="chat-input"]').waitFor();
    const text = `经过 nginx 的消息 ${Date.now() % 100000}`;
    await call(cctx, BASE_URL, '/chat/send', { conversationId: conv, clientId: `cl-${Date.now()}`, kind: 'text', text });
    await rec.locator('[data-testid="chat-msg-theirs"]', { hasText: text }).waitFor({ timeout: 15_000 });
    // It came as a socket frame carrying conversationId and seq, not by a reload.
    const pushed = await readUntil(() => frames.find((f) => f.includes(text)), (f) => Boolean(f), { ms: 5_000 });
    assert.ok(pushed, 'a socket frame carried the message');
    const frame = JSON.parse(pushed);
    assert.equal(String(frame.conversationId), String(conv));
    assert.ok(frame.seq > 0);
    await cctx.close();
    await rctx.close();
  });
});
