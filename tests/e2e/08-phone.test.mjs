// Scenario 8 — at a phone width (390×844, below the 1280 px lg breakpoint) the menu opens as a drawer
// and a list is usable (rows readable, search, pagination, row actions, no page-wide sideways scroll).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  PHONE,
  clickUncovered,
  wideElements,
  eventually,
  launch,
  listTotal,
  loginStaff,
  newPage,
  openMenuItem,
  searchList,
  shot,
  step,
  waitPath,
} from './helpers.mjs';

let browser;
const problems = [];
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('telefone: menu em gaveta e lista utilizável', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '08-login', () => loginStaff(page, 'sm@portal.local'));

  await step(page, '08-gaveta', async () => {
    await shot(page, 'inicio-sm-phone');
    // No fixed sidebar; a menu button instead.
    assert.equal(await page.locator('.ant-layout-sider:visible').count(), 0, 'a barra lateral fixa aparece no telefone');
    const opener = page.getByRole('button', { name: 'Abrir menu' });
    await opener.waitFor();
    await opener.click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-content');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    assert.ok(box && box.x <= 1 && box.width <= PHONE.width, `a gaveta não abriu à esquerda dentro da tela: ${JSON.stringify(box)}`);
    const link = drawer.getByRole('link', { name: 'Todas as obras', exact: true });
    await link.waitFor();
    await shot(page, 'menu-gaveta-phone');
    await link.click();
    await waitPath(page, '/todas-obras');
    await page
      .locator('.ant-drawer-open')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(async () => {
        assert.equal(await page.locator('.ant-drawer-open').count(), 0, 'a gaveta não fechou depois de navegar');
      });
    await page.locator('.ant-list-item .ant-card').first().waitFor();
    await shot(page, 'todas-obras-phone');
    // A list module, from the menu (drawer) or the home's cards.
    await openMenuItem(page, 'Diários de obra');
    await waitPath(page, '/diarios');
  });

  await step(page, '08-lista', async () => {
    // At phone width a list is a column of cards, one per record.
    const rows = page.locator('.ant-list-item .ant-card');
    await rows.first().waitFor();
    await shot(page, 'diarios-lista-phone');
    const total = await listTotal(page);
    assert.ok(total > 1, 'lista vazia');
    // Readable: nothing sticks out sideways, the first card is inside the screen.
    const wide = await wideElements(page);
    const cell = await rows.first().boundingBox();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(
      wide.length === 0 && overflow <= 1 && cell && cell.x >= 0 && cell.x + cell.width <= PHONE.width,
      `a lista não cabe na largura do telefone: primeiro cartão em x=${cell?.x} (largura ${cell?.width}), página ${overflow}px mais larga; elementos além da borda direita: ${wide.join('; ') || 'nenhum'}`,
    );
    // Search and the total.
    await searchList(page, 'zzz-nada-encontrado-zzz');
    await page.getByText('Nenhum registro encontrado').first().waitFor();
    await searchList(page, '');
    await eventually(async () => assert.equal(await listTotal(page), total));
    // Pagination reachable (the help banner must not sit on top of it).
    const next = page.locator('.ant-pagination-next').first();
    await next.scrollIntoViewIfNeeded();
    if (total > 25) {
      await clickUncovered(page, next, problems, 'a paginação da lista (próxima página)');
      await eventually(async () => assert.match(new URL(page.url()).search, /current(Page)?=2|page=2/));
    }
    // A card opens.
    await rows.first().getByRole('button', { name: /Abrir/ }).click();
    await waitPath(page, (p) => /^\/diarios\/\d+$/.test(p));
    await page.locator('.ant-descriptions, .ant-card').first().waitFor();
    await shot(page, 'diario-show-phone');
  });
  await page.context().close();
});

test('telefone: nada da lista fica coberto (aviso "Precisa de ajuda?")', () => {
  assert.deepEqual(problems, [], problems.join('\n'));
});
