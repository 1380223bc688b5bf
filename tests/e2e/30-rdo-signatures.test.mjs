// Scenario 30 — the day's report as a document of record (issue 26): the site manager concludes a
// report and signs it with a drawn signature (desktop), the client's representative signs it from a
// phone by confirming with their own sign-in, the public page /verificar/{codigo} confirms it, an
// edit is refused, and the RDO administrator's return for correction voids both signatures, visibly
// on the report and on the verification page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, apiSend, eventually, goto, launch, loginOwnAccount, loginStaff, newPage, shot, step } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const statusTag = (page) => page.getByTestId('workflow-state');
const card = (page) =>
  page
    .getByRole('region', { name: /Assinaturas/ })
    .or(page.locator('.ant-card').filter({ hasText: 'Assinaturas' }))
    .first();
const signatures = (page) => page.getByRole('list', { name: 'Assinaturas do diário' }).getByRole('listitem');

async function drawSignature(page) {
  const pad = page.getByRole('img', { name: 'Quadro para desenhar a assinatura' });
  await pad.scrollIntoViewIfNeeded();
  // The dialog opens with a zoom: draw once the pad stopped moving.
  let box;
  await eventually(async () => {
    const a = await pad.boundingBox();
    await new Promise((r) => setTimeout(r, 150));
    const b = await pad.boundingBox();
    assert.ok(a && b && a.x === b.x && a.y === b.y && a.width === b.width, 'o quadro ainda está se movendo');
    box = b;
  });
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 2 });
  await page.mouse.up();
}

test('o diário concluído é assinado pelo site manager e pelo cliente, verificado e anulado ao ser devolvido', async () => {
  const sm = await newPage(browser, { viewport: DESKTOP });
  const client = await newPage(browser, { viewport: PHONE });
  const anonymous = await newPage(browser, { viewport: PHONE });
  const admin = await newPage(browser, { viewport: DESKTOP });
  let id;
  let codigo;
  try {
    await step(sm, '30-concluir', async () => {
      await loginStaff(sm, 'sm@portal.local');
      const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
      const created = await apiSend(sm, 'POST', '/api/v1/diarios', {
        data: `2024-0${1 + Math.floor(Math.random() * 9)}-${day}`,
        obra: '101',
        siteManager: { mail: 'sm@portal.local', nome: 'Site Manager' },
        ocorrencias: 'Concretagem da laje do bloco B.',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      id = created.body.id;
      await goto(sm, `/diarios/${id}`);
      await sm.getByRole('button', { name: 'Concluir diário', exact: true }).click();
      await sm.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await eventually(async () => assert.match(await statusTag(sm).textContent(), /Concluído/), { timeout: 15_000 });
      // Concluded: locked, even for its author.
      const edit = await apiSend(sm, 'PATCH', `/api/v1/diarios/${id}`, { ocorrencias: 'Alterado depois de concluído.', version: created.body.version + 1 });
      assert.ok([403, 409].includes(edit.status), `edição depois de concluído: ${edit.status}`);
    });

    await step(sm, '30-assinar-site-manager', async () => {
      await sm.getByRole('button', { name: 'Assinar diário' }).click();
      const dialog = sm.getByRole('dialog', { name: 'Assinar diário' });
      await dialog.waitFor();
      await drawSignature(sm);
      await shot(sm, 'rdo-assinar-desenho-desktop');
      await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await eventually(async () => assert.equal(await signatures(sm).count(), 1), { timeout: 15_000 });
      await signatures(sm).first().getByText('Válida').waitFor();
      await card(sm).scrollIntoViewIfNeeded();
      await shot(sm, 'rdo-assinado-site-manager-desktop');
    });

    await step(client, '30-assinar-cliente-telefone', async () => {
      await loginOwnAccount(client, 'cliente@portal.local');
      await goto(client, `/diarios/${id}`);
      await client.getByRole('button', { name: 'Assinar diário' }).click();
      const dialog = client.getByRole('dialog', { name: 'Assinar diário' });
      await dialog.waitFor();
      // A tap while the dialog still zooms in can miss: tap again until the confirmation shows.
      await eventually(
        async () => {
          await dialog.getByText('Confirmar com meu login', { exact: true }).click();
          await dialog.getByRole('checkbox').waitFor({ timeout: 2_000 });
        },
        { timeout: 15_000 },
      );
      await dialog.getByRole('checkbox').check();
      await shot(client, 'rdo-assinar-login-phone');
      await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await eventually(async () => assert.equal(await signatures(client).count(), 2), { timeout: 15_000 });
      const link = client
        .getByRole('link', { name: /^[A-Z0-9]{10}$/ })
        .or(client.locator('a[href*="/verificar/"]'))
        .first();
      codigo = (await link.getAttribute('href')).split('/verificar/')[1];
      assert.match(codigo, /^[A-Z0-9]{10}$/);
      await card(client).scrollIntoViewIfNeeded();
      await shot(client, 'rdo-assinado-cliente-phone');
    });

    await step(anonymous, '30-verificar-valido', async () => {
      await goto(anonymous, `/verificar/${codigo}`);
      await anonymous
        .getByText(/Documento válido/)
        .first()
        .waitFor();
      await anonymous.getByText('Site Manager').first().waitFor();
      await shot(anonymous, 'verificar-valido-phone');
    });

    await step(admin, '30-devolver-anula', async () => {
      await loginStaff(admin, 'admin@portal.local');
      await goto(admin, `/diarios/${id}`);
      await admin.getByRole('button', { name: 'Devolver para correção', exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(/Comentário/).fill('Efetivo da tarde faltando.');
      await dialog.getByRole('button', { name: 'Devolver para correção', exact: true }).click();
      await eventually(async () => assert.match(await statusTag(admin).textContent(), /Devolvido/), { timeout: 15_000 });
      await eventually(async () => assert.equal(await signatures(admin).filter({ hasText: 'Anulada' }).count(), 2), { timeout: 15_000 });
      await admin
        .getByText(/Efetivo da tarde faltando/)
        .first()
        .waitFor();
      await card(admin).scrollIntoViewIfNeeded();
      await shot(admin, 'rdo-assinaturas-anuladas-desktop');
    });

    await step(anonymous, '30-verificar-anulado', async () => {
      await goto(anonymous, `/verificar/${codigo}`);
      await anonymous
        .getByText(/anuladas|mudou/)
        .first()
        .waitFor();
      assert.equal(await anonymous.getByText(/Documento válido/).count(), 0);
      await shot(anonymous, 'verificar-anulado-phone');
      await goto(anonymous, '/verificar/ZZZZZZZZZZ');
      await anonymous.getByText('Código de verificação inexistente.').first().waitFor();
    });
  } finally {
    for (const p of [sm, client, anonymous, admin]) await p.context().close();
  }
});
