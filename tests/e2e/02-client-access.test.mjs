// Scenario 2 — a client (cliente@portal.local, site 101) signs in, sees only site 101, a post-sales URL
// lands on /403 and another site's URL lands on /ObraInacessivel.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appReady, eventually, goto, launch, listTotal, loginClient, newPage, shot, step, waitPath } from './helpers.mjs';

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await step(page, '02-login', () => loginClient(page, 'cliente@portal.local'));
});
after(async () => {
  await browser?.close();
});

test('o cliente vê só a obra 101 (seletor de obras e lista de obras)', async () => {
  await step(page, '02-seletor', async () => {
    const picker = page.getByRole('combobox', { name: 'Selecionar obra' });
    // The chosen site's text lies over the search box: click the select itself.
    await picker.click({ force: true });
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await eventually(async () => {
      const texts = await options.allInnerTexts();
      assert.ok(texts.length > 0, 'o seletor de obras não lista nenhuma obra');
      assert.deepEqual(
        texts.map((t) => t.trim().split(/\s/)[0]),
        ['101'],
        `o cliente deveria ver só a obra 101, viu: ${texts.join(' | ')}`,
      );
    });
    await shot(page, 'cliente-seletor-obras-desktop');
    await page.keyboard.press('Escape');
  });

  await step(page, '02-todas-obras', async () => {
    await goto(page, '/todas-obras');
    await page.locator('.ant-table-row').first().waitFor();
    assert.equal(await listTotal(page), 1, 'a lista de obras do cliente deveria ter 1 registro');
    const rows = await page.locator('.ant-table-row').allInnerTexts();
    assert.equal(rows.length, 1);
    assert.match(rows[0], /101/);
    assert.doesNotMatch(rows.join('\n'), /\b10[2-6]\b/);
    await shot(page, 'cliente-todas-obras-desktop');
  });

  await step(page, '02-obra-101', async () => {
    await goto(page, '/obras/101');
    assert.equal(new URL(page.url()).pathname, '/obras/101');
    await page.getByText(/101/).first().waitFor();
    await shot(page, 'cliente-obra-101-desktop');
  });
});

// A client reads its own sites' post-sales tickets (decision 30), not the post-sales dashboard of every ticket.
test('painel de pós-venda → /403', async () => {
  await step(page, '02-403', async () => {
    await goto(page, '/dashboard-posvendas');
    await waitPath(page, '/403');
    await page.getByText('Sem permissão', { exact: true }).first().waitFor();
    await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
    await shot(page, '403-desktop');
  });
});

test('obra de outro cliente (/obras/103) → /ObraInacessivel', async () => {
  await step(page, '02-obra-inacessivel', async () => {
    await goto(page, '/obras/103');
    await waitPath(page, '/ObraInacessivel');
    await appReady(page);
    await page.getByText('Obra inacessível', { exact: true }).first().waitFor();
    // Nothing of site 103 leaked on the page.
    assert.doesNotMatch(await page.locator('body').innerText(), /Subestação 138 kV/);
    await shot(page, 'obra-inacessivel-desktop');
  });
  await step(page, '02-obra-inexistente', async () => {
    await goto(page, '/obras/999999');
    await waitPath(page, '/ObraInacessivel');
  });
});
