// Screenshots of every main screen at desktop width (1440×900) into tests/e2e/screenshots/; see screens.mjs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, goto, launch, loginStaff, newPage, shot, step } from './helpers.mjs';
import { inspect, settle, slug } from './screens.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('telas principais — computador (todos os itens do menu do administrador)', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  const problems = [];
  await step(page, '90-login', () => loginStaff(page, 'admin@portal.local'));
  await shot(page, 'tela-inicio-desktop');
  await inspect(page, problems, 'Início');

  // Every module the home offers (its cards), each opened by clicking it from the home.
  const cards = page.locator('.ant-layout-content .ant-card');
  await cards.first().waitFor();
  const links = await cards.getByRole('link').evaluateAll((as) => as.map((a) => ({ name: a.textContent.trim(), href: a.getAttribute('href') })));
  assert.ok(links.length >= 5, `o início do administrador oferece só ${links.length} módulos`);
  const seen = new Set();
  for (const { name, href } of links) {
    if (!href || seen.has(href)) continue;
    seen.add(href);
    await step(page, `90-modulo-${slug(href)}`, async () => {
      if (new URL(page.url()).pathname !== '/obras') {
        await page.getByRole('menu', { name: 'Menu principal' }).getByRole('link', { name: 'Início', exact: true }).first().click();
        await page.waitForURL((u) => u.pathname === '/obras');
      }
      page.errors.length = 0;
      await page.locator(`.ant-layout-content .ant-card a[href="${href}"]`).first().click();
      await page.waitForURL((u) => u.pathname !== '/obras', { timeout: 10_000 }).catch(() => {});
      await settle(page);
      await shot(page, `tela-${slug(href)}-desktop`);
      await inspect(page, problems, `módulo "${name}"`);
      const crash = page.errors.find((e) => e.startsWith('pageerror'));
      if (crash) problems.push(`módulo "${name}" (${href}): erro de JavaScript: ${crash}`);
    });
  }

  // Screens outside the menu.
  for (const path of ['/diarios/novo', '/versoesSistema', '/usuarios', '/403', '/404', '/ObraInacessivel', '/manutencao']) {
    await goto(page, path);
    await settle(page);
    await shot(page, `tela-${slug(path)}-desktop`);
    await inspect(page, problems, path);
  }
  // A record page.
  await goto(page, '/diarios');
  await page.locator('.ant-table-row').first().waitFor();
  await page.locator('.ant-table-row').first().locator('button:has(.anticon-eye)').first().click();
  await page.waitForURL((u) => /^\/diarios\/\d+$/.test(u.pathname));
  await settle(page);
  await shot(page, 'tela-diario-registro-desktop');
  await inspect(page, problems, 'registro de diário');
  await page.context().close();

  assert.deepEqual(problems, [], `problemas visíveis:\n  ${problems.join('\n  ')}`);
});
