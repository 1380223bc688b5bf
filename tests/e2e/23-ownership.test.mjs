// Scenario 23 — issue 25, "ownership is declared and checked": the SGI team (sgi@portal.local)
// accepts a record in triage; the dialog asks for "Responsável pela tratativa" with the person
// picker (the step declares `asks`, the API describes the field), refuses to send it empty, and
// once Renata is chosen the record is "Em andamento" with her as responsible. At 1280 px and
// 390 px (tests/e2e/screenshots/23-*.png).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, eventually, goto, launch, loginStaff, newPage, noSidewaysScroll, shot, step } from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const SGI = 'sgi@portal.local';
const RENATA = 'renata.costa@portal.local';
const ACCEPT = 'Aceitar e iniciar tratativa';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A JSON request to the API as the page's signed-in user. */
async function api(page, method, path, json) {
  return page.evaluate(
    async ([m, p, body]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const res = await fetch(p, {
        method: m,
        headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, json],
  );
}

/** A new SGI record of the signed-in user, sent to triage. */
async function recordInTriage(page, titulo) {
  const created = await api(page, 'POST', '/api/v1/tickets-sgi', {
    titulo,
    area: 'Qualidade',
    tipo: 'RNC',
    severidade: 'Média',
    dataOcorrencia: '2026-11-20',
    descricao: 'Solda com porosidade na viga V3 do mezanino.',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const sent = await api(page, 'POST', `/api/v1/tickets-sgi/${created.body.id}/transitions/enviar-triagem`, { version: created.body.version });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  return created.body.id;
}

for (const [viewport, label] of [
  [DESKTOP_1280, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`aceitar um registro SGI pede o responsável pela tratativa (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    const titulo = `Porosidade na solda ${label} ${Date.now().toString(36)}`;
    let id;
    await step(page, `23-${label}-registro`, async () => {
      await loginStaff(page, SGI);
      id = await recordInTriage(page, titulo);
      await goto(page, `/tickets-sgi/${id}`);
      await page.getByText(titulo).first().waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: ACCEPT }).click();
    });
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await step(page, `23-${label}-dialogo`, async () => {
      const mail = modal.getByLabel('Responsável pela tratativa: e-mail');
      await mail.waitFor({ timeout: 10_000 });
      // Sent empty, the dialog says what is missing and stays open.
      await modal.getByRole('button', { name: ACCEPT }).click();
      await modal.getByText('Campo obrigatório.').first().waitFor({ timeout: 10_000 });
      await shot(page, `23-${label}-obrigatorio`);
      // The picker offers the SGI team (the field's person roles).
      await mail.fill('Renata');
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: RENATA }).first();
      await option.waitFor({ timeout: 10_000 });
      await shot(page, `23-${label}-escolha`);
      await option.click();
      await eventually(async () => assert.equal(await modal.getByLabel('Responsável pela tratativa: nome').inputValue(), 'Renata Costa'));
      if (label === 'phone') await noSidewaysScroll(page, 'diálogo de aceite');
      await shot(page, `23-${label}-dialogo`);
      await modal.getByRole('button', { name: ACCEPT }).click();
      await modal.waitFor({ state: 'hidden', timeout: 20_000 });
    });
    await step(page, `23-${label}-aceito`, async () => {
      await page.getByText('Em andamento').first().waitFor({ timeout: 20_000 });
      const rec = await api(page, 'GET', `/api/v1/tickets-sgi/${id}`);
      assert.equal(rec.body.status, 'EM ANDAMENTO');
      assert.equal(rec.body.responsavel?.mail, RENATA);
      await page.getByText('Renata Costa').first().scrollIntoViewIfNeeded();
      await shot(page, `23-${label}-aceito`);
    });
    assert.deepEqual(
      page.errors.filter((e) => !/status of 4\d\d/.test(e)),
      [],
      'erros no navegador',
    );
    await page.close();
  });
}
