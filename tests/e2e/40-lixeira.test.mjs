// Scenario 40 — nothing is lost (issue 35): the administrator deletes a ticket from its page (the
// confirmation says it goes to the trash), finds it in "Lixeira" with its interaction, restores it
// (back on its page, same number), changes its title, restores the earlier version from the
// history, and sees the trash period in "Configurações do portal", where 0 days is refused.
// Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, apiSend, goto, launch, loginStaff, newPage, noSidewaysScroll, PHONE, shot, step, waitPath } from './helpers.mjs';
import { TICKET_OWNER, ticketBody } from '../fixtures/ticket.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A new ticket of site 101 with one interaction, through the API with the page's session. */
async function newTicket(page, titulo) {
  const cliente = (await apiGet(page, '/api/v1/posvendas?obra=101&_end=1')).body[0].cliente;
  const r = await apiSend(page, 'POST', '/api/v1/posvendas', ticketBody(titulo, cliente));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const i = await apiSend(page, 'POST', '/api/v1/ticket-interacoes', {
    ticket: r.body.id,
    tipo: 'Atualização interna',
    texto: 'Visita marcada.',
    responsavel: { mail: TICKET_OWNER },
  });
  assert.equal(i.status, 201, JSON.stringify(i.body));
  return r.body;
}

test('excluir vai para a lixeira; restaurar traz o registro e uma versão anterior volta do histórico', async () => {
  const page = await newPage(browser);
  await step(page, '40-login', () => loginStaff(page, 'admin@portal.local'));
  const titulo = `Goteira lixeira ${Date.now()}`;
  const ticket = await newTicket(page, titulo);

  await step(page, '40-excluir', async () => {
    await goto(page, `/posvendas/${ticket.id}`);
    await page.getByText(titulo).first().waitFor();
    await page
      .getByRole('button', { name: /Excluir$/ })
      .first()
      .click();
    await page.getByText(/vai para a lixeira, de onde pode ser restaurado/).waitFor();
    await shot(page, 'lixeira-confirmar-desktop');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await waitPath(page, (p) => p !== `/posvendas/${ticket.id}`);
    assert.equal((await apiGet(page, `/api/v1/posvendas/${ticket.id}`)).status, 404);
  });

  await step(page, '40-lixeira', async () => {
    await goto(page, '/lixeira');
    const row = page.locator('tr', { hasText: titulo });
    await row.waitFor();
    await row.getByText('+1 registro junto').waitFor();
    await shot(page, 'lixeira-desktop');
    await row.getByRole('button', { name: /Restaurar$/ }).click();
    await waitPath(page, (p) => p === `/posvendas/${ticket.id}`);
    await page.getByText(titulo).first().waitFor();
    await page.getByText('Restauração da lixeira').first().waitFor();
    const back = await apiGet(page, `/api/v1/posvendas/${ticket.id}`);
    assert.equal(back.body.numero, ticket.numero);
  });

  await step(page, '40-versao', async () => {
    const now = (await apiGet(page, `/api/v1/posvendas/${ticket.id}`)).body;
    const r = await apiSend(page, 'PATCH', `/api/v1/posvendas/${ticket.id}`, { version: now.version, titulo: `${titulo} (errado)` });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await page.reload();
    await page.getByText(`${titulo} (errado)`).first().waitFor();
    // The entry before the wrong edit (the restore) offers its version back.
    await page
      .getByRole('button', { name: /Restaurar esta versão$/ })
      .first()
      .click();
    await page.getByText('Restaurar esta versão?').waitFor();
    await shot(page, 'lixeira-versao-desktop');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restaurar' }).click();
    await page.getByText('Versão restaurada', { exact: true }).first().waitFor();
    const restored = (await apiGet(page, `/api/v1/posvendas/${ticket.id}`)).body;
    assert.equal(restored.titulo, titulo);
  });

  await step(page, '40-configuracoes', async () => {
    await goto(page, '/admin/configuracoes');
    const days = page.getByLabel('Tempo na lixeira');
    await days.waitFor();
    assert.equal(await days.inputValue(), '30');
    await shot(page, 'configuracoes-desktop');
    const refused = await apiSend(page, 'PUT', '/api/v1/configuracoes', { lixeiraDias: 0 });
    assert.equal(refused.status, 400);
    assert.match(refused.body.errors.lixeiraDias[0], /Tempo na lixeira: informe de 1 a 3\.650 dias/);
  });

  const phone = await newPage(browser, { viewport: PHONE });
  await step(phone, '40-celular', async () => {
    await loginStaff(phone, 'admin@portal.local');
    const other = await newTicket(phone, `Goteira celular ${Date.now()}`);
    assert.equal((await apiSend(phone, 'DELETE', `/api/v1/posvendas/${other.id}`)).status, 200);
    await goto(phone, '/lixeira');
    await phone.locator('tr', { hasText: other.titulo }).waitFor();
    await noSidewaysScroll(phone, 'lixeira no celular');
    await shot(phone, 'lixeira-phone');
    await goto(phone, '/admin/configuracoes');
    await phone.getByLabel('Tempo na lixeira').waitFor();
    await shot(phone, 'configuracoes-phone');
  });
});
