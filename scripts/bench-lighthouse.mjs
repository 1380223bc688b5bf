#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse (npm `lighthouse`, performance only) with Debian's Chromium
// on /login and on the RDO list (/diarios) signed in as the administrator — the largest menu and
// the most columns (issue 36) — of the production build, desktop and mobile presets.
//
// 1. Starts the portal as `npm start` does (scripts/start.mjs builds dist/ when its sources changed)
//    on free ports, with the embedded database (PGlite) in a temporary DATA_DIR.
// 2. Launches /usr/bin/chromium (--headless=new --no-sandbox) through chrome-launcher; the local
//    corporate sign-in's self-signed certificate is accepted only through its public key (as the
//    browser tests do, scripts/e2e.mjs).
// 3. /login: a cold Lighthouse run (Lighthouse clears storage and cache itself).
// 4. The list needs a session: playwright-core, attached to the same Chromium over CDP, signs in
//    admin@portal.local with "Entrar com a conta corporativa" (Amplify keeps the tokens in
//    localStorage) and opens the list once, then the HTTP cache is cleared and Lighthouse runs with
//    `disableStorageReset` (keeps localStorage, so the session: a new tab of a signed-in person).
// Prints the account, then score, FCP, LCP, TBT, CLS and Speed Index, each the median of the runs.
// Fails nothing; stops everything it started.
// CHROMIUM_PATH overrides the browser; LIGHTHOUSE_RUNS=n repeats each measure (median of each figure);
// LIGHTHOUSE_PRESETS=desktop measures one preset only (default desktop,mobile); LIGHTHOUSE_PAGES=lista
// skips /login (default login,lista); LIGHTHOUSE_JSON=<dir> keeps each report there (main-thread
// breakdown, long tasks, scripts).
import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './lib/free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const LIST = '/diarios';
/** The administrator: every menu entry and every column of the list (README, demo accounts). */
const ACCOUNT = { email: 'admin@portal.local', password: 'Demo#2026', label: 'administrador, conta corporativa' };
const PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? 'desktop,mobile').split(',').filter((p) => p === 'desktop' || p === 'mobile');
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'login,lista').split(',');

const work = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
let server;
let chrome;
let pw;
async function cleanup() {
  await pw?.close().catch(() => {});
  try {
    await chrome?.kill();
  } catch {
    /* gone */
  }
  if (server && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(work, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void cleanup().then(() => process.exit(130)));

async function startPortal() {
  const [port, cognitoPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: join(work, 'data'), PUBLIC_URL: base, COGNITO_PORT: String(cognitoPort), IDP_PORT: String(idpPort) },
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o portal terminou (código ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok) return base;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('o portal não respondeu em 300 s');
}

/** base64(sha256(SubjectPublicKeyInfo DER)) of the local corporate sign-in's certificate (`--ignore-certificate-errors-spki-list`). */
function idpSpki() {
  const cert = new X509Certificate(readFileSync(join(work, 'data', 'idp-cert', 'cert.pem'), 'utf8'));
  return createHash('sha256')
    .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

/** Signs the administrator in through the local corporate sign-in and opens the list once. */
async function signIn(base, port) {
  pw = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = pw.contexts()[0];
  const page = await context.newPage();
  const idp = (await (await fetch(`${base}/api/v1/config`)).json())?.oauth?.domain;
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-testid="loading-overlay"]').waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
  await page.waitForURL((u) => u.host === idp, { timeout: 30_000 });
  await page.locator('#username').fill(ACCOUNT.email);
  await page.locator('#password').fill(ACCOUNT.password);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.waitForURL((u) => u.origin === base && u.pathname !== '/login' && u.pathname !== '/acessoFederado', { timeout: 60_000 });
  // Not "networkidle": the signed-in app keeps its live-update stream open (server-sent events).
  await page.goto(`${base}${LIST}`, { waitUntil: 'domcontentloaded' });
  await page.locator('.ant-table-row, .ant-list-item').first().waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

const ms = (v) => (v === undefined ? '—' : `${(v / 1000).toFixed(2)} s`);
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
async function measure(url, port, preset, keepStorage) {
  const runs = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    last = result.lhr;
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${preset}${url.replace(/[^a-z]+/gi, '-')}${i}.json`), JSON.stringify(last));
    const a = last.audits;
    runs.push({
      score: Math.round((last.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
    });
  }
  const out = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
  if (RUNS > 1) out.each = runs.map((r) => `${r.score}/${Math.round(r.tbt)} ms`).join(', ');
  out.finalUrl = new URL(last.finalDisplayedUrl ?? last.finalUrl ?? url).pathname;
  return out;
}

try {
  const t0 = Date.now();
  const base = await startPortal();
  console.log(`portal em ${base} (${((Date.now() - t0) / 1000).toFixed(0)} s, PGlite em ${work})`);
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--ignore-certificate-errors-spki-list=${idpSpki()}`];
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: flags });
  const rows = [];
  if (PAGES.includes('login')) for (const preset of PRESETS) rows.push([`/login (${preset})`, await measure(`${base}/login`, chrome.port, preset, false)]);
  if (PAGES.includes('lista')) {
    console.log(`lista ${LIST} com a sessão de ${ACCOUNT.email} (${ACCOUNT.label})`);
    await signIn(base, chrome.port);
    for (const preset of PRESETS) rows.push([`${LIST} (${preset}, com sessão)`, await measure(`${base}${LIST}`, chrome.port, preset, true)]);
  }
  console.log('\npágina                              nota   FCP      LCP      TBT      CLS     Speed Index');
  for (const [label, r] of rows) {
    const where = r.finalUrl !== new URL(label.split(' ')[0], base).pathname ? `  (terminou em ${r.finalUrl})` : '';
    const each = r.each ? `  [${r.each}]` : '';
    console.log(
      `${label.padEnd(35)} ${String(r.score).padStart(4)}   ${ms(r.fcp).padEnd(8)} ${ms(r.lcp).padEnd(8)} ${`${Math.round(r.tbt)} ms`.padEnd(8)} ${r.cls.toFixed(3).padEnd(7)} ${ms(r.si)}${where}${each}`,
    );
  }
  if (PAGES.includes('lista')) console.log(`\nConta da lista: ${ACCOUNT.email} (${ACCOUNT.label}).`);
  console.log(`Lighthouse ${RUNS > 1 ? `(mediana de ${RUNS} de cada número)` : '(1 execução)'}, throttling simulado do preset; Chromium ${CHROMIUM}.`);
} catch (e) {
  console.error(e instanceof Error ? e.stack : e);
  process.exitCode = 1;
} finally {
  await cleanup();
}
