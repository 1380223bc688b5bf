// Scenario 10 — business workflows: a contract goes from Revisão to Aprovado through three people
// (responsável, gestor, validador), each finding it in "Minhas pendências"; a client approves an
// engineering document with comments. Screenshots: status bar, comment dialog, Minhas pendências.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, PHONE, eventually, goto, launch, loginClient, loginStaff, newPage, shot, step, waitPath } from './helpers.mjs';

const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const statusTag = (page) => page.getByTestId('workflow-state');

async function takeStep(page, label, { comment } = {}) {
  await page.getByRole('button', { name: label, exact: true }).click();
  if (comment !== undefined) {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/coment[aá]rio/i).fill(comment);
    await dialog.getByRole('button', { name: label, exact: true }).click();
  } else {
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirmar' }).click();
  }
}

test('contrato: Revisão → Aprovado por três pessoas, cada uma pelas suas pendências', async () => {
  let id;
  let numero;
  let pastEnd = false; // a contract past its "Fim da vigência" is approved only with a reason
  const resp = await newPage(browser);
  await step(resp, '10-responsavel', async () => {
    await loginStaff(resp, RESP);
    const list = await apiGet(resp, `/api/v1/contratos?status=${encodeURIComponent('Revisão')}&responsavel.mail=${RESP}&_end=50`);
    const k = list.body.find((c) => c.arquivos?.length && c.gestor?.mail === GESTOR && c.validador?.mail === VALID);
    assert.ok(k, 'nenhum contrato em Revisão do time de demonstração');
    ({ id, numero } = k);
    pastEnd = !!k.vigenciaFim && k.vigenciaFim < new Date().toISOString().slice(0, 10);
    await goto(resp, '/pendencias');
    await resp.getByRole('link', { name: numero }).first().click();
    await waitPath(resp, `/contrato/${id}`);
    await eventually(async () => assert.equal(await statusTag(resp).textContent(), 'Revisão'));
    await shot(resp, 'workflow-contrato-revisao-desktop');
    await takeStep(resp, 'Emitir para o Jurídico');
    await eventually(async () => assert.equal(await statusTag(resp).textContent(), 'Emitido para o Jurídico'));
    // The responsável may do nothing more now.
    await eventually(async () => assert.equal(await resp.getByRole('button', { name: 'Emitir para o Jurídico' }).count(), 0));
  });
  await resp.context().close();

  const gestor = await newPage(browser);
  await step(gestor, '10-gestor', async () => {
    await loginStaff(gestor, GESTOR);
    await goto(gestor, '/pendencias');
    const item = gestor.getByRole('link', { name: numero }).first();
    await item.waitFor();
    await shot(gestor, 'workflow-pendencias-desktop');
    await item.click();
    await waitPath(gestor, `/contrato/${id}`);
    await eventually(async () => assert.equal(await statusTag(gestor).textContent(), 'Emitido para o Jurídico'));
    // Returning needs a comment: the dialog refuses to go on without one.
    await gestor.getByRole('button', { name: 'Devolver para revisão', exact: true }).click();
    const dialog = gestor.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Devolver para revisão', exact: true }).click();
    await dialog
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: /coment[aá]rio/i })
      .first()
      .waitFor();
    await shot(gestor, 'workflow-dialogo-comentario-desktop');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await takeStep(gestor, 'Emitir para o verificador');
    await eventually(async () => assert.equal(await statusTag(gestor).textContent(), 'Emitido para o verificador'));
  });
  await gestor.context().close();

  const valid = await newPage(browser);
  await step(valid, '10-validador', async () => {
    await loginStaff(valid, VALID);
    // The resource's spelling of the address (an old link) opens the record under the list's path.
    await goto(valid, `/contratos/${id}`);
    await waitPath(valid, `/contrato/${id}`);
    await takeStep(valid, 'Iniciar finalização');
    await eventually(async () => assert.equal(await statusTag(valid).textContent(), 'Em finalização'));
    if (pastEnd) {
      // The dialog says the term has ended and does not go on without the reason.
      await valid.getByRole('button', { name: 'Aprovar contrato', exact: true }).click();
      const dialog = valid.getByRole('dialog');
      await dialog.getByText(/A vigência deste contrato terminou em \d{2}\/\d{2}\/\d{4}/).waitFor();
      await dialog.getByLabel(/coment[aá]rio|motivo/i).fill('Aditivo de prazo em assinatura; aprovação autorizada pela diretoria.');
      await dialog.getByRole('button', { name: 'Aprovar contrato', exact: true }).click();
    } else await takeStep(valid, 'Aprovar contrato');
    await eventually(async () => assert.equal(await statusTag(valid).textContent(), 'Aprovado'));
    // The history shows every step, with who took it.
    await valid.getByText('Aprovar contrato', { exact: false }).last().waitFor();
    await valid
      .getByText(/Emitir para o Jurídico/)
      .last()
      .waitFor();
    await shot(valid, 'workflow-contrato-aprovado-desktop');
    const hist = await apiGet(valid, `/api/v1/contratos/${id}/historico`);
    const steps = hist.body.filter((h) => h.action === 'transition').map((h) => [h.transition.name, h.user]);
    assert.deepEqual(steps.slice(0, 4), [
      ['aprovar', VALID],
      ['finalizar', VALID],
      ['emitir-verificador', GESTOR],
      ['emitir-juridico', RESP],
    ]);
  });
  await valid.context().close();
});

test('cliente aprova um documento de engenharia com comentários', async () => {
  const page = await newPage(browser);
  await step(page, '10-cliente', async () => {
    await loginClient(page, 'cliente@portal.local');
    const pend = await apiGet(page, '/api/v1/pendencias?_end=50');
    const doc = pend.body.find((p) => p.resource === 'projetos');
    assert.ok(doc, 'o cliente deveria ter um documento para aprovar');
    await goto(page, '/pendencias');
    await page.getByRole('link', { name: doc.title }).first().click();
    await waitPath(page, `/projetos/${doc.id}`);
    await eventually(async () => assert.equal(await statusTag(page).textContent(), 'Para aprovação do cliente'));
    // Internal comments are never on a client's screen.
    assert.equal(await page.getByText('Comentário interno').count(), 0);
    await page.getByRole('button', { name: 'Aprovar com comentários', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/coment[aá]rio/i).fill('Incluir a cota de nível da base B2.');
    await shot(page, 'workflow-cliente-aprovar-comentarios-desktop');
    await dialog.getByRole('button', { name: 'Aprovar com comentários', exact: true }).click();
    await eventually(async () => assert.equal(await statusTag(page).textContent(), 'Aprovado com comentários'));
    await page
      .getByText(/Incluir a cota de nível da base B2/)
      .first()
      .waitFor();
    await shot(page, 'workflow-cliente-aprovado-desktop');
  });
  await page.context().close();
});

test('pendências e barra de situação em largura de telefone', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '10-phone', async () => {
    await loginStaff(page, GESTOR);
    await goto(page, '/pendencias');
    await page.getByRole('heading', { name: 'Minhas pendências' }).waitFor();
    await shot(page, 'workflow-pendencias-phone');
    const first = page.locator('a[href^="/contrato/"]').first();
    await first.click();
    await statusTag(page).waitFor();
    await shot(page, 'workflow-contrato-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `a página transborda ${overflow}px na horizontal`);
  });
  await page.context().close();
});
