// What the browser benchmarks share (bench:offline, bench:plantas): the portal started as `npm start`
// does (scripts/start.mjs: free ports, a temporary DATA_DIR, PGlite), Debian's Chromium through
// playwright-core with the local sign-in's self-signed certificate accepted only by its public key,
// and a demo person signed in through "Entrar com a conta corporativa".
import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from './free-port.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Demo#2026';

/**
 * Starts the portal in its own process group, its output in `logFile`; resolves when /api/v1/health
 * answers. `env` adds variables (e.g. a limit the benchmark needs). Returns { base, dataDir, server }.
 */
export async function startPortal({ work, logFile, env = {} }) {
  const [port, cognitoPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  const dataDir = join(work, 'data');
  const fd = openSync(logFile, 'a');
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, COGNITO_PORT: String(cognitoPort), IDP_PORT: String(idpPort), ...env },
  });
  closeSync(fd);
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 900_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o portal terminou (código ${server.exitCode}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok) return { base, dataDir, server };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('o portal não respondeu a tempo');
}

/** Stops the portal's process group: SIGTERM, up to 5 s, then SIGKILL. */
export async function stopPortal(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  for (let i = 0; i < 50 && server.exitCode === null && server.signalCode === null; i++) await new Promise((r) => setTimeout(r, 100));
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** base64(sha256(SubjectPublicKeyInfo DER)) of the local corporate sign-in's certificate. */
export function certSpki(dataDir) {
  const x = new X509Certificate(readFileSync(join(dataDir, 'idp-cert', 'cert.pem'), 'utf8'));
  return createHash('sha256')
    .update(x.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

/** The local identity provider's host (GET /api/v1/config). */
export async function idpDomainOf(base) {
  const domain = (await (await fetch(`${base}/api/v1/config`)).json())?.oauth?.domain;
  if (!domain) throw new Error('GET /api/v1/config sem oauth.domain');
  return domain;
}

/** Chromium, headless; with `spki`, the local sign-in's certificate accepted by its public key only. */
export async function launch(spki) {
  const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'];
  if (spki) args.push(`--ignore-certificate-errors-spki-list=${spki}`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/** A phone: 390 × 844, touch, pt-BR; the service worker blocked unless `opts` allow it. */
export async function newPhoneContext(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
    ...opts,
  });
  context.setDefaultTimeout(30_000);
  return context;
}

/** The app mounted and its loading overlay gone. */
export async function appReady(page, timeout = 60_000) {
  await page.waitForFunction(() => (document.getElementById('app')?.childElementCount ?? 0) > 0, null, { timeout });
  await page.locator('[data-testid="loading-overlay"]').waitFor({ state: 'detached', timeout });
}

/** `email` (a demo account) signs in through "Entrar com a conta corporativa" (the local identity provider). */
export async function signIn(context, base, idpDomain, email = 'sm@portal.local') {
  const page = await context.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
  await appReady(page);
  await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
  await page.waitForURL((u) => u.host === idpDomain, { timeout: 60_000 });
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.waitForURL((u) => u.origin === base && !['/acessoFederado', '/login'].includes(u.pathname), { timeout: 60_000 });
  await appReady(page);
  return page;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A benchmark that broke: its error, then the last lines of the portal's log; the exit code is 1. */
export function reportFailure(e, serverLog) {
  console.error(e instanceof Error ? e.stack : e);
  try {
    console.error(`--- fim do log do portal ---\n${readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n')}`);
  } catch {
    /* no portal started */
  }
  process.exitCode = 1;
}
