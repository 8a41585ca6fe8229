// harness.mjs -- what the browser suite stands on: a real sudokud on a loopback port, Debian's
// chromium driven by playwright-core, and a page watched for console errors, uncaught
// exceptions, failed requests and HTTP errors.
//
// No mocks: every request the page makes goes to a sudokud started here from the binary the
// Makefile built (SUDOKUD_BIN). Each case gets a fresh browser context (its own cookies and
// storage) and ends by asserting the page logged no error and no request failed, unless the
// case names the one error it provokes on purpose.

import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BIN = process.env.SUDOKUD_BIN || 'build/sudokud';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Flags for this machine's closed network: no background traffic, no QUIC, no GPU, no sandbox
// (the suite may run as root in CI containers).
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const servers = [];

/** Starts build/sudokud on 127.0.0.1 port 0 and resolves to {url, origin, port, proc}
 * once it prints "listening on ADDR:PORT"; rejects after 30 s or if it exits first. */
export function startServer(args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, ['--bind', '127.0.0.1', '--port', '0', '--log-level', 'warn', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(proc);
    let out = '', err = '';
    const timer = setTimeout(() => reject(new Error(`${BIN} did not say "listening on" within 30 s: ${err}`)), 30000);
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on ([\d.]+):(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const origin = `http://${m[1]}:${m[2]}`;
        resolve({ url: `${origin}/`, origin, port: Number(m[2]), proc, stderr: () => err });
      }
    });
    proc.on('error', (e) => { clearTimeout(timer); reject(new Error(`cannot start ${BIN}: ${e.message}`)); });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${BIN} exited (${code}) before listening: ${err}`)); });
  });
}

export function stopServers() {
  for (const p of servers) if (p.exitCode === null) p.kill('SIGTERM');
}

/** A JSON request to sudokud from the test itself (the reference answers). */
export async function api(server, path, body) {
  const r = await fetch(new URL(path, server.url), body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON: left null */ }
  return { status: r.status, json, text };
}

/** A free loopback port (asked of the kernel, then released: a tiny race, as in any test). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts Debian's nginx with the shipped deploy/nginx.conf in front of the given sudokud
 * servers, as tests/deploy/test.sh does: the `listen 80;` line moved to a free loopback port
 * and deploy/upstreams.conf's server line repeated once per backend. Resolves to {url, origin}.
 */
export async function startNginx(backends) {
  const nginx = process.env.NGINX || '/usr/sbin/nginx';
  const dir = mkdtempSync(join(tmpdir(), 'sudokud-nginx-'));
  chmodSync(dir, 0o755); // nginx workers drop root to nobody and need their temp dirs
  const port = await freePort();
  const conf = readFileSync('deploy/nginx.conf', 'utf8');
  const listen = conf.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (listen === conf) throw new Error('deploy/nginx.conf: no "listen 80;" line to rewrite');
  // the shipped pid path is absolute (so `nginx -s reload` finds it): move it into the temp dir
  const local = listen.replace(/^pid \/[^;]*;/m, `pid ${dir}/nginx.pid;`);
  if (local === listen) throw new Error('deploy/nginx.conf: no absolute "pid ...;" line to rewrite');
  writeFileSync(join(dir, 'nginx.conf'), local);
  const line = readFileSync('deploy/upstreams.conf', 'utf8').split('\n').find((l) => l.startsWith('server '));
  writeFileSync(join(dir, 'upstreams.conf'), backends.map((b) => `${line.replace('sudokud:8080', `127.0.0.1:${b.port}`)}\n`).join(''));
  const proc = spawn(nginx, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  servers.push(proc);
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  proc.on('error', (e) => { err += `cannot start ${nginx}: ${e.message}`; });
  proc.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  for (let k = 0; k < 100; k++) {
    if (proc.exitCode !== null || err.includes('cannot start')) break;
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { url: `${origin}/`, origin, proc };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not come up on ${origin} (scripts/deps.sh browser installs it): ${err}`);
}

let browser = null;
let profile = null;

export async function launch() {
  profile = mkdtempSync(join(tmpdir(), 'sudokud-chromium-'));
  // launchPersistentContext would keep one context; a plain launch gives a fresh context per
  // case, and playwright passes its own fresh --user-data-dir in this temp folder.
  browser = await chromium.launch({
    executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true,
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: profile, XDG_CACHE_HOME: profile },
  });
  return browser;
}

export async function closeBrowser() {
  if (browser) await browser.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
}

export function chromiumVersion() {
  return browser ? browser.version() : '?';
}

/**
 * A fresh context and page, watched. Resolves to {page, context, problems, requests}:
 * problems lists every console error, page error, failed request and HTTP status >= 400
 * seen so far; requests lists every URL requested.
 */
export async function openPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      problems.push({ kind: `console ${m.type()}`, text: m.text(), url: m.location().url || '' });
  });
  page.on('pageerror', (e) => problems.push({ kind: 'page error', text: e.stack || e.message, url: '' }));
  page.on('requestfailed', (r) => problems.push({ kind: 'request failed', text: `${r.method()} ${r.url()}: ${r.failure()?.errorText}`, url: r.url() }));
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push({ kind: 'HTTP error', text: `${r.request().method()} ${r.url()}: ${r.status()}`, url: r.url() });
  });
  return { page, context, problems, requests };
}

// ---- assertions and the runner ----

export class Failure extends Error {}

export function assert(cond, message) {
  if (!cond) throw new Failure(message);
}

export function equal(actual, expected, message) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Failure(`${message}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * Runs the cases in order (those whose name matches the filter, a regular expression, when
 * one is given), each with fresh pages; prints one line per case and the reason of
 * each failure; resolves to the number of failures.
 */
export async function runCases(cases, filter) {
  let failed = 0, ran = 0;
  for (const c of cases) {
    if (filter && !new RegExp(filter).test(c.name)) continue;
    ran++;
    const t0 = Date.now();
    const pages = [];
    try {
      const result = await c.run(async (opts) => {
        const w = await openPage(opts);
        pages.push(w);
        return w;
      });
      // every page the case opened must be clean, but for what the case allows on purpose
      const allowed = (result && result.allow) || [];
      for (const w of pages) {
        const left = w.problems.filter((p) => !allowed.some((a) => p.url.includes(a.url) && p.text.includes(a.text)));
        assert(left.length === 0, `the page reported problems:\n${left.map((p) => `    ${p.kind}: ${p.text}`).join('\n')}`);
      }
      console.log(`ok   ${c.name} (${Date.now() - t0} ms)${result && result.note ? ` -- ${result.note}` : ''}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${c.name} (${Date.now() - t0} ms)\n    ${(e instanceof Failure ? e.message : e.stack).replace(/\n/g, '\n    ')}`);
    } finally {
      for (const w of pages) await w.context.close().catch(() => {});
    }
  }
  if (ran === 0) {
    console.log(`no case matches "${filter}"`);
    return 1;
  }
  return failed;
}
