// Scenario 52 — saved views (issue 39): the administrator filters the contracts by "Aprovado", saves
// the list as "Contratos aprovados" shared with the role `contratos`, and sees it above the list with
// its count, and in the menu under "Contratos"; Gabriela (role `contratos`) finds it in her phone's
// menu and opens it: only approved contracts (the total above her cards is theirs), the view chosen
// above the list. Axe on both screens; screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, apiSend, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step } from './helpers.mjs';
import { noAxe } from './axe.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const NAME = `Contratos aprovados ${Date.now().toString(36)}`;
const APPROVED = '/contrato?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=Aprovado';

/** The "Situação" cells of the list's rows on the page. */
async function states(page) {
  const table = page.locator('[data-testid="page-content"] .ant-table');
  const headers = await table.locator('thead th').allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === 'Situação');
  assert.ok(col >= 0, `coluna Situação: ${headers.join(' | ')}`);
  return table.locator(`tbody tr.ant-table-row td:nth-child(${col + 1})`).allInnerTexts();
}

test('visões salvas: o administrador compartilha uma visão com o papel contratos; a gestora a usa pelo celular', async () => {
  const admin = await newPage(browser);
  let id;
  try {
    await step(admin, '52-salvar', async () => {
      await loginStaff(admin, 'admin@portal.local');
      await goto(admin, APPROVED);
      await admin.locator('[data-testid="page-content"] .ant-table-row').first().waitFor();
      assert.deepEqual([...new Set(await states(admin))], ['Aprovado']);
      const bar = admin.getByRole('region', { name: 'Visões salvas' });
      await bar.getByRole('button', { name: /Visões/ }).click();
      await admin.getByRole('menuitem', { name: 'Salvar nova visão…' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Salvar nova visão' });
      await dialog.getByLabel('Nome da visão').fill(NAME);
      const roles = dialog.getByRole('combobox', { name: 'Compartilhar com os papéis' });
      await roles.click();
      await roles.fill('Contratos');
      await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Contratos$/ }).click();
      await admin.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const saved = (await apiGet(admin, '/api/v1/visoes?lista=contratos')).body.visoes.find((v) => v.nome === NAME);
      assert.ok(saved, 'a visão foi guardada');
      id = saved.id;
      assert.deepEqual(saved.papeis, ['contratos']);
      const total = (await apiGet(admin, '/api/v1/contratos?status=Aprovado&_start=0&_end=0')).total;
      await bar.getByText(NAME).waitFor();
      await bar
        .locator('.ant-segmented-item', { hasText: NAME })
        .getByText(new RegExp(`^\\(?${total}\\)?$`))
        .waitFor();
      // In the menu too, right under the contracts' entry, with its count.
      const inMenu = admin.getByRole('menu', { name: 'Menu principal' }).locator(`a[data-visao="${id}"]`);
      await inMenu.getByText(new RegExp(`^\\(?${total}\\)?$`)).waitFor();
      await inMenu.getByText(NAME, { exact: true }).waitFor();
      await shot(admin, 'visoes-salvar-desktop');
      await noAxe(admin, 'lista com visões salvas (administrador)');
    });

    const gestora = await newPage(browser, { viewport: PHONE });
    await step(gestora, '52-usar-phone', async () => {
      await loginStaff(gestora, 'contratos.gestor@portal.local');
      await goto(gestora, '/obras');
      // From the menu's drawer: the view under "Contratos", with its count; it opens the list filtered.
      await gestora.getByRole('button', { name: 'Abrir menu' }).click();
      const inMenu = gestora.locator('.ant-drawer-open').getByRole('menu', { name: 'Menu principal' }).locator(`a[data-visao="${id}"]`);
      await inMenu.getByText(/^\(?\d+\)?$/).waitFor();
      await shot(gestora, 'visoes-menu-phone');
      await inMenu.click();
      await gestora.waitForURL((u) => u.pathname === '/contrato' && decodeURIComponent(u.search).includes('[value][0]=Aprovado'));
      // The one-shot ?visao= gives way to the view's own filters in the address.
      assert.ok(!new URL(gestora.url()).searchParams.has('visao'), gestora.url());
      const bar = gestora.getByRole('region', { name: 'Visões salvas' });
      await bar.locator('.ant-segmented-item-selected', { hasText: NAME }).waitFor();
      await gestora.waitForFunction(() => !document.querySelector('[data-testid="page-content"] .ant-spin-spinning'));
      const total = (await apiGet(gestora, '/api/v1/contratos?status=Aprovado&_start=0&_end=0')).total;
      await gestora
        .getByText(new RegExp(`^${total} registros?$`))
        .first()
        .waitFor();
      const cards = await gestora.locator('[data-testid="page-content"] .ant-card, [data-testid="page-content"] .ant-list-item').allInnerTexts();
      assert.ok(cards.length > 0 && cards.every((c) => !/Cancelado|Emitido para o verificador|Revisão/.test(c)), cards.join('\n---\n'));
      // Hers to use, not to change: no "Salvar a lista atual" nor "Renomear" for a view shared with her.
      await bar.getByRole('button', { name: /Visões/ }).click();
      await gestora.getByRole('menuitem', { name: 'Salvar nova visão…' }).waitFor();
      assert.equal(await gestora.getByRole('menuitem', { name: /Renomear, compartilhar ou excluir/ }).count(), 0);
      await gestora.keyboard.press('Escape');
      await shot(gestora, 'visoes-usar-phone');
      await noAxe(gestora, 'lista com a visão compartilhada (390 px)');
      await noSidewaysScroll(gestora, 'a lista de contratos com as visões');
    });
    await gestora.close();
  } finally {
    if (id) await apiSend(admin, 'DELETE', `/api/v1/visoes/${id}`).catch(() => undefined);
    await admin.close();
  }
});
