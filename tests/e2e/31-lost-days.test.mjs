// Issue 26 — "Dias impraticáveis" of site 101 at phone width (390×844): the totals and the list of a
// demo period, no sideways page scroll (the table scrolls inside its card), the date opens the
// report, and "Exportar" downloads an .xlsx whose rows are the list's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { PHONE, goto, launch, loginStaff, newPage, shot, step, waitPath } from './helpers.mjs';
import { inspect, settle } from './screens.mjs';

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-impraticaveis-'));
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('dias impraticáveis da obra 101 no telefone: totais, lista, exportação', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '31-login', () => loginStaff(page, 'sm@portal.local'));
  const path = '/101/diarios/impraticaveis?de=2025-01-01&ate=2025-07-31';
  let days = 0;
  await step(page, '31-tela', async () => {
    await goto(page, path);
    const list = page.getByRole('region', { name: 'Diários com turno impraticável' });
    await list.locator('.ant-table-row').first().waitFor();
    await settle(page);
    const problems = [];
    await inspect(page, problems, 'Dias impraticáveis');
    assert.deepEqual(problems, []);
    const rows = await list.locator('.ant-table-row').count();
    days = Number(await page.getByRole('region', { name: 'Dias com turno impraticável' }).locator('.ant-statistic-content-value').innerText());
    assert.ok(days > 0);
    assert.equal(rows, Math.min(days, 31)); // one report a day; 31 a page
    await shot(page, 'dias-impraticaveis-phone');
  });

  await step(page, '31-exportar', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /exportar/i }).click()]);
    assert.equal(download.suggestedFilename(), 'dias-impraticaveis-101-2025-01-01-a-2025-07-31.xlsx');
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Dias impraticáveis');
    let dated = 0;
    ws.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value instanceof Date) dated++;
    });
    assert.equal(dated, days);
  });

  await step(page, '31-abrir-diario', async () => {
    await page.getByRole('region', { name: 'Diários com turno impraticável' }).getByRole('link').first().click();
    await waitPath(page, (p) => /^\/diarios\/\d+$/.test(p));
  });
  await page.context().close();
});
