// Shared helpers of the browser scenarios (run by scripts/e2e.mjs through `node --test`).
// Everything a scenario needs comes from the environment the harness sets:
// E2E_BASE_URL, E2E_IDP_DOMAIN, E2E_IDP_SPKI, E2E_RUN_ID, E2E_SHOTS_DIR, E2E_CHROMIUM.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export const BASE = process.env.E2E_BASE_URL ?? '';
export const IDP_DOMAIN = process.env.E2E_IDP_DOMAIN ?? '';
export const SHOTS = process.env.E2E_SHOTS_DIR ?? join(root, 'tests', 'e2e', 'screenshots');
export const PASSWORD = 'Demo#2026';
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** sessionStorage key of the first load's overlay (src/app/root/constants.ts `LOADING_OVERLAY_SEEN_KEY`). */
const LOADING_OVERLAY_SEEN_KEY = 'carregamentoVisto';

if (!BASE) throw new Error('Rode os cenários com `npm run test:e2e` (E2E_BASE_URL ausente).');

/**
 * Debian's Chromium, headless. The local corporate sign-in's self-signed certificate is accepted
 * ONLY through its public key (`--ignore-certificate-errors-spki-list`): a certificate error is
 * ignored when the served chain contains that SPKI, i.e. only for the server holding that key (the
 * identity provider generated under DATA_DIR/idp-cert); any other certificate error still fails.
 * `--e2e-run=<id>` is an inert marker the harness uses to find this run's browsers if a test crashes.
 */
export async function launch() {
  return chromium.launch(chromiumOptions());
}

/** The executable, headless mode and switches of `launch` (also for a browser with a profile on disk). */
export function chromiumOptions() {
  const spki = process.env.E2E_IDP_SPKI;
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
    '--disable-dev-shm-usage',
    `--e2e-run=${process.env.E2E_RUN_ID ?? 'manual'}`,
  ];
  if (spki) args.push(`--ignore-certificate-errors-spki-list=${spki}`);
  return { executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium', headless: true, args };
}

/**
 * A fresh context (own storage) and page; console errors and page errors are collected in `page.errors`.
 * `firstLoad: true` keeps the session's first-load overlay (≈4 s); otherwise the page starts past it.
 * The portal's service worker (issue 26) is blocked unless `serviceWorkers: 'allow'`: each fresh
 * context would otherwise precache the whole app, and `page.route` does not see what the worker answers.
 */
export async function newPage(browser, { viewport = DESKTOP, firstLoad = false, ...opts } = {}) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    // The portal turns antd's transitions off for reduced motion (src/app/themed.tsx): a check
    // (axe's contrast, a click) never meets a button half-way through a colour change.
    reducedMotion: 'reduce',
    ...opts,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  // The specification's ~4 s loading overlay belongs to the first load of a session
  // (src/app/root/loading-seen.ts); scenario 01 sees it (`firstLoad: true`). Every other page starts
  // as a tab of a session that has shown it: it was ~4.5 s of waiting for each of the suite's pages.
  if (!firstLoad) await context.addInitScript(`try { sessionStorage.setItem('${LOADING_OVERLAY_SEEN_KEY}', '1'); } catch {}`);
  const page = await context.newPage();
  attachErrorLog(page);
  return page;
}

export function attachErrorLog(page) {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(`console: ${m.text()}`);
  });
  return page;
}

export const url = (path) => new URL(path, BASE).toString();

/** Path + search of the page's current URL (on the portal). */
export function pathOf(page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** Waits until the app mounted and the first-load overlay (≈4 s) and any action overlay are gone. */
export async function appReady(page, timeout = 20_000) {
  await page.waitForFunction(() => (document.getElementById('app')?.childElementCount ?? 0) > 0, null, { timeout });
  await page.locator('[data-testid="loading-overlay"]').waitFor({ state: 'detached', timeout });
  await page
    .locator('[data-testid="action-overlay"]')
    .waitFor({ state: 'detached', timeout })
    .catch(() => {});
}

export async function goto(page, path) {
  await page.goto(url(path), { waitUntil: 'domcontentloaded' });
  await appReady(page);
}

/** Waits for the portal URL to satisfy `pred(pathname, url)`. */
export async function waitPath(page, pred, timeout = 20_000) {
  const test = typeof pred === 'string' ? (p) => p === pred : pred instanceof RegExp ? (p) => pred.test(p) : pred;
  await page.waitForURL((u) => u.origin === new URL(BASE).origin && test(u.pathname, u), { timeout });
}

/** Polls `fn` until it stops throwing (for assertions over changing UI). */
export async function eventually(fn, { timeout = 10_000, interval = 200 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      if (Date.now() > deadline) throw last;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

/**
 * Chooses `text` in a searchable select (`field`: its combobox locator): types it, clicks the
 * matching option and checks the selection shows it. On a loaded machine the first option list
 * can be replaced by the search's answer under the click; then it tries again (up to 3 times).
 */
export async function chooseOption(page, field, text, { type = text } = {}) {
  const item = field.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').locator('.ant-select-selection-item');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await field.fill(type);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
    await option.waitFor();
    await option.click();
    try {
      await eventually(async () => assert.match((await item.first().innerText()) ?? '', new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))), {
        timeout: 3_000,
      });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Clicks `locator` until the URL satisfies `pred` (a click during a re-render can be lost on a loaded machine). */
export async function clickToPath(page, locator, pred, { attempts = 3, timeout = 10_000 } = {}) {
  for (let attempt = 1; ; attempt++) {
    await locator.click();
    try {
      return await waitPath(page, pred, timeout);
    } catch (e) {
      if (attempt >= attempts) throw e;
    }
  }
}

/** Screenshot of the current viewport into tests/e2e/screenshots/<name>.png. */
export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' }).catch((e) => console.error(`screenshot ${name}: ${e.message}`));
  return path;
}

/** Screenshot named after the failing step, then rethrow (so the report can point at it). */
export async function step(page, name, fn) {
  try {
    return await fn();
  } catch (e) {
    const p = await shot(page, `FAIL-${name}`);
    // What the page showed (the screenshot stays on the machine that ran the suite; this goes in the report).
    const text = await page
      .evaluate(() => (document.querySelector('[data-testid="page-content"]') ?? document.body)?.innerText ?? '')
      .then((t) => t.replace(/\s+/g, ' ').trim().slice(0, 300))
      .catch(() => '');
    const extra = `\n  URL: ${page.url()}\n  screenshot: ${p}\n  page: ${text}${page.errors?.length ? `\n  browser errors:\n    ${page.errors.slice(-5).join('\n    ')}` : ''}`;
    e.message = `${e.message}${extra}`;
    // The runner prints the stack, written when the error was made: the same lines go before its frames.
    if (typeof e.stack === 'string' && e.stack.includes('\n    at ')) e.stack = e.stack.replace('\n    at ', `${extra}\n    at `);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export function emailField(page) {
  return page.getByLabel(/^e-?mail/i).first();
}
export function passwordField(page) {
  return page.getByLabel(/^senha$/i).first();
}

/** Own login (clients): /login, e-mail and senha, "Entrar". Does not wait for the destination. */
export async function submitClientLogin(page, email, password = PASSWORD) {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: /^entrar$/i }).click();
}

/** Signs a client in from /login and waits to leave the login page. */
export async function loginClient(page, email, password = PASSWORD, from = '/login') {
  await goto(page, from);
  await submitClientLogin(page, email, password);
  await waitPath(page, (p) => p !== '/login', 30_000);
  await appReady(page);
}

/** The password 01-first-login.test.mjs gives the account left with a temporary one. */
export const FIRST_LOGIN_PASSWORD = 'Obra#Nova2026';

/** Signed in (left the login pages), asked for a new password, or refused. */
function ownLoginOutcome(page) {
  return Promise.race([
    waitPath(page, (p) => p !== '/login' && p !== '/primeiroLogin', 30_000).then(
      () => 'in',
      () => 'timeout',
    ),
    page
      .getByLabel('Nova senha', { exact: true })
      .waitFor({ timeout: 30_000 })
      .then(
        () => 'new-password',
        () => 'timeout',
      ),
    page
      .getByText(/senha incorretos|não autorizado/i)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => 'refused',
        () => 'timeout',
      ),
  ]);
}

/**
 * Own login of an external account (client, supplier, law firm) whatever scenario ran before: an
 * account left with a temporary password chooses the one scenario 1 chooses, or already has it.
 */
export async function loginOwnAccount(page, email) {
  await goto(page, '/login');
  await submitClientLogin(page, email, PASSWORD);
  let outcome = await ownLoginOutcome(page);
  if (outcome === 'refused') {
    // A fresh page: the first refusal's message must not answer for the second attempt.
    await goto(page, '/login');
    await submitClientLogin(page, email, FIRST_LOGIN_PASSWORD);
    outcome = await ownLoginOutcome(page);
  }
  if (outcome === 'new-password') {
    await page.getByLabel('Nova senha', { exact: true }).fill(FIRST_LOGIN_PASSWORD);
    await page.getByLabel('Confirmar nova senha').fill(FIRST_LOGIN_PASSWORD);
    await page.getByRole('button', { name: /salvar senha e entrar/i }).click();
    // The form stays on screen while the new password is saved (seconds on a loaded machine).
    await page
      .getByLabel('Nova senha', { exact: true })
      .waitFor({ state: 'hidden', timeout: 30_000 })
      .catch(() => {});
    outcome = await ownLoginOutcome(page);
  }
  if (outcome !== 'in') throw new Error(`${email} não conseguiu entrar (${outcome}): ${pathOf(page)}`);
  await appReady(page);
}

/**
 * Staff: "Entrar com a conta corporativa" on /login (optionally /login?redirect=…), the local
 * corporate sign-in page (HTTPS, self-signed), then back to the portal. Waits to leave /acessoFederado.
 */
export async function loginStaff(page, email, { from = '/login', password = PASSWORD } = {}) {
  await goto(page, from);
  await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
  await page.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await waitPath(page, (p) => p !== '/acessoFederado' && p !== '/login', 30_000);
  await appReady(page);
}

// ---------------------------------------------------------------------------------------------
// Page parts

/** GET on the API as the signed-in user of the page (the ID token Amplify keeps in localStorage). */
export async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const res = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
    return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') };
  }, path);
}

/** A write to the API with the page's session (method, path, JSON body): `{ status, body }`. */
export async function apiSend(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const res = await fetch(p, {
        method: m,
        headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body],
  );
}

/** The visible toasts (top-right stack). */
export function toasts(page) {
  return page.locator('[data-testid="toast"]');
}

/** Total shown by the list's pagination ("N registros", "Total: N", "1-10 de N"…); null when absent. */
export async function listTotal(page) {
  const text = (await page.locator('.ant-pagination-total-text').first().textContent({ timeout: 10_000 })) ?? '';
  const nums = [...text.replace(/\./g, '').matchAll(/\d+/g)].map((m) => Number(m[0]));
  assert.ok(nums.length > 0, `total da lista ilegível: "${text}"`);
  return nums[nums.length - 1];
}

export { AXE_TAGS, axeAudit, axeSerious, formatViolations } from './axe.mjs';

/** Opens a list column's filter ("Filtro de <label>") and picks `values` in its select, then "Filtrar". */
export async function filterColumnIn(page, label, values) {
  await page.getByLabel(`Filtro de ${label}`).first().click();
  const dropdown = page.locator('.ant-table-filter-dropdown:visible');
  await dropdown.waitFor();
  const select = dropdown.getByRole('combobox', { name: `Filtrar ${label}` });
  await select.click();
  for (const v of values) {
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${v}$`) })
      .first()
      .click();
  }
  await select.press('Escape').catch(() => {});
  const apply = dropdown.getByRole('button', { name: /filtrar/i });
  if (await apply.isVisible().catch(() => false)) await apply.click();
  await dropdown.waitFor({ state: 'hidden' }).catch(() => {});
}

/** Types `text` in the list's "Pesquisar" box and submits it. */
export async function searchList(page, text) {
  const box = page
    .getByRole('searchbox', { name: 'Pesquisar' })
    .or(page.getByLabel('Pesquisar', { exact: true }))
    .first();
  await box.fill(text);
  await box.press('Enter');
  return box;
}

/**
 * Opens a module by its link text, as a user does: the main menu's link when the current layout's
 * menu has it (opening the drawer first on a phone), otherwise the home's module cards (going to the
 * home through the menu's "Início" first when needed).
 */
export async function openMenuItem(page, name) {
  const opener = page.getByRole('button', { name: 'Abrir menu' });
  const phone = await opener.isVisible().catch(() => false);
  if (phone) {
    await opener.click();
    await page.locator('.ant-drawer-open .ant-drawer-content').waitFor();
  }
  const menu = page.getByRole('menu', { name: 'Menu principal' }).filter({ visible: true }).first();
  const inMenu = menu.getByRole('link', { name, exact: true }).first();
  if (await inMenu.isVisible().catch(() => false)) {
    await inMenu.click();
    return;
  }
  // Not in this layout's menu: through the home's module cards.
  if (new URL(page.url()).pathname !== '/obras') {
    await menu.getByRole('link', { name: 'Início', exact: true }).first().click();
    await waitPath(page, '/obras');
  } else if (phone) {
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-drawer-open')
      .waitFor({ state: 'detached' })
      .catch(() => {});
  }
  await linkByText(page.locator('.ant-layout-content'), name).first().click();
}

const escRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Links whose visible text is exactly `text` (icons inside the link carry their own aria-label). */
export function linkByText(scope, text) {
  return scope.getByRole('link').filter({ hasText: new RegExp(`^\\s*${escRe(text)}\\s*$`) });
}

/**
 * Clicks `locator` like a user; if something else (e.g. the fixed "Precisa de ajuda?" banner) sits on
 * top of it, records that in `problems` (with a screenshot), closes the banner like a user would, and
 * clicks. Returns the description of what covered it, or null.
 */
export async function clickUncovered(page, locator, problems, what) {
  await locator.scrollIntoViewIfNeeded();
  const covered = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (!top || el.contains(top)) return null;
    const owner = top.closest('[aria-label], [data-testid]');
    return owner?.getAttribute('aria-label') ?? owner?.getAttribute('data-testid') ?? top.tagName;
  });
  if (covered) {
    const name = `coberto-${slugify(what)}-${slugify(new URL(page.url()).pathname)}-${page.viewportSize().width}`;
    await shot(page, name);
    problems.push(
      `${what} em ${pathOf(page)} fica por baixo de "${covered}" (${page.viewportSize().width}px; screenshot ${name}.png): o usuário precisa fechar o aviso para clicar`,
    );
    const close = page.getByRole('button', { name: 'Fechar ajuda' });
    if (await close.isVisible().catch(() => false)) {
      await close.click();
      await page
        .getByTestId('help-banner')
        .waitFor({ state: 'detached', timeout: 3_000 })
        .catch(() => {});
    }
  }
  await locator.click();
  return covered;
}

/**
 * Elements that stick out past the right edge of the viewport (outside the table's own scroll box,
 * drawers and pop-ups), e.g. a header wider than a phone: they make the page scroll sideways.
 */
export async function wideElements(page) {
  return page.evaluate(() => {
    const skip =
      // Scrolling rows by design (a table's body, the tabs, a list's buttons on a phone) and floating layers.
      '.ant-table-content, .ant-table-body, .ant-table-header, .ant-tabs-nav-wrap, .portal-list .ant-page-header-heading-extra, .ant-drawer, .ant-select-dropdown, .ant-dropdown, .ant-popover, .ant-tooltip, [data-testid="toast-stack"], .ant-notification';
    const out = [];
    for (const e of document.querySelectorAll('#app *')) {
      if (e.closest(skip)) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const sl = [
        ...(function* up(n) {
          for (let x = n.parentElement; x; x = x.parentElement) yield x.scrollLeft;
        })(e),
      ].reduce((a, b) => a + b, 0);
      if (
        r.right + sl > window.innerWidth + 1 &&
        !(e.parentElement && e.parentElement.getBoundingClientRect().right + sl > window.innerWidth + 1 && out.length)
      ) {
        const label = e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30);
        out.push(
          `<${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? ` class="${e.className.split(' ').slice(0, 2).join(' ')}"` : ''}> "${label}" até ${Math.round(r.right + sl)}px`,
        );
      }
    }
    return out.slice(0, 5);
  });
}

const slugify = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Fails when the page scrolls sideways or an element sticks out of the screen (phone layouts). */
export async function noSidewaysScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const wide = await wideElements(page);
  if (overflow > 1 || wide.length) throw new Error(`${what}: a página rola para o lado (${overflow}px; ${wide.join('; ')})`);
}
