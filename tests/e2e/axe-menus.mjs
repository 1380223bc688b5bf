// The accessibility sweep of scenario 34, shared by its shards (34-, 34b-, 34c-axe-menus): axe-core
// (WCAG 2.0/2.1 A and AA, see axe.mjs) on every screen the menus of four demo accounts lead to, at
// desktop and phone width, and on the public pages. The routes are not listed here: they are read from
// the rendered menus (the sidebar on a desktop, the drawer on a phone, Início's module cards and the
// site layout of the first site the account may choose), as scenario 19 does; the public pages are
// read from src/app/public-paths.ts. Each menu screen, in the same visit, also gets scenario 19's
// check (a usable page, no dead end: menu-entries.mjs) and the screen inspection of scenarios 90–91
// (Portuguese, not empty, nothing past the right edge, no JavaScript crash: screens.mjs); the admin's
// screens are photographed as `tela-<path>-<width>.png`, the tour scenario 90 used to take.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { axeAudit, formatViolations } from './axe.mjs';
import { DESKTOP, PHONE, goto, loginOwnAccount, loginStaff, newPage, pathOf, shot, step } from './helpers.mjs';
import { ACCOUNTS, SWEPT_ACCOUNTS, cardLinks, enterFirstSite, openByHistory, problemOf, sidebarLinks } from './menu-entries.mjs';
import { inspect, slug } from './screens.mjs';

export const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];
export const AXE_EMAILS = SWEPT_ACCOUNTS;
/**
 * The widths each account is swept at: the administrator, whose menu reaches every screen, at both;
 * the people who work from a phone (site manager, client, supplier) at phone width. Their screens at
 * desktop width are the administrator's screens with less on them (about 3 minutes of the browser
 * suite on 29/11/2026, which found nothing the administrator's desktop sweep did not).
 */
export const AXE_WIDTHS = Object.fromEntries(AXE_EMAILS.map((e) => [e, e === 'admin@portal.local' ? ['desktop', 'phone'] : ['phone']]));

const PUBLIC_SOURCE = readFileSync(new URL('../../src/app/public-paths.ts', import.meta.url), 'utf8');
/** Public pages with a screen of their own (no redirect, not the hand-off to the corporate sign-in); parameters get an unknown value. */
export const PUBLIC_PAGES = [...PUBLIC_SOURCE.matchAll(/\{\s*path:\s*'([^']+)'[^}]*\bscreen:\s*'([^']+)'/g)]
  .filter((m) => !['acessoFederado', 'primeiroLogin'].includes(m[2]))
  .map((m) => m[1].replace(/:[a-zA-Z]+/g, 'ZZZZZZZZZZ'));

/** Waits until the URL holds still and nothing loads: no spinner, skeleton, loading overlay or busy region. */
export async function settled(page) {
  let last = '';
  let stable = 0;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(120);
    const now = pathOf(page);
    const busy = await page.evaluate(
      () =>
        !!document.querySelector(
          '.ant-spin-spinning, .ant-skeleton-active, [data-testid="loading-overlay"], [data-testid="action-overlay"], [aria-label="Carregando"], [aria-busy="true"]',
        ),
    );
    stable = now === last && !busy ? stable + 1 : 0;
    last = now;
    if (stable >= 3) return;
  }
}

/** The phone's menu button, when the layout has one. */
const menuButton = (page) => page.locator('.ant-layout-header').getByRole('button', { name: 'Abrir menu' });

/** Opens the phone drawer; false when the layout has no menu button. */
async function openDrawer(page) {
  const opener = menuButton(page);
  if (!(await opener.isVisible().catch(() => false))) return false;
  await opener.click();
  await page.locator('.ant-drawer-open nav [role="menu"]').waitFor();
  await settled(page);
  return true;
}

async function closeDrawer(page) {
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-drawer-open')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}

/**
 * A sweep of one browser page: audits each screen once and keeps its serious/critical violations; on
 * menu screens, `check` adds what scenario 19 and the screen tours look for (and, with `photos`, a
 * screenshot of each).
 */
function sweep(page, label, { photos = false, width } = {}) {
  const screens = new Set();
  const rules = new Set();
  const problems = [];
  const unusable = [];
  const visible = [];
  const started = Date.now();
  let axeMs = 0;
  return {
    screens,
    rules,
    problems,
    unusable,
    visible,
    timing: () => `${((Date.now() - started) / 1000).toFixed(0)} s, ${(axeMs / 1000).toFixed(0)} s no axe`,
    async audit(name = pathOf(page)) {
      if (screens.has(name)) return;
      screens.add(name);
      const t = Date.now();
      const { serious, rules: ran } = await axeAudit(page);
      axeMs += Date.now() - t;
      for (const r of ran) rules.add(r);
      if (serious.length) {
        problems.push(`${name} (${label}):\n    ${formatViolations(serious)}`);
        await shot(page, `FAIL-34-${label}-${name.replace(/[^a-z0-9]+/gi, '_')}`);
      }
    },
    /** The screen a menu entry (`href`) opened: usable, in Portuguese, within the width, no crash. */
    async check(href) {
      const problem = await problemOf(page);
      if (problem) {
        unusable.push(`${href}: ${problem}`);
        await shot(page, `FAIL-19-${label}-${href.replace(/[^a-z0-9]+/gi, '_')}`);
      }
      await inspect(page, visible, href);
      const crash = page.errors.find((e) => e.startsWith('pageerror'));
      if (crash) visible.push(`${href} (${pathOf(page)}): erro de JavaScript: ${crash}`);
      page.errors.length = 0;
      if (photos) await shot(page, `tela-${slug(pathOf(page))}-${width}`);
    },
  };
}

/** The links of the current layout's menu: the sidebar, or the drawer on a phone (audited while open). */
async function menuLinks(page, s, phone) {
  if (!phone) return sidebarLinks(page);
  if (!(await openDrawer(page))) return [];
  const title =
    (await page
      .locator('.ant-drawer-open .ant-drawer-title')
      .innerText()
      .catch(() => '')) || 'menu';
  await s.audit(`menu: ${title}`);
  const links = await page.locator('.ant-drawer-open nav [role="menu"] a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  await closeDrawer(page);
  return links.filter((h) => h && h !== '/obras');
}

function report(s, what) {
  console.log(`axe ${what}: ${s.screens.size} telas, ${s.rules.size} regras verificadas (${s.timing()})`);
  assert.ok(s.screens.size > 0, `${what}: nenhuma tela verificada`);
  assert.deepEqual(s.problems, [], `${what} — violações sérias/críticas do axe-core:\n  ${s.problems.join('\n  ')}`);
  assert.deepEqual(s.unusable, [], `${what} — entradas que não levam a uma página utilizável:\n  ${s.unusable.join('\n  ')}`);
  assert.deepEqual(s.visible, [], `${what} — problemas visíveis:\n  ${s.visible.join('\n  ')}`);
}

/**
 * One test per account of `emails` × viewport of `widths` ('desktop', 'phone'), and one per viewport
 * for the public pages when `publicPages`. The shards split AXE_EMAILS so the runner's parallel slots
 * share the sweep; 34-axe-menus checks that together they cover every account at its AXE_WIDTHS.
 */
export function axeMenuTests(getBrowser, { emails = [], widths = ['desktop', 'phone'], publicPages = false }) {
  for (const email of emails) {
    const account = ACCOUNTS.find((a) => a.email === email);
    for (const [label, viewport] of VIEWPORTS.filter(([l]) => widths.includes(l))) {
      test(`axe: cada tela do menu de ${email} (${label})`, async () => {
        assert.ok(account, `${email} não está na tabela de contas do README`);
        const page = await newPage(getBrowser(), { viewport });
        const name = `${email.split('@')[0]}-${label}`;
        const s = sweep(page, name, { photos: email === 'admin@portal.local', width: label });
        const phone = label === 'phone';
        try {
          await step(page, `34-login-${name}`, () => (account.staff ? loginStaff(page, email) : loginOwnAccount(page, email)));
          await settled(page);
          assert.equal(pathOf(page), '/obras', `depois de entrar, deveria estar no início (/obras), está em ${pathOf(page)}`);
          const seen = new Set();
          const queue = [];
          const add = (hrefs) => {
            for (const h of hrefs) if (!seen.has(h) && seen.add(h)) queue.push(h);
          };
          const visit = async () => {
            while (queue.length) {
              const href = queue.shift();
              await openByHistory(page, href);
              await settled(page);
              await s.audit();
              await s.check(href);
              add(await sidebarLinks(page));
            }
          };
          await step(page, `34-menu-${name}`, async () => {
            await s.audit();
            await s.check('/obras');
            add(await menuLinks(page, s, phone));
            add(await cardLinks(page));
            await visit();
          });
          await step(page, `34-obra-${name}`, async () => {
            await openByHistory(page, '/obras');
            await settled(page);
            if (await enterFirstSite(page)) {
              await settled(page);
              await s.audit();
              await s.check(pathOf(page));
              add(await menuLinks(page, s, phone));
              await visit();
            }
          });
        } finally {
          await page.context().close();
        }
        report(s, `${email} (${label})`);
      });
    }
  }
  if (!publicPages) return;
  for (const [label, viewport] of VIEWPORTS) {
    test(`axe: páginas públicas (${label})`, async () => {
      assert.ok(PUBLIC_PAGES.includes('/login') && PUBLIC_PAGES.length >= 6, `páginas públicas lidas: ${PUBLIC_PAGES.join(', ')}`);
      const page = await newPage(getBrowser(), { viewport });
      const s = sweep(page, `publicas-${label}`);
      try {
        for (const path of PUBLIC_PAGES) {
          await goto(page, path);
          await settled(page);
          await s.audit(path);
        }
      } finally {
        await page.context().close();
      }
      report(s, `páginas públicas (${label})`);
    });
  }
}
