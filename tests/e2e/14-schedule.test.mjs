// Scenario 14 — the works schedule of site 101: EAP items with late ones highlighted, the S-curve
// drawn, the calendar in month and week views; the site home with its KPIs and the S-curve.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, goto, launch, loginStaff, newPage, shot, step } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('cronograma da obra 101 e painel da obra', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '14-cronograma', async () => {
    await loginStaff(page, 'admin@portal.local');
    await goto(page, '/101/diarios/datas');
    const table = page.getByRole('region', { name: 'Itens da EAP' });
    await table.getByText('Comissionamento do pórtico rolante').waitFor();
    assert.ok((await table.locator('tr[data-atrasado="true"]').count()) > 0, 'nenhum item atrasado destacado');
    await page.getByRole('region', { name: 'Curva S' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /Enviar aviso de atraso/ }).waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'cronograma-101-desktop');
    const cal = page.getByRole('region', { name: 'Calendário' });
    await cal.scrollIntoViewIfNeeded();
    await cal
      .getByRole('list', { name: /^Atividades em / })
      .first()
      .waitFor();
    await shot(page, 'cronograma-101-calendario-mes');
    await cal.getByText('Semana', { exact: true }).click();
    await cal.getByRole('grid', { name: 'Semana' }).waitFor();
    await shot(page, 'cronograma-101-calendario-semana');
  });
  await step(page, '14-painel-obra', async () => {
    await goto(page, '/obras/101');
    await page.getByRole('region', { name: 'OS de campo abertas' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Avanço físico' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Curva S' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await shot(page, 'painel-obra-101-kpis');
    await goto(page, '/fabricacao/101');
    await page.getByRole('region', { name: 'Tickets de pós-venda abertos' }).locator('.ant-statistic-content').waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'painel-fabricacao-101-kpis');
  });
  await page.context().close();
});
