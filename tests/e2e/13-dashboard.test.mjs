// Scenario 13 — the post-sales dashboard: KPIs, charts drawn from the aggregate API, the largest
// costs with "Outros"; a KPI opens the filtered list. Desktop and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, axeSerious, formatViolations, goto, launch, loginStaff, newPage, shot, step, waitPath } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// At desktop width: at 390 px the dashboard is inspected (nothing past the right edge) and audited by
// scenario 34's sweep of the administrator's menu at phone width.
for (const [viewport, label] of [[DESKTOP, 'desktop']]) {
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
      const shown = Number((await kpi.locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));
      await kpi.getByRole('link').click();
      await waitPath(page, '/posvendas');
      await page
        .getByText(`${shown} registro${shown === 1 ? '' : 's'}`)
        .first()
        .waitFor();
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

test('painel de satisfação e painel de projetos da fabricação da obra', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '13-satisfacao', async () => {
    await loginStaff(page, 'posvendas@portal.local');
    await goto(page, '/posvendas-satisfacao?de=2024-01-01&ate=2026-12-31');
    for (const name of ['Respostas no período', 'CSAT do atendimento', 'NPS']) {
      await page.getByRole('region', { name, exact: true }).locator('.ant-statistic-content').waitFor();
    }
    const nps = await page.getByRole('region', { name: 'NPS', exact: true }).locator('.ant-statistic-content').innerText();
    assert.match(nps, /^[+-]?\d+$/, `NPS fora do formato: ${nps}`);
    await page.getByRole('region', { name: 'NPS por obra' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Últimas respostas e comentários' }).getByRole('row').nth(1).waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'painel-satisfacao-desktop');
  });
  await page.context().close();
  // Another person: a fresh context (the local identity keeps the first session).
  const admin = await newPage(browser, { viewport: DESKTOP });
  await step(admin, '13-fabricacao-obra', async () => {
    const page = admin;
    await loginStaff(page, 'admin@portal.local');
    await goto(page, '/101/fabricacao/Dashboard?de=2024-01-01&ate=2026-12-31');
    await page.getByRole('region', { name: 'Em produção' }).locator('.ant-statistic-content').waitFor();
    await page.getByRole('region', { name: 'Projetos elétricos por situação' }).locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await shot(page, 'painel-fabricacao-obra-desktop');
  });
  await admin.context().close();
});

// The demo's open invitation (docs/uso.md, "Pesquisa de satisfação"): public, no login, no portal shell.
const DEMO_SURVEY = '/pesquisa/demonstracao-pesquisa-de-satisfacao-0000016';

test('pesquisa de satisfação pública (390 px): responder uma vez', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  const seen = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  await step(page, '13-pesquisa', async () => {
    await goto(page, DEMO_SURVEY);
    await page.getByRole('heading', { name: 'Pesquisa de satisfação' }).waitFor();
    await page.getByText(/Iluminação do pátio/).waitFor();
    assert.equal(await page.locator('.ant-layout-sider, header.ant-layout-header').count(), 0, 'a pesquisa não deve trazer o layout do portal');
    assert.ok(!seen.includes('/api/v1/me'), 'a pesquisa pública não consulta a sessão');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `a pesquisa rola para o lado (${overflow}px)`);
    await shot(page, 'pesquisa-formulario-phone');
    // Issue 40: the 1–5 ratings are radio groups axe accepts, at 390 px and on a computer.
    const noAxe = async (p, where) => {
      const v = await axeSerious(p);
      assert.equal(v.length, 0, `pesquisa (${where}): violações sérias/críticas do axe-core:\n    ${formatViolations(v)}`);
    };
    await noAxe(page, '390 px');
    const desktop = await newPage(browser, { viewport: DESKTOP });
    await goto(desktop, DEMO_SURVEY);
    await desktop.getByRole('radiogroup', { name: 'Atendimento (1 a 5)' }).waitFor();
    await noAxe(desktop, 'computador');
    await shot(desktop, 'pesquisa-formulario-desktop');
    await desktop.context().close();
    for (const [label, n] of [
      ['Atendimento (1 a 5)', 5],
      ['Prazo (1 a 5)', 4],
      ['Qualidade da solução (1 a 5)', 5],
    ]) {
      await page
        .getByRole('radiogroup', { name: label })
        .getByRole('radio', { name: new RegExp(`^${n} –`) })
        .click();
    }
    // The keyboard moves within a group like any radio group: from 1 star, three times right is 4.
    const comunicacao = page.getByRole('radiogroup', { name: 'Comunicação (1 a 5)' });
    await comunicacao.getByRole('radio', { name: /^1 –/ }).click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    assert.ok(await comunicacao.getByRole('radio', { name: '4 – satisfeito' }).isChecked(), 'a seta para a direita não chegou à 4ª estrela');
    await noAxe(page, '390 px, respondida');
    await shot(page, 'pesquisa-notas-phone');
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '9', exact: true }) })
      .click();
    await page.getByLabel('Comentário').fill('Atendimento rápido e cordial.');
    await page.getByRole('button', { name: /Enviar avaliação/ }).click();
    await page.getByText('Obrigado pela sua avaliação!').waitFor();
    await shot(page, 'pesquisa-obrigado-phone');
    await goto(page, DEMO_SURVEY);
    await page.getByText('Pesquisa encerrada').waitFor();
    await shot(page, 'pesquisa-encerrada-phone');
  });
  await page.context().close();
});
