// The menu-entry sweep of scenario 19, shared by its shards (19-, 19b-, 19c-every-menu-entry): each
// demo account of the README's table signs in and opens every menu entry it is shown. The accounts are
// split over three test files so that the runner's parallel slots share the longest scenario. The four
// accounts of the accessibility sweep (SWEPT_ACCOUNTS) are checked there, in the same visit of each
// screen (axe-menus.mjs), instead of being visited twice.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { eventually, loginOwnAccount, loginStaff, newPage, pathOf, shot, step, waitPath } from './helpers.mjs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** `| \`e-mail\` | who (kind, \`roles\`, sites) | how they sign in |` rows of "Contas de demonstração". */
export const ACCOUNTS = [...README.matchAll(/^\|\s*`([^`]+@portal\.local)`\s*\|([^\n]*)\|\s*([^|\n]+?)\s*\|\s*$/gm)].map((m) => ({
  email: m[1],
  staff: /corporativa/i.test(m[3]),
  // What decides the menus: the kind of person, the roles and the sites (a parenthesis without roles only names the person).
  profile: [
    m[2].split(/[(,]/)[0].trim(),
    [...m[2].replace(/\([^)`]*\)/g, '').matchAll(/`([^`]+)`/g)]
      .map((r) => r[1])
      .sort()
      .join(','),
    /obras? \d+(?: e \d+)*/.exec(m[2])?.[0] ?? '',
  ].join(' | '),
}));
const DEAD_ENDS = ['/403', '/404', '/ObraInacessivel'];
export const MENU_SHARDS = 3;
/** The accounts scenario 34's sweep visits at both widths; it runs this file's checks on each of their screens. */
export const SWEPT_ACCOUNTS = ['admin@portal.local', 'sm@portal.local', 'cliente@portal.local', 'fornecedor@portal.local'];

/** Links of the sidebar ("Menu principal"), without "Início", once its deferred entries are drawn (the nav's aria-busy). */
export async function sidebarLinks(page) {
  await page.locator('nav[aria-busy="true"]').waitFor({ state: 'detached', timeout: 20_000 });
  return page.locator('nav [role="menu"] a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')).filter((h) => h && h !== '/obras'));
}

/** Links of Início's module cards. */
export async function cardLinks(page) {
  return page
    .locator('[data-testid="page-content"] .ant-card-head-title')
    .evaluateAll((heads) =>
      heads.flatMap((h) => [...(h.closest('.ant-card')?.querySelectorAll('.ant-list-item a[href]') ?? [])].map((a) => a.getAttribute('href'))),
    )
    .then((hrefs) =>
      hrefs.filter((h) => h && !/^\/(obras|todas-obras|processos-juridicos|tickets-sgi|portal-fornecedor|projetos)\/[^/]+$/.test(h.split('?')[0])),
    );
}

/** Waits until the URL stays the same and no loading spinner shows in the content. */
export async function settle(page) {
  let last = '';
  let stable = 0;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(200);
    const now = pathOf(page);
    const spinning = await page.locator('[data-testid="page-content"] .ant-spin-spinning, [aria-label="Carregando"]').count();
    stable = now === last && spinning === 0 ? stable + 1 : 0;
    last = now;
    if (stable >= 3) return;
  }
}

/** SPA navigation (no reload: the app's first-load overlay is not paid again). */
export async function openByHistory(page, href) {
  await page.evaluate((h) => {
    window.history.pushState({}, '', h);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

/** Opens a menu entry: a click on its sidebar link when it is there, else an in-app navigation to it. */
async function openEntry(page, href) {
  const link = page.locator(`nav [role="menu"] a[href="${href.replace(/"/g, '\\"')}"]`).first();
  if (await link.isVisible().catch(() => false)) await link.click();
  else await openByHistory(page, href);
  await settle(page);
}

/** What is wrong with the page an entry opened (undefined when it works). */
export async function problemOf(page) {
  const path = new URL(page.url()).pathname;
  if (DEAD_ENDS.includes(path)) return `levou a ${path}`;
  const content = page.locator('[data-testid="page-content"]');
  const text = (await content.innerText().catch(() => '')) ?? '';
  if (/Nenhuma obra encontrada/.test(text)) return 'seletor de obras vazio';
  // The refusal pages and messages of the portal ("Sem permissão", "Você não tem permissão para …"), not data that mentions a permit.
  const refusal = /Você não tem permissão[^\n]*|^Sem permissão$/m.exec(text);
  if (refusal) return `recusa na página: "${refusal[0]}"`;
  const refusedToast = await page
    .locator('[data-testid="toast"]')
    .filter({ hasText: /não tem permissão/i })
    .count();
  if (refusedToast) return 'aviso de recusa';
  // A site-required page without a site: its chooser must offer at least one site.
  if (/Selecione a obra para continuar/.test(text)) {
    // The select's box (the chosen site's text lies over the search box, which may be zero-sized).
    const box = content.locator('.ant-select:visible').first();
    if (!(await box.isVisible().catch(() => false))) return 'seletor de obras invisível';
    // The page may still re-render the chooser (its sites arriving, a transition's overlay): the click
    // is tried again on the box as it is then, not waited on for the whole default timeout.
    await eventually(() => box.click({ timeout: 3_000 }), { timeout: 20_000, interval: 500 });
    try {
      await eventually(
        async () => {
          const dropdown = page.locator('.ant-select-dropdown:visible');
          const body = await dropdown.innerText();
          assert.doesNotMatch(body, /Buscando/);
          assert.ok((await dropdown.locator('.ant-select-item-option').count()) > 0, body);
        },
        { timeout: 10_000 },
      );
    } catch {
      return 'seletor de obras vazio';
    } finally {
      await page.keyboard.press('Escape');
    }
  }
  return undefined;
}

/** Chooses the first site of the header's chooser (when there is one): the site layout and its menu. */
export async function enterFirstSite(page) {
  const picker = page.locator('.ant-layout-header').getByRole('combobox', { name: 'Selecionar obra' });
  if (!(await picker.count())) return false;
  await picker.click({ force: true }); // a person with one site sees it chosen, its text over the search box
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  try {
    await option.waitFor({ timeout: 10_000 });
  } catch {
    await page.keyboard.press('Escape');
    return false;
  }
  await option.click();
  await waitPath(page, (p) => /^\/obras\/[^/]+$/.test(p));
  await settle(page);
  return true;
}

/**
 * The staff accounts scenario 19 renders besides one of each other kind of person: the widest staff
 * menu (controladoria), the post-sales desk and a field technician bound to sites. Every menu entry of
 * every demo account is checked against the API in tests/api/menu-entries.test.ts (the menu built as the
 * app builds it, each list read as the account); the browser renders the screens for these, so the run
 * does not pay a sign-in and a full menu walk for each of the eighteen profiles (about 16 minutes of
 * the browser suite's 45 on 29/11/2026).
 */
const RENDERED_STAFF = ['controladoria@portal.local', 'posvendas@portal.local', 'field@portal.local'];

/**
 * The accounts scenario 19 signs in with: those scenario 34 does not sweep, one of each kind of person
 * (a client, a staff member without roles, a law firm…) and the staff of RENDERED_STAFF.
 */
export function menuSweepAccounts() {
  const kindOf = (a) => a.profile.split(' | ')[0];
  const kinds = new Set(ACCOUNTS.filter((a) => SWEPT_ACCOUNTS.includes(a.email)).map(kindOf));
  kinds.add('colaborador'); // the staff are RENDERED_STAFF
  return ACCOUNTS.filter((a) => !SWEPT_ACCOUNTS.includes(a.email) && (RENDERED_STAFF.includes(a.email) || (!kinds.has(kindOf(a)) && kinds.add(kindOf(a)))));
}

/** One test per account of this shard (accounts i with i % MENU_SHARDS === shard), but those scenario 34 sweeps. */
export function menuEntryTests(getBrowser, shard) {
  menuSweepAccounts().forEach((account, i) => {
    if (i % MENU_SHARDS !== shard) return;
    test(`${account.email}: cada entrada do menu abre uma página utilizável`, async () => {
      const page = await newPage(getBrowser());
      const name = account.email.split('@')[0];
      try {
        await step(page, `19-login-${name}`, () => (account.staff ? loginStaff(page, account.email) : loginOwnAccount(page, account.email)));
        await settle(page);
        assert.equal(new URL(page.url()).pathname, '/obras', `depois de entrar, deveria estar no início (/obras), está em ${pathOf(page)}`);

        const seen = new Set();
        const queue = [];
        const add = (hrefs) => {
          for (const h of hrefs) {
            if (seen.has(h)) continue;
            seen.add(h);
            queue.push(h);
          }
        };
        add(await sidebarLinks(page));
        add(await cardLinks(page));
        const problems = [];
        const visit = async () => {
          while (queue.length) {
            const href = queue.shift();
            await openEntry(page, href);
            const problem = await problemOf(page);
            if (problem) {
              problems.push(`${href}: ${problem}`);
              await shot(page, `FAIL-19-${name}-${href.replace(/[^a-z0-9]+/gi, '_')}`);
            } else add(await sidebarLinks(page));
          }
        };
        await step(page, `19-menu-${name}`, visit);
        // The site layout's menu, on the first site the person may choose.
        await step(page, `19-obra-${name}`, async () => {
          await openByHistory(page, '/obras');
          await settle(page);
          if (await enterFirstSite(page)) {
            const problem = await problemOf(page);
            if (problem) problems.push(`${pathOf(page)}: ${problem}`);
            add(await sidebarLinks(page));
            await visit();
          }
        });
        assert.ok(seen.size > 0, 'nenhuma entrada de menu');
        assert.deepEqual(problems, [], `${account.email} — entradas que não levam a uma página utilizável:\n  ${problems.join('\n  ')}`);
      } finally {
        await page.context().close();
      }
    });
  });
}
