// Scenario 15 — the daily report as a document and the two configuration screens: the RDO
// configuration of a site (/:obra/diarios/configurar), the default library tree of new sites
// (/obra/documentacao), "Copiar do dia anterior" on a new report and "Baixar PDF" on a report.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { DESKTOP, apiGet, goto, launch, loginStaff, newPage, shot, step, waitPath } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('configuração do RDO, árvore de documentos, cópia do dia anterior e PDF do diário', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '15-configurar-rdo', async () => {
    await loginStaff(page, 'admin@portal.local');
    await goto(page, '/103/diarios/configurar');
    await page.getByText('Turnos de trabalho').first().waitFor();
    // The saved record's lists fill the form after it renders: wait for them before reading the switch.
    await page.getByRole('cell').locator('input[value="Retroescavadeira"]').first().waitFor();
    await page.getByRole('switch', { name: 'Chuva (mm)' }).waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Chuva (mm)' }).isChecked(), true);
    await page.waitForTimeout(500);
    await shot(page, 'rdo-configurar-desktop');
  });
  await step(page, '15-arvore-documentos', async () => {
    await goto(page, '/obra/documentacao');
    const tree = page.getByRole('tree', { name: 'Árvore de documentos' });
    await tree.getByText('Obra {obra} — {nome}').waitFor();
    await tree.getByText('Fotos de avanço').click();
    await page.getByRole('form', { name: 'Dados da pasta' }).getByLabel('Nome').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Dados da pasta' }).getByLabel('Nome').inputValue(), 'Fotos de avanço');
    await page.waitForTimeout(500);
    await shot(page, 'arvore-documentos-desktop');
  });
  await step(page, '15-copiar-dia-anterior', async () => {
    await goto(page, '/101/diarios/novo');
    await page.getByRole('button', { name: /Copiar do dia anterior/ }).click();
    await page
      .getByText(/Copiado do diário nº \d+/)
      .first()
      .waitFor();
    const expected = await apiGet(page, '/api/v1/diarios/copia-anterior?obra=101');
    assert.equal(expected.status, 200);
    for (const a of expected.body.atividades) assert.equal((await page.locator(`input[value="${a.descricao}"]`).count()) > 0, true, a.descricao);
    await page.waitForTimeout(500);
    await shot(page, 'rdo-copiar-dia-anterior-desktop');
  });
  await step(page, '15-baixar-pdf', async () => {
    const list = await apiGet(page, '/api/v1/diarios?obra=101&_sort=data&_order=desc&_end=1');
    const rdo = list.body[0];
    await goto(page, `/diarios/${rdo.id}`);
    const button = page.getByRole('button', { name: /Baixar PDF/ });
    await button.waitFor();
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/v1/diarios/${rdo.id}/pdf`)),
      page.waitForEvent('download'),
      button.click(),
    ]);
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');
    assert.equal(response.headers()['content-disposition'], `attachment; filename="RDO-101-${rdo.numero}.pdf"`);
    assert.equal(download.suggestedFilename(), `RDO-101-${rdo.numero}.pdf`);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(bytes.length > 5_000, `PDF pequeno demais (${bytes.length} bytes)`);
    await shot(page, 'rdo-pdf-desktop');
  });
  await page.context().close();
});

test('sem o direito de configurar, as telas de configuração não abrem', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '15-sem-direito', async () => {
    await loginStaff(page, 'sm@portal.local');
    await goto(page, '/101/diarios/configurar');
    await waitPath(page, '/403');
    await goto(page, '/obra/documentacao');
    await waitPath(page, '/403');
  });
  await page.context().close();
});
