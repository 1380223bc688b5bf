// Scenario 49 — the two walked days of issue 36, what they had found and what now holds:
// 1. (phone, offline) a report written without signal names an EAP item the office removes before
//    it is sent: the server refuses it, the reason reads as a person reads it ("Atividades
//    executadas, linha 1: Item da EAP"), and "Corrigir no formulário" reopens it, still offline, in
//    its own form with everything typed; corrected, it reaches the server once.
// 2. (phone) a site manager who loses signal right after signing in still gets the EAP picker in a new
//    report (the form data is kept as soon as the person is signed in, the guard's site check included;
//    the time it took is printed).
// 3. (desktop) a second report for a date that already has one is refused whatever the date, naming
//    the report that has it.
// 4. (desktop) the client's representative finds the report awaiting their signature from the bell
//    and signs it there; the inbox shows the due dates of the items that have them.
// Site 101's reports are written in 2019, a year no other scenario writes (field-helpers.mjs).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  PHONE,
  apiGet,
  apiSend,
  appReady,
  axeSerious,
  eventually,
  formatViolations,
  goto,
  launch,
  loginOwnAccount,
  loginStaff,
  newPage,
  shot,
  step,
  waitPath,
} from './helpers.mjs';
import { fillDate, freeDay, installed, installedOnNewReport, signWithLogin } from './field-helpers.mjs';

const YEAR = 2019;
const TOKEN = `caminhado-${Date.now().toString(36)}`;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function noSeriousA11y(page, what) {
  const violations = await axeSerious(page);
  assert.deepEqual(violations, [], `${what}: ${formatViolations(violations)}`);
}

/** The form's "Atividades executadas" rows. */
const activities = (page) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: /^Atividades executadas$/ }) })
    .first();

/** Picks the EAP item `codigo — descricao` in the activity row's picker (a tree, searched by its description). */
async function pickEap(page, item) {
  const picker = activities(page).getByRole('combobox', { name: 'Item da EAP' }).first();
  // A chosen item lies over the input: the press goes to the box wherever it lands.
  await picker.click({ force: true });
  await picker.fill(item.descricao);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: `${item.codigo} — ${item.descricao}` });
  await option.first().waitFor({ timeout: 15_000 });
  await option.first().click();
}

/**
 * GET on the API with the page's session but outside the page (Playwright's own request): the
 * service worker does not see it, so nothing is kept on the device by the test itself.
 */
async function apiGetOutside(page, path) {
  const token = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.idToken'))));
  const res = await page.request.get(new URL(path, page.url()).toString(), { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/** A leaf of site 101's EAP (its schedule's items) other than `not`. */
async function seededLeaf(page, not) {
  const schedule = await apiGetOutside(page, '/api/v1/obras/101/cronograma');
  assert.equal(schedule.status, 200, JSON.stringify(schedule.body));
  const items = schedule.body.itens;
  const parents = new Set(items.map((i) => i.pai).filter((p) => p !== null && p !== undefined));
  const leaf = items.find((i) => !parents.has(i.id) && i.codigo !== not && /^[\p{L}\d ]{4,}/u.test(i.descricao));
  assert.ok(leaf, 'a obra 101 não tem itens na EAP');
  return { codigo: leaf.codigo, descricao: leaf.descricao };
}

test('um diário recusado por um item da EAP é corrigido no formulário, sem sinal, e chega uma vez', async () => {
  const office = await newPage(browser, { viewport: DESKTOP });
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  const text = `${TOKEN} item da EAP removido`;
  const provisional = { codigo: `49.${Date.now() % 100_000}`, descricao: `Item provisório ${TOKEN}` };
  let eapId;
  let day;
  let other;
  try {
    await step(office, '49-eap-provisorio', async () => {
      await loginStaff(office, 'admin@portal.local');
      const created = await apiSend(office, 'POST', '/api/v1/eap-os', { obra: '101', area: 'FIELD', ...provisional });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      eapId = created.body.id;
    });

    await step(page, '49-escrever-offline', async () => {
      await installedOnNewReport(page);
      day = await freeDay(page, YEAR);
      other = await seededLeaf(page, provisional.codigo);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page, 30_000);
      await page.getByLabel('Ocorrências').waitFor();
      await fillDate(page, day);
      await page.getByLabel('Ocorrências').fill(text);
      await activities(page)
        .getByRole('button', { name: /Adicionar linha/ })
        .click();
      await pickEap(page, provisional);
      await activities(page).getByLabel('Descrição').first().fill(`${TOKEN} forma do bloco C`);
      await shot(page, '49-diario-offline-eap-phone');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
    });

    await step(office, '49-eap-removido', async () => {
      const removed = await apiSend(office, 'DELETE', `/api/v1/eap-os/${eapId}`);
      assert.ok([200, 204].includes(removed.status), JSON.stringify(removed.body));
      eapId = undefined;
    });

    await step(page, '49-recusado', async () => {
      await context.setOffline(false);
      await page
        .getByText(/^Recusado/)
        .first()
        .waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Ver motivo' }).first().click();
      await waitPath(page, (p) => p.startsWith('/no-aparelho/'));
      await page.getByText('O servidor recusou este registro.').waitFor();
      // The field as a person reads it, and the server's own sentence.
      await page.getByText('Atividades executadas, linha 1: Item da EAP').waitFor();
      await page.getByText(`O item "${provisional.codigo}" não existe na EAP desta obra`, { exact: false }).first().waitFor();
      assert.equal(await page.getByText('atividades.0.eapItem').count(), 0, 'a chave interna aparece na tela');
      await shot(page, '49-diario-recusado-phone');
      await noSeriousA11y(page, 'Registro recusado');
    });

    await step(page, '49-corrigir-offline', async () => {
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Corrigir no formulário' }).click();
      await page.getByText('O servidor recusou este registro: corrija e salve de novo.').waitFor({ timeout: 20_000 });
      await eventually(async () => assert.equal(await page.getByLabel('Ocorrências').inputValue(), text));
      assert.equal(await page.getByLabel('Data', { exact: true }).inputValue(), day.br);
      await pickEap(page, other);
      await shot(page, '49-diario-corrigido-phone');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
    });

    await step(page, '49-corrigido-enviado', async () => {
      await context.setOffline(false);
      await page.getByText('Enviado', { exact: true }).first().waitFor({ timeout: 60_000 });
      const sent = await apiGet(office, `/api/v1/diarios?obra=101&data=${day.iso}`);
      assert.equal(sent.status, 200);
      const mine = sent.body.filter((d) => d.ocorrencias === text);
      assert.equal(mine.length, 1, 'o diário corrigido deveria estar no servidor exatamente uma vez');
      assert.deepEqual(
        mine[0].atividades.map((a) => a.eapItem),
        [other.codigo],
      );
      await shot(page, '49-diario-corrigido-enviado-phone');
    });
  } finally {
    if (eapId) await apiSend(office, 'DELETE', `/api/v1/eap-os/${eapId}`).catch(() => undefined);
    await context.close();
    await office.context().close();
  }
});

test('sem sinal logo depois de entrar, o diário novo ainda oferece os itens da EAP', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  try {
    await step(page, '49-entrar-e-perder-sinal', async () => {
      // The portal was opened on this phone before (the worker is installed); nobody is signed in.
      await goto(page, '/login');
      await installed(page);
      const signedIn = Date.now();
      await loginStaff(page, 'sm@portal.local');
      const item = await seededLeaf(page);
      // The field data is kept as soon as the person is signed in (no wait for a screen to settle):
      // the signal goes once the device says it has it ("No aparelho" reads the same stamp).
      await page.waitForFunction(() => !!localStorage.getItem('portal.dadosDeCampo'), null, { timeout: 30_000 });
      console.log(`dados de campo guardados ${Date.now() - signedIn} ms depois de começar a entrar`);
      await context.setOffline(true);
      // A tap on "Novo diário" inside the app (a navigation of the app, not a new page load).
      await page.evaluate(() => {
        history.pushState({}, '', '/101/diarios/novo');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByLabel('Ocorrências').waitFor({ timeout: 30_000 });
      await activities(page)
        .getByRole('button', { name: /Adicionar linha/ })
        .click();
      // The picker, not the free-text box it falls back to when the EAP cannot be read.
      await pickEap(page, item);
      await shot(page, '49-eap-sem-sinal-phone');
    });
  } finally {
    await context.close();
  }
});

test('um segundo diário para uma data que já tem um é recusado, qualquer que seja a data', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  try {
    await step(page, '49-data-repetida', async () => {
      await loginStaff(page, 'sm@portal.local');
      const day = await freeDay(page, YEAR);
      const first = await apiSend(page, 'POST', '/api/v1/diarios', {
        obra: '101',
        data: day.iso,
        siteManager: { mail: 'sm@portal.local', nome: 'Site Manager' },
        ocorrencias: `${TOKEN} primeiro do dia`,
        horarioInicio: '07:00',
        chuvaMm: 0,
      });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const expected = `Já existe o diário nº ${first.body.numero} desta obra com a data ${day.br}`;

      await goto(page, '/101/diarios/novo');
      await fillDate(page, day);
      await page.getByLabel('Ocorrências').fill(`${TOKEN} segundo do dia`);
      await page.getByRole('button', { name: 'Salvar' }).click();
      // On the date itself, naming the report that has it.
      await page
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel('Data', { exact: true }) })
        .getByText(expected, { exact: false })
        .first()
        .waitFor({ timeout: 20_000 });
      await shot(page, '49-data-repetida-desktop');
      const same = await apiGet(page, `/api/v1/diarios?obra=101&data=${day.iso}`);
      assert.equal(same.body.length, 1, 'um segundo diário foi gravado para a mesma data');
    });
  } finally {
    await page.context().close();
  }
});

test('o representante do cliente encontra pelo sino o diário que aguarda a sua assinatura, e a fila mostra os prazos', async () => {
  const sm = await newPage(browser, { viewport: DESKTOP });
  const client = await newPage(browser, { viewport: DESKTOP });
  let id;
  try {
    await step(sm, '49-diario-assinado-pelo-sm', async () => {
      await loginStaff(sm, 'sm@portal.local');
      const day = await freeDay(sm, YEAR);
      const created = await apiSend(sm, 'POST', '/api/v1/diarios', {
        obra: '101',
        data: day.iso,
        siteManager: { mail: 'sm@portal.local', nome: 'Site Manager' },
        ocorrencias: `${TOKEN} para assinar`,
        horarioInicio: '07:00',
        chuvaMm: 0,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      id = created.body.id;
      const concluded = await apiSend(sm, 'POST', `/api/v1/diarios/${id}/transitions/enviar`, { version: created.body.version });
      assert.equal(concluded.status, 200, JSON.stringify(concluded.body));
      const signed = await apiSend(sm, 'POST', `/api/v1/diarios/${id}/assinaturas`, { metodo: 'login', confirmo: true });
      assert.equal(signed.status, 201, JSON.stringify(signed.body));
    });

    await step(client, '49-cliente-pelo-sino', async () => {
      await loginOwnAccount(client, 'cliente@portal.local');
      const bell = client.locator('header [title^="Minhas pendências"]').first();
      await eventually(async () => assert.match((await bell.getAttribute('title')) ?? '', /Minhas pendências: \d+/), { timeout: 20_000 });
      await bell.click();
      await waitPath(client, '/pendencias');
      await client.getByRole('heading', { name: 'Minhas pendências' }).first().waitFor();
      // The person narrows the queue to the daily reports (other scenarios leave other items).
      await goto(client, '/pendencias?modulo=diarios');
      const sign = client.locator(`a[href$="/diarios/${id}?acao=assinar"]`);
      await sign.waitFor({ timeout: 20_000 });
      assert.match((await sign.getAttribute('aria-label')) ?? '', /^Assinar diário: /);
      await shot(client, '49-cliente-pendencia-assinar-desktop');
      await noSeriousA11y(client, 'Minhas pendências do cliente');
      await sign.click();
      await waitPath(client, `/diarios/${id}`);
      const dialog = client.getByRole('dialog', { name: 'Assinar diário' });
      await dialog.waitFor({ timeout: 20_000 });
      await signWithLogin(dialog);
      const after = await apiGet(client, `/api/v1/diarios/${id}/assinaturas`);
      assert.equal(after.status, 200, JSON.stringify(after.body));
      const list = Array.isArray(after.body) ? after.body : after.body.assinaturas;
      assert.deepEqual(list.map((s) => s.papel).sort(), ['cliente', 'responsavel']);
      // Signed: no longer waiting for the client.
      await goto(client, '/pendencias?modulo=diarios');
      await client.getByRole('heading', { name: 'Minhas pendências' }).first().waitFor();
      await eventually(async () => assert.equal(await client.locator(`a[href$="/diarios/${id}?acao=assinar"]`).count(), 0), { timeout: 15_000 });
    });

    await step(sm, '49-fila-com-prazos', async () => {
      // Post-sales' queue: the tickets' SLA deadlines, computed since the demo data was loaded.
      const posvendas = await newPage(browser, { viewport: DESKTOP });
      try {
        await loginStaff(posvendas, 'posvendas@portal.local');
        const queue = await apiGet(posvendas, '/api/v1/pendencias?_start=0&_end=50');
        assert.equal(queue.status, 200, JSON.stringify(queue.body));
        assert.ok(
          queue.body.some((p) => p.due),
          `nenhuma pendência com prazo: ${JSON.stringify(queue.body.slice(0, 3))}`,
        );
        await goto(posvendas, '/pendencias');
        await posvendas
          .getByText(/^(vence em|atrasada há|atrasada$|pausado, atrasado há)/)
          .first()
          .waitFor({ timeout: 20_000 });
        await shot(posvendas, '49-fila-prazos-desktop');
      } finally {
        await posvendas.context().close();
      }
    });
  } finally {
    await sm.context().close();
    await client.context().close();
  }
});
