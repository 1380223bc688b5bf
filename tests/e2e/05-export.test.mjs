// Scenario 5 — a list exports to .xlsx; the downloaded file opens (exceljs) and its row count equals
// the filtered total shown by the list.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { eventually, filterColumnIn, launch, listTotal, loginStaff, newPage, openMenuItem, shot, step, waitPath } from './helpers.mjs';

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-xlsx-'));
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('exportar a lista filtrada para .xlsx: o arquivo tem o total filtrado de linhas', async () => {
  const page = await newPage(browser);
  await step(page, '05-login', () => loginStaff(page, 'sm@portal.local'));

  let total = 0;
  let unfiltered = 0;
  await step(page, '05-filtrar', async () => {
    await openMenuItem(page, 'Diários de obra');
    await waitPath(page, '/diarios');
    await page.locator('.ant-table-row').first().waitFor();
    unfiltered = await listTotal(page);
    await filterColumnIn(page, 'Situação', ['Aprovado']);
    await eventually(async () => {
      total = await listTotal(page);
      assert.ok(total > 0 && total < unfiltered, `o filtro não reduziu a lista (${total} de ${unfiltered})`);
    });
    // Every row on screen carries the filtered value.
    for (const t of await page.locator('.ant-table-row').allInnerTexts()) assert.match(t, /Aprovado/);
  });

  await step(page, '05-exportar', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /exportar/i }).click()]);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    await shot(page, 'diarios-exportacao-desktop');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    assert.ok(ws, 'planilha vazia');
    const header = ws.getRow(1).values.filter(Boolean).map(String);
    assert.ok(header.includes('Data') && header.includes('Situação'), `cabeçalho inesperado: ${header.join(', ')}`);
    const dataRows = ws.actualRowCount - 1;
    assert.equal(dataRows, total, `o arquivo tem ${dataRows} linhas de dados; a lista filtrada mostra ${total}`);
    const statusCol = header.indexOf('Situação') + 1;
    for (let r = 2; r <= ws.actualRowCount; r++) {
      assert.equal(String(ws.getRow(r).getCell(statusCol).value), 'Aprovado', `linha ${r} fora do filtro`);
    }
  });
  await page.context().close();
});
