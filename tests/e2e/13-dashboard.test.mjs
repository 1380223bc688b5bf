// Scenario 13 — the post-sales dashboard: KPIs, charts drawn from the aggregate API, the largest
// costs with "Outros"; a KPI opens the filtered list. Desktop and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, goto, launch, loginStaff, newPage, shot, step, waitPath, wideElements } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [viewport, label] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`painel de pós-venda (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    await step(page, `13-painel-${label}`, async () => {
      await loginStaff(page, 'posvendas@portal.local');
      await goto(page, '/dashboard-posvendas?de=2024-01-01&ate=2026-12-31');
      const kpi = page.getByRole('region', { name: 'Tickets em aberto' });
      await kpi.locator('.ant-statistic-content').waitFor();
      // Charts are drawn (canvas) and the cost table ends with "Outros" or fits in ten rows.
      await page.getByRole('region', { name: 'Por situação' }).locator('canvas').first().waitFor({ timeout: 20_000 });
      const costs = page.getByRole('region', { name: 'Os 10 maiores custos por ticket e os demais' });
      await costs.getByText('Total', { exact: true }).waitFor();
      await page.waitForTimeout(800);
      await shot(page, `painel-posvenda-${label}`);
      if (label === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        const wide = await wideElements(page);
        assert.ok(overflow <= 1 && wide.length === 0, `o painel rola para o lado (${overflow}px; ${wide.join('; ')})`);
      }
      const shown = Number((await kpi.locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));
      await kpi.getByRole('link').click();
      await waitPath(page, '/posvendas');
      await page.getByText(`${shown} registro${shown === 1 ? '' : 's'}`).first().waitFor();
      await shot(page, `painel-posvenda-lista-${label}`);
    });
    await page.context().close();
  });
}

test('painéis CRE da obra, jurídico (obra pedida quando falta) e da fábrica', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '13-cre-obra', async () => {
    await loginStaff(page, 'admin@portal.local');
    await goto(page, '/obras/101/cre/Dashboard?de=2024-01-01&ate=2026-12-31');
    await page.getByRole('region', { name: 'Aguardando aprovação do cliente' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Por situação' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await shot(page, 'painel-cre-obra-desktop');
  });
  await step(page, '13-juridico', async () => {
    await goto(page, '/juridico/dashboard');
    await page.getByText(/Selecione a obra para continuar/).waitFor();
    await goto(page, '/juridico/dashboard?obra=101');
    await page.getByRole('region', { name: 'Processos ativos' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Provisão por probabilidade de perda' }).getByText('Total', { exact: true }).waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'painel-juridico-desktop');
  });
  await step(page, '13-fabrica', async () => {
    await goto(page, '/fabrica/Dashboard');
    await page.getByRole('region', { name: 'Em produção' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Fabricações por etapa' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await shot(page, 'painel-fabrica-desktop');
  });
  await page.context().close();
});
