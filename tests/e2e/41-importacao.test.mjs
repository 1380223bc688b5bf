// Scenario 41 — the company's data comes in (issue 38): the administrator opens "Importar planilha"
// on the contracts list, sends a file of 200 contracts with 3 wrong rows, reads the dry run's report
// (the rows and fields, the closest company suggested), sends the fixed file, imports all-or-nothing
// with the progress bar (rows done of the total), and finds the run in "Importações" (also readable
// on a phone).
// Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { apiGet, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const ROWS = 200;
const HEADER = ['Nº do contrato', 'Tipo', 'Fornecedor / cliente', 'Obra', 'Objeto', 'Valor', 'Início da vigência', 'Responsável', 'Gestor', 'Validador'];

async function contractsFile(prefix, wrong) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contratos');
  ws.addRow(HEADER);
  for (let i = 1; i <= ROWS; i++) {
    const row = [
      `${prefix}-${String(i).padStart(3, '0')}`,
      'Locação',
      'Concreta Pré-Moldados',
      '101',
      `Locação de equipamentos, lote ${i}`,
      1000 + i * 10.5,
      new Date(Date.UTC(2026, 2, 1 + (i % 28))),
      'admin@portal.local',
      'sm@portal.local',
      'admin@portal.local',
    ];
    if (wrong && i === 3) row[1] = 'Vendas';
    if (wrong && i === 7) row[2] = 'Concreta Pre Moldadas';
    if (wrong && i === 10) row[5] = 'muito caro';
    const r = ws.addRow(row);
    r.getCell(7).numFmt = 'dd/mm/yyyy';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function send(page, name, buffer) {
  await page
    .locator('.ant-drawer input[type=file]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByRole('button', { name: 'Simular importação' }).waitFor({ timeout: 20_000 });
}

test('o administrador importa contratos: relatório da simulação, arquivo corrigido, progresso e "Importações"', async () => {
  const page = await newPage(browser);
  await step(page, '41-login', () => loginStaff(page, 'admin@portal.local'));
  const prefix = `E2E${Date.now().toString(36).toUpperCase()}`;

  await step(page, '41-abrir', async () => {
    await goto(page, '/contrato');
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    await page.getByText('Clique ou arraste a planilha para cá').waitFor();
    await shot(page, 'importacao-enviar-desktop');
  });

  await step(page, '41-simular-com-erros', async () => {
    await send(page, 'contratos.xlsx', await contractsFile(prefix, true));
    await page.getByText('Nº do contrato').first().waitFor();
    await shot(page, 'importacao-colunas-desktop');
    await page.getByRole('button', { name: 'Simular importação' }).click();
    await page.getByText(`Simulação: ${ROWS - 3} registros novos`).waitFor({ timeout: 90_000 });
    await page.getByText('Linha 8').waitFor();
    await page.getByText('Você quis dizer "Concreta Pré-Moldados"?', { exact: false }).waitFor();
    await page.getByText('Valor: Informe um número.').waitFor();
    await shot(page, 'importacao-relatorio-desktop');
    // Nothing was written by the dry run.
    assert.equal((await apiGet(page, `/api/v1/contratos?q=${prefix}`)).total, '0');
  });

  await step(page, '41-corrigida', async () => {
    await page.getByRole('button', { name: 'Enviar outro arquivo' }).last().click();
    await send(page, 'contratos-corrigida.xlsx', await contractsFile(prefix, false));
    await page.getByRole('button', { name: 'Simular importação' }).click();
    await page.getByText(`Simulação: ${ROWS} registros novos`).waitFor({ timeout: 90_000 });
    // Every state the progress shows while the rows are written ("37 de 200 linhas"), however short.
    await page.evaluate(() => {
      window.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[aria-label="Progresso da importação"]');
        const line = bar?.closest('.ant-space')?.innerText.match(/[\d.]+ de [\d.]+ linhas/)?.[0];
        if (line && window.__progress.at(-1) !== line) window.__progress.push(line);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: new RegExp(`Importar ${ROWS} registro`) }).click();
    await page.getByText('Importação concluída').first().waitFor({ timeout: 90_000 });
    await shot(page, 'importacao-concluida-desktop');
    const progress = await page.evaluate(() => window.__progress);
    console.log(`# progresso mostrado: ${progress.join(' → ')}`);
    assert.ok(progress.length > 0 && progress.every((p) => p.endsWith(`de ${ROWS} linhas`)), JSON.stringify(progress));
    assert.equal((await apiGet(page, `/api/v1/contratos?q=${prefix}`)).total, String(ROWS));
  });

  await step(page, '41-importacoes', async () => {
    await goto(page, '/importacoes');
    await page.getByText('contratos-corrigida.xlsx').first().waitFor();
    await page.getByText(`${ROWS} novo(s)`).first().waitFor();
    await shot(page, 'importacoes-desktop');
  });

  const phone = await newPage(browser, { viewport: PHONE });
  await step(phone, '41-telefone', async () => {
    await loginStaff(phone, 'admin@portal.local');
    await goto(phone, '/importacoes');
    await phone.getByText('contratos-corrigida.xlsx').first().waitFor();
    await noSidewaysScroll(phone, 'Importações');
    await shot(phone, 'importacoes-phone');
    await phone
      .getByRole('button', { name: /Abrir$/ })
      .first()
      .click();
    await phone.getByText('Importar planilha — Contratos').waitFor();
    await phone.locator('.ant-drawer .ant-result-title', { hasText: 'Importação concluída' }).waitFor();
    await noSidewaysScroll(phone, 'Resultado da importação');
    await shot(phone, 'importacao-resultado-phone');
  });
});
