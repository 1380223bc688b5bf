#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse (npm `lighthouse`, performance only) with Debian's Chromium
// on /login and on a list page (/todas-obras) of the production build, desktop and mobile presets.
//
// 1. Starts the portal as `npm start` does (scripts/start.mjs builds dist/ when its sources changed)
//    on free ports, with the embedded database (PGlite) in a temporary DATA_DIR.
// 2. Launches /usr/bin/chromium (--headless=new --no-sandbox) through chrome-launcher.
// 3. /login: a cold Lighthouse run (Lighthouse clears storage and cache itself).
// 4. The list needs a session: playwright-core, attached to the same Chromium over CDP, signs in
//    cliente@portal.local on /login (Amplify keeps the tokens in localStorage), then the HTTP cache
//    is cleared and Lighthouse runs with `disableStorageReset` (keeps localStorage, so the session).
// Prints score, FCP, LCP, TBT, CLS and Speed Index. Fails nothing; stops everything it started.
// CHROMIUM_PATH overrides the browser; LIGHTHOUSE_RUNS=n repeats each measure (median of the score);
// LIGHTHOUSE_JSON=<dir> keeps each report there (main-thread breakdown, long tasks, scripts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const LIST = '/todas-obras';

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

async function signIn(base, port) {
  pw = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = pw.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
  await page
    .getByLabel(/^e-?mail/i)
    .first()
    .fill('cliente@portal.local');
  await page
    .getByLabel(/^senha$/i)
    .first()
    .fill('Demo#2026');
  await page.locator('[data-testid="loading-overlay"]').waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 60_000 });
  // Not "networkidle": the signed-in app keeps its live-update stream open (server-sent events).
  await page.goto(`${base}${LIST}`, { waitUntil: 'domcontentloaded' });
  await page.locator('.ant-table-row, .ant-list-item').first().waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

const ms = (v) => (v === undefined ? '—' : `${(v / 1000).toFixed(2)} s`);
async function measure(url, port, preset, keepStorage) {
  const scores = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    last = result.lhr;
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${preset}${url.replace(/[^a-z]+/gi, '-')}${i}.json`), JSON.stringify(last));
    scores.push(Math.round((last.categories.performance.score ?? 0) * 100));
  }
  const a = last.audits;
  const score = scores.sort((x, y) => x - y)[Math.floor(scores.length / 2)];
  const finalUrl = new URL(last.finalDisplayedUrl ?? last.finalUrl ?? url).pathname;
  return {
    score,
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    finalUrl,
  };
}

try {
  const t0 = Date.now();
  const base = await startPortal();
  console.log(`portal em ${base} (${((Date.now() - t0) / 1000).toFixed(0)} s, PGlite em ${work})`);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows = [];
  for (const preset of ['desktop', 'mobile']) rows.push([`/login (${preset})`, await measure(`${base}/login`, chrome.port, preset, false)]);
  await signIn(base, chrome.port);
  for (const preset of ['desktop', 'mobile']) rows.push([`${LIST} (${preset}, com sessão)`, await measure(`${base}${LIST}`, chrome.port, preset, true)]);
  console.log('\npágina                              nota   FCP      LCP      TBT      CLS     Speed Index');
  for (const [label, r] of rows) {
    const where = r.finalUrl !== new URL(label.split(' ')[0], base).pathname ? `  (terminou em ${r.finalUrl})` : '';
    console.log(
      `${label.padEnd(35)} ${String(r.score).padStart(4)}   ${ms(r.fcp).padEnd(8)} ${ms(r.lcp).padEnd(8)} ${`${Math.round(r.tbt)} ms`.padEnd(8)} ${r.cls.toFixed(3).padEnd(7)} ${ms(r.si)}${where}`,
    );
  }
  console.log(`\nLighthouse ${RUNS > 1 ? `(mediana de ${RUNS})` : '(1 execução)'}, throttling simulado do preset; Chromium ${CHROMIUM}.`);
} catch (e) {
  console.error(e instanceof Error ? e.stack : e);
  process.exitCode = 1;
} finally {
  await cleanup();
}
