// Scenario 47 — the administrators' webhooks (issue 41): a subscription of the demo's service
// account ("Integração ERP") is listed with its events and state; "Novo webhook" opens the form;
// its delivery log sends a test event ("ping"), which appears in the log; on a phone the list is one
// column without sideways scrolling. Axe on the list and the log; screenshots at 1440 and 390 px.
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

test('webhooks: a lista, o formulário, o registro de entregas com um teste (computador e celular)', async () => {
  const page = await newPage(browser);
  await step(page, '47-login', () => loginStaff(page, 'admin@portal.local'));
  const erp = (await apiGet(page, '/api/v1/contas-servico')).body.find((a) => a.nome === 'Integração ERP');
  assert.ok(erp, 'a conta de serviço de demonstração existe');
  const nome = `ERP Sienge ${Date.now()}`;
  const created = await apiSend(page, 'POST', '/api/v1/webhooks', {
    nome,
    url: 'https://93.184.216.34/ganchos/portal',
    eventos: ['contratos.criado', 'contratos.transicao', 'diarios.assinado', 'ping'],
    contaServico: erp.id,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  try {
    await step(page, '47-lista', async () => {
      await goto(page, '/admin/webhooks');
      const row = page.getByRole('row').filter({ hasText: nome });
      await row.getByText('Ativo').waitFor();
      await row.getByText('contratos.criado').waitFor();
      await noAxe(page, 'webhooks');
      await shot(page, 'webhooks-lista-desktop');
      await page.getByRole('button', { name: /Novo webhook/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Endereço (URL)').waitFor();
      await shot(page, 'webhooks-novo-desktop');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    await step(page, '47-entregas', async () => {
      await page.getByRole('button', { name: `Entregas de ${nome}` }).click();
      await page.getByRole('heading', { name: `Webhook: ${nome}` }).waitFor();
      await page.getByRole('button', { name: 'Enviar teste' }).click();
      await page.getByRole('cell', { name: /ping/ }).first().waitFor({ timeout: 20_000 });
      await noAxe(page, 'registro de entregas');
      await shot(page, 'webhooks-entregas-desktop');
    });
    const phone = await newPage(browser, { viewport: PHONE });
    await step(phone, '47-celular', async () => {
      await loginStaff(phone, 'admin@portal.local');
      await goto(phone, '/admin/webhooks');
      await phone.getByRole('link', { name: nome }).waitFor();
      await noSidewaysScroll(phone, 'webhooks (390 px)');
      await shot(phone, 'webhooks-lista-phone');
      await goto(phone, `/admin/webhooks/${id}`);
      await phone.getByRole('heading', { name: `Webhook: ${nome}` }).waitFor();
      await noSidewaysScroll(phone, 'registro de entregas (390 px)');
      await shot(phone, 'webhooks-entregas-phone');
    });
    await phone.context().close();
  } finally {
    await apiSend(page, 'DELETE', `/api/v1/webhooks/${id}`);
  }
  await page.context().close();
});
