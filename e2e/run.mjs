#!/usr/bin/env node
// Browser tests, start to finish: a free port, a temporary DATA_DIR, the server serving ui/dist,
// `node --test` over e2e/tests, then the server is stopped. Exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const serverBin = process.env.SERVER_BIN ? resolve(process.env.SERVER_BIN) : join(repo, 'target', 'debug', 'jobseeker-server');
const uiDir = join(repo, 'ui', 'dist');

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

if (!existsSync(serverBin)) fail(`no server binary at ${serverBin} (cargo build -p server, or set SERVER_BIN)`);
if (!existsSync(join(uiDir, 'index.html'))) fail(`no ui build at ${uiDir} (cd ui && npm run build)`);
if (!existsSync(join(here, 'node_modules', 'playwright-core'))) fail('e2e packages missing (cd e2e && npm ci)');

function freePort() {
  return new Promise((ok, ko) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', ko);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitForServer(url, child, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const work = mkdtempSync(join(tmpdir(), 'jobseeker-e2e-'));
const dataDir = join(work, 'data');
const logFile = join(work, 'server.log');
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

const log = createWriteStream(logFile);
const server = spawn(serverBin, [], {
  // PARTNERS: one partner platform whose links e2e/tests/partner.test.mjs signs (see lib.mjs).
  // MAIN_HOSTS: 127.0.0.1 shows the main brand, localhost the second (header.test.mjs).
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, UI_DIR: uiDir, RUST_LOG: process.env.RUST_LOG ?? 'info', PARTNERS: 'e2e-partner:e2e-partner-shared-secret', MAIN_HOSTS: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let stopped = false;
function stopServer() {
  if (stopped) return;
  stopped = true;
  if (server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      server.kill('SIGTERM');
    }
  }
}
function cleanUp() {
  stopServer();
  // E2E_KEEP=1 leaves the data dir and server log behind, to look into a run.
  if (process.env.E2E_KEEP) console.error(`e2e: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
process.on('SIGTERM', () => {
  cleanUp();
  process.exit(143);
});

function showServerLog() {
  try {
    console.error(`--- server log (${logFile}) ---\n${readFileSync(logFile, 'utf8').slice(-8000)}`);
  } catch {
    // nothing logged
  }
}

if (!(await waitForServer(`${baseUrl}/`, server, 60_000))) {
  showServerLog();
  cleanUp();
  fail(`the server did not answer on ${baseUrl}`);
}
console.log(`e2e: server ${serverBin} on ${baseUrl}`);

const testsDir = join(here, 'tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.mjs'))
  .sort()
  .map((f) => join(testsDir, f));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;

const code = await new Promise((ok) => {
  const child = spawn(
    process.execPath,
    ['--test', '--test-concurrency=1', '--test-reporter=spec', ...selected],
    { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl, E2E_SCREENSHOTS: join(here, 'screenshots') } },
  );
  child.on('exit', (c, signal) => ok(c ?? (signal ? 1 : 0)));
});

if (code !== 0) showServerLog();
cleanUp();
process.exit(code);
