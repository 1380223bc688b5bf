// Screenshots of the main screens at desktop width (1440×900) into tests/e2e/screenshots/; see screens.mjs.
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

// Every screen of the administrator's menu (the sidebar, Início's module cards, the first site's menu)
// is photographed and inspected by scenario 34's sweep (axe-menus.mjs), in the visit it audits; this
// tour keeps the screens no menu entry leads to, and a record page.
test('telas principais — computador (fora do menu do administrador, e um registro)', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  const problems = [];
  await step(page, '90-login', () => loginStaff(page, 'admin@portal.local'));

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
