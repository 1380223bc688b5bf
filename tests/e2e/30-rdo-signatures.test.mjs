// Scenario 30 — the day's report as a document of record (issue 26): the site manager writes the
// report in the new-RDO form of site 101 and concludes it (the UI then offers no "Editar" and the API
// refuses an edit with the current version: 403 and the lock message), signs it with a drawn
// signature (desktop), the client's representative signs it from a phone by confirming with their
// own sign-in, each event e-mails the PDF to the site's distribution list (.eml under
// DATA_DIR/mail), the public page /verificar/{codigo} confirms it, and the RDO administrator's
// return for correction voids both signatures, visibly on the report and on the verification page,
// and tells whoever had the PDF; the report cannot be deleted, and voiding it ("Anular diário", issue
// 36) makes the verification say so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, apiGet, apiSend, eventually, goto, launch, loginOwnAccount, loginStaff, newPage, shot, step, toasts, waitPath } from './helpers.mjs';
import { DATA_DIR, readMails } from './mail.mjs';
import { freeDay, signWithLogin } from './field-helpers.mjs';

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
const editControl = (page) => page.getByRole('button', { name: /Editar/ }).or(page.getByRole('link', { name: /Editar/ }));
/** The API's refusal of any edit of a concluded report (src/server/workflow/edit-rules.ts). */
const LOCKED = 'Este diário de obra está em "Concluído (em revisão)" e não pode ser alterado por você.';
const SEED_DISTRIBUTION = ['obra101@cliente-demo.com.br', 'arquivo.tecnico@portal.local']; // src/server/seed/demo-config.ts

/** Site 101's distribution list, set to the seed's when it has none. */
async function distributionOf101(admin) {
  const found = await apiGet(admin, '/api/v1/configuracoes-rdo?obra=101');
  assert.equal(found.status, 200, JSON.stringify(found.body));
  const config = found.body[0];
  if (config?.distribuicao?.length) return config.distribuicao.map((m) => m.toLowerCase());
  const saved = config
    ? await apiSend(admin, 'PATCH', `/api/v1/configuracoes-rdo/${config.id}`, { distribuicao: SEED_DISTRIBUTION, version: config.version })
    : await apiSend(admin, 'POST', '/api/v1/configuracoes-rdo', { obra: '101', distribuicao: SEED_DISTRIBUTION });
  assert.ok([200, 201].includes(saved.status), JSON.stringify(saved.body));
  return SEED_DISTRIBUTION;
}

/**
 * The message the portal wrote for `event` ("diário concluído", "assinado (…)") of report nº
 * `numero`: to the whole distribution list, with the report's PDF attached.
 */
async function assertDistributedPdf(numero, event, distribution) {
  const mail = await eventually(
    () => {
      const mine = readMails().filter((m) => m.subject.startsWith(`Diário de obra nº ${numero} — `) && m.subject.endsWith(`: ${event}`));
      assert.equal(mine.length, 1, `e-mail "${event}" do diário nº ${numero}: ${JSON.stringify(mine.map((m) => m.subject))}`);
      return mine[0];
    },
    { timeout: 30_000, interval: 500 }, // the drainer passes every 5 s
  );
  assert.deepEqual([...mail.to].sort(), [...distribution].sort(), `destinatários de "${mail.subject}"`);
  const pdfs = mail.attachments.filter((a) => a.contentType === 'application/pdf');
  assert.equal(pdfs.length, 1, `anexos de "${mail.subject}": ${JSON.stringify(mail.attachments.map((a) => [a.contentType, a.filename]))}`);
  assert.equal(pdfs[0].filename, `RDO-101-${numero}.pdf`);
  assert.equal(pdfs[0].bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'o anexo não é um PDF');
}

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

test('o diário escrito e concluído no navegador é travado, assinado pelo site manager e pelo cliente, distribuído, verificado e anulado ao ser devolvido', async () => {
  assert.ok(DATA_DIR, 'E2E_DATA_DIR ausente');
  const sm = await newPage(browser, { viewport: DESKTOP });
  const client = await newPage(browser, { viewport: PHONE });
  const anonymous = await newPage(browser, { viewport: PHONE });
  const admin = await newPage(browser, { viewport: DESKTOP });
  let id;
  let numero;
  let codigo;
  let distribution;
  try {
    await step(admin, '30-lista-distribuicao', async () => {
      await loginStaff(admin, 'admin@portal.local');
      distribution = await distributionOf101(admin);
    });

    await step(sm, '30-escrever', async () => {
      await loginStaff(sm, 'sm@portal.local');
      const day = await freeDay(sm, 2024);
      await goto(sm, '/101/diarios/novo');
      const text = sm.getByLabel('Ocorrências');
      await text.waitFor();
      assert.equal(await sm.getByLabel('Site manager: e-mail').inputValue(), 'sm@portal.local');
      const date = sm.getByLabel('Data', { exact: true });
      await date.click();
      await date.fill(day.br);
      await date.press('Enter');
      await sm.keyboard.press('Escape').catch(() => {});
      await text.fill(`Concretagem da laje do bloco B (${day.iso}).`);
      await date.scrollIntoViewIfNeeded();
      await shot(sm, '30-rdo-escrito-desktop');
      await sm.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(sm, (p) => /^\/diarios\/\d+$/.test(p), 20_000);
      id = Number(new URL(sm.url()).pathname.split('/').pop());
      const saved = await apiGet(sm, `/api/v1/diarios/${id}`);
      assert.equal(saved.body.data, day.iso);
      assert.equal(saved.body.obra, '101');
      numero = saved.body.numero;
      assert.ok(numero > 0, 'o RDO não recebeu número');
      // A draft: its author may still edit it.
      await eventually(async () => assert.match(await statusTag(sm).textContent(), /Rascunho/), { timeout: 15_000 });
      await editControl(sm).first().waitFor();
    });

    await step(sm, '30-concluir', async () => {
      await sm.getByRole('button', { name: 'Concluir diário', exact: true }).click();
      await sm.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await eventually(async () => assert.match(await statusTag(sm).textContent(), /Concluído/), { timeout: 15_000 });
      // Concluded: locked, even for its author — no "Editar" on the page, and the API refuses an
      // edit that carries the record's current version (no conflict: the lock itself).
      await sm.getByRole('button', { name: 'Assinar diário' }).waitFor();
      // The toasts cover the page's actions: gone before looking at them.
      await eventually(async () => assert.equal(await toasts(sm).count(), 0), { timeout: 15_000 });
      assert.equal(await editControl(sm).count(), 0, 'o diário concluído ainda oferece "Editar"');
      await shot(sm, '30-rdo-concluido-sem-editar-desktop');
      const current = await apiGet(sm, `/api/v1/diarios/${id}`);
      assert.equal(current.status, 200);
      const edit = await apiSend(sm, 'PATCH', `/api/v1/diarios/${id}`, { ocorrencias: 'Alterado depois de concluído.', version: current.body.version });
      assert.equal(edit.status, 403, `edição depois de concluído: ${edit.status} ${JSON.stringify(edit.body)}`);
      assert.equal(edit.body?.message, LOCKED);
      const unchanged = await apiGet(sm, `/api/v1/diarios/${id}`);
      assert.equal(unchanged.body.version, current.body.version);
      assert.equal(unchanged.body.ocorrencias, current.body.ocorrencias);
      await assertDistributedPdf(numero, 'diário concluído', distribution);
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
      await assertDistributedPdf(numero, 'assinado (Responsável da obra)', distribution);
    });

    await step(client, '30-assinar-cliente-telefone', async () => {
      await loginOwnAccount(client, 'cliente@portal.local');
      await goto(client, `/diarios/${id}`);
      await client.getByRole('button', { name: 'Assinar diário' }).click();
      const dialog = client.getByRole('dialog', { name: 'Assinar diário' });
      await dialog.waitFor();
      await signWithLogin(dialog, () => shot(client, 'rdo-assinar-login-phone'));
      await eventually(async () => assert.equal(await signatures(client).count(), 2), { timeout: 15_000 });
      const link = client
        .getByRole('link', { name: /^[A-Z0-9]{10}$/ })
        .or(client.locator('a[href*="/verificar/"]'))
        .first();
      codigo = (await link.getAttribute('href')).split('/verificar/')[1];
      assert.match(codigo, /^[A-Z0-9]{10}$/);
      await card(client).scrollIntoViewIfNeeded();
      await shot(client, 'rdo-assinado-cliente-phone');
      await assertDistributedPdf(numero, 'assinado (Representante do cliente)', distribution);
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

    // Issue 36: whoever received the PDF or signed it hears of the reopening; the report, once
    // distributed, is never deleted — the administrator voids it with the reason instead.
    await step(admin, '30-aviso-reaberto', async () => {
      // The reason in the text is checked by tests/api/rdo-record-integrity.test.ts.
      const notice = await eventually(
        () => {
          const mine = readMails().filter(
            (m) => m.subject.startsWith(`Diário de obra nº ${numero} — `) && m.subject.endsWith(': diário reaberto para correção'),
          );
          assert.equal(mine.length, distribution.length + 1, `avisos de reabertura: ${JSON.stringify(mine.map((m) => m.to))}`);
          return mine;
        },
        { timeout: 30_000, interval: 500 },
      );
      assert.deepEqual(notice.flatMap((m) => m.to).sort(), [...distribution, 'cliente@portal.local'].sort());
    });

    await step(admin, '30-sem-excluir-anular', async () => {
      await goto(admin, `/diarios/${id}`);
      await eventually(async () => assert.match(await statusTag(admin).textContent(), /Devolvido/), { timeout: 15_000 });
      await admin.getByRole('button', { name: 'Anular diário', exact: true }).waitFor();
      assert.equal(await admin.getByRole('button', { name: /Excluir/ }).count(), 0, 'o diário distribuído ainda oferece "Excluir"');
      const del = await apiSend(admin, 'DELETE', `/api/v1/diarios/${id}`);
      assert.equal(del.status, 409, JSON.stringify(del.body));
      assert.match(del.body.message, /não pode ser excluído/);
      await admin.getByRole('button', { name: 'Anular diário', exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(/Motivo da anulação/).fill('Diário duplicado: o efetivo foi lançado no diário seguinte.');
      await shot(admin, 'rdo-anular-desktop');
      await dialog.getByRole('button', { name: 'Anular diário', exact: true }).click();
      await eventually(async () => assert.match(await statusTag(admin).textContent(), /Anulado/), { timeout: 15_000 });
      await admin.getByText('Motivo da anulação').first().waitFor();
      await admin.getByText('Diário duplicado: o efetivo foi lançado no diário seguinte.').first().waitFor();
      assert.equal(await admin.getByRole('button', { name: /Excluir/ }).count(), 0);
      await shot(admin, 'rdo-anulado-desktop');
    });

    await step(anonymous, '30-verificar-documento-anulado', async () => {
      await goto(anonymous, `/verificar/${codigo}`);
      await anonymous.getByText('Documento anulado', { exact: true }).waitFor();
      await anonymous
        .getByText(/Motivo: Diário duplicado: o efetivo foi lançado no diário seguinte\./)
        .first()
        .waitFor();
      await shot(anonymous, 'verificar-documento-anulado-phone');
    });
  } finally {
    for (const p of [sm, client, anonymous, admin]) await p.context().close();
  }
});
