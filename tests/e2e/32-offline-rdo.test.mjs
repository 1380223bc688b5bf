// Scenario 32 — field first (issue 26), at phone width with the portal's service worker:
// 1. the site manager opens the installed app with the network cut, writes a report with 3 photos,
//    reloads offline (the draft and the photos are still there), saves it ("Salvo no aparelho"),
//    and when the network returns exactly one report with 3 photos reaches the server;
// 2. the network drops in the middle of the photos' upload: the retry sends only what is missing, and
//    the server keeps one report with its 3 photos;
// 3. two devices edit the same report: the phone's offline edit meets the office's newer version,
//    "Conflito" opens the merge screen, and the combined version keeps both people's changes;
// 4. the field technician fills a work order's checklist offline; it reaches the server once.
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
  loginStaff,
  newPage,
  shot,
  step,
  waitPath,
} from './helpers.mjs';
import { donePhotos, freeDay, installed, installedOnNewReport, writeReport } from './field-helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TOKEN = `offline-${Date.now().toString(36)}`;

async function noSeriousA11y(page, what) {
  const violations = await axeSerious(page);
  assert.deepEqual(violations, [], `${what}: ${formatViolations(violations)}`);
}

test('um diário escrito sem sinal no telefone, com 3 fotos, chega uma vez ao servidor', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  const text = `${TOKEN} concretagem sem sinal`;
  let day;
  try {
    await step(page, '32-instalar', async () => {
      await installedOnNewReport(page);
      day = await freeDay(page, 2023);
    });

    await step(page, '32-escrever-offline', async () => {
      await context.setOffline(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page, 30_000);
      await page.getByLabel('Ocorrências').waitFor();
      await writeReport(page, day, text);
      await shot(page, 'offline-rdo-escrito-phone');
    });

    await step(page, '32-recarregar-offline', async () => {
      await page.waitForTimeout(800); // the draft is written 300 ms after the last keystroke
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page, 30_000);
      await page.getByText(/Rascunho recuperado do aparelho/).waitFor({ timeout: 20_000 });
      await eventually(async () => assert.equal(await page.getByLabel('Ocorrências').inputValue(), text));
      await eventually(async () => assert.equal(await donePhotos(page).count(), 3));
      await shot(page, 'offline-rdo-rascunho-recuperado-phone');
    });

    await step(page, '32-salvar-offline', async () => {
      await page.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
      await page.getByText('3 fotos no aparelho').waitFor();
      await shot(page, 'offline-no-aparelho-salvo-phone');
      await noSeriousA11y(page, 'No aparelho (sem conexão)');
    });

    await step(page, '32-rede-volta', async () => {
      await context.setOffline(false);
      await page.getByText('Enviado', { exact: true }).waitFor({ timeout: 60_000 });
      await shot(page, 'offline-no-aparelho-enviado-phone');
      await noSeriousA11y(page, 'No aparelho (enviado)');
      const sent = await apiGet(page, `/api/v1/diarios?obra=101&data=${day.iso}`);
      assert.equal(sent.status, 200);
      const mine = sent.body.filter((d) => d.ocorrencias === text);
      assert.equal(mine.length, 1, 'o diário deveria estar no servidor exatamente uma vez');
      assert.equal(mine[0].fotos.length, 3);
      assert.deepEqual(
        mine[0].fotos.map((f) => f.type),
        ['image/jpeg', 'image/jpeg', 'image/jpeg'],
      );
    });
  } finally {
    await context.close();
  }
});

test('dois aparelhos editam o mesmo diário: conflito, tela de comparação, nada se perde', async () => {
  const phone = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const office = await newPage(browser, { viewport: DESKTOP });
  let id;
  try {
    await step(phone, '32-conflito-preparar', async () => {
      await loginStaff(phone, 'sm@portal.local');
      const day = await freeDay(phone, 2023);
      const created = await apiSend(phone, 'POST', '/api/v1/diarios', {
        obra: '101',
        data: day.iso,
        siteManager: { mail: 'sm@portal.local', nome: 'Site Manager' },
        ocorrencias: `${TOKEN} início`,
        horarioInicio: '07:00',
        chuvaMm: 0, // site 101 requires the day's rain (its RDO configuration)
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      id = created.body.id;
      await goto(phone, `/diarios/${id}/editar`);
      await installed(phone);
      await phone.getByLabel('Ocorrências').waitFor();
    });

    await step(phone, '32-conflito-editar-offline', async () => {
      await phone.context().setOffline(true);
      await phone.getByLabel('Ocorrências').fill(`${TOKEN} mudado no campo`);
      await phone.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(phone, '/no-aparelho').catch(async (e) => {
        const fieldErrors = await phone.locator('.ant-form-item-explain-error').allInnerTexts();
        throw new Error(`${e.message}\nerros do formulário: ${JSON.stringify(fieldErrors)}\nerros da página: ${JSON.stringify(phone.errors)}`);
      });
      await phone.getByText('Salvo no aparelho', { exact: true }).waitFor();
    });

    await step(office, '32-conflito-escritorio', async () => {
      await loginStaff(office, 'sm@portal.local');
      const current = await apiGet(office, `/api/v1/diarios/${id}`);
      const changed = await apiSend(office, 'PATCH', `/api/v1/diarios/${id}`, {
        ocorrencias: `${TOKEN} mudado no escritório`,
        horarioInicio: '06:30',
        version: current.body.version,
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    });

    await step(phone, '32-conflito-resolver', async () => {
      await phone.context().setOffline(false);
      await phone.getByText('Conflito', { exact: true }).waitFor({ timeout: 60_000 });
      await phone.getByRole('button', { name: 'Resolver conflito' }).click();
      await waitPath(phone, (p) => p.startsWith('/no-aparelho/'));
      // On a phone, one card per field with both values (issue 36), and "Os dois" for a text written on both sides.
      const occ = phone
        .locator('.ant-card')
        .filter({ has: phone.getByText('Ocorrências', { exact: true }) })
        .last();
      await occ.getByText(`${TOKEN} mudado no campo`).waitFor();
      await occ.getByText(`${TOKEN} mudado no escritório`).waitFor();
      await occ.getByText('Os dois', { exact: true }).waitFor();
      await shot(phone, 'offline-conflito-comparacao-phone');
      await noSeriousA11y(phone, 'Comparação do conflito');
      // Mine for what I changed; the office's start time, which I did not touch, is proposed as theirs.
      await phone.getByRole('button', { name: 'Enviar a versão combinada' }).click();
      await waitPath(phone, '/no-aparelho');
      await phone.getByText('Enviado', { exact: true }).waitFor({ timeout: 60_000 });
      const merged = await apiGet(phone, `/api/v1/diarios/${id}`);
      assert.equal(merged.body.ocorrencias, `${TOKEN} mudado no campo`);
      assert.equal(merged.body.horarioInicio, '06:30');
    });
  } finally {
    await phone.context().close();
    await office.context().close();
  }
});

test('a rede cai no meio do envio das fotos: o reenvio manda só o que faltou, um diário e 3 fotos', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  const text = `${TOKEN} rede caiu no envio`;
  const uploads = [];
  let day;
  try {
    await step(page, '32-corte-escrever', async () => {
      await loginStaff(page, 'sm@portal.local');
      day = await freeDay(page, 2023);
      await goto(page, '/101/diarios/novo');
      await installed(page);
      // The form has loaded (the person's rules and the site checked) before the network goes.
      await appReady(page);
      await page.getByLabel('Ocorrências').waitFor();
      await context.setOffline(true);
      await writeReport(page, day, text);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
    });
    await step(page, '32-corte-enviar', async () => {
      // The network goes away as soon as the first photo has reached the server. Counted on the
      // context: when the network returns, the rest may go from the page's outbox or from the service
      // worker's Background Sync (one at a time, under a lock), and only the context sees both.
      context.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/arquivos') {
          uploads.push(r.status());
          if (uploads.length === 1) void context.setOffline(true);
        }
      });
      await context.setOffline(false);
      await eventually(async () => assert.ok(uploads.length >= 1), { timeout: 30_000 });
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, 'offline-corte-no-envio-phone');
      await context.setOffline(false);
      await page.getByText('Enviado', { exact: true }).waitFor({ timeout: 60_000 });
      assert.deepEqual(uploads, [201, 201, 201], `envios de fotos: ${JSON.stringify(uploads)}`);
      const sent = await apiGet(page, `/api/v1/diarios?obra=101&data=${day.iso}`);
      const mine = sent.body.filter((d) => d.ocorrencias === text);
      assert.equal(mine.length, 1, 'o diário deveria estar no servidor exatamente uma vez');
      assert.equal(mine[0].fotos.length, 3);
      assert.equal(new Set(mine[0].fotos.map((f) => f.key)).size, 3);
    });
  } finally {
    await context.close();
  }
});

test('o técnico de campo preenche um checklist sem sinal e ele chega uma vez', async () => {
  const page = await newPage(browser, { viewport: PHONE, serviceWorkers: 'allow' });
  const context = page.context();
  const observacao = `${TOKEN} checklist sem sinal`;
  let osId;
  try {
    await step(page, '32-checklist-abrir', async () => {
      await loginStaff(page, 'field@portal.local');
      const os = await apiGet(page, '/api/v1/os-field?obra=101&numero=OSF-101-0002');
      assert.equal(os.body.length, 1, 'OS OSF-101-0002 não encontrada');
      osId = os.body[0].id;
      await goto(page, `/101/checklist/field/preencher?os=${osId}`);
      await installed(page);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page);
      await page.locator('#ck-template').waitFor();
    });
    await step(page, '32-checklist-offline', async () => {
      await context.setOffline(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page, 30_000);
      await page.locator('#ck-template').click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Inspeção de obra 101' }).first().click();
      await page.locator('#ck-item-2').waitFor();
      await page.getByRole('radiogroup', { name: 'Conformidade do item 1' }).getByText('Conforme', { exact: true }).click();
      await page.getByRole('radiogroup', { name: 'Resposta do item 1' }).getByText('Sim', { exact: true }).click();
      await page.getByRole('radiogroup', { name: 'Conformidade do item 2' }).getByText('Conforme', { exact: true }).click();
      await page.locator('#ck-observacoes').fill(observacao);
      await shot(page, 'offline-checklist-preenchido-phone');
      await page.getByRole('button', { name: /Salvar rascunho/ }).click();
      await waitPath(page, '/no-aparelho');
      await page.getByText('Salvo no aparelho', { exact: true }).waitFor();
    });
    await step(page, '32-checklist-online', async () => {
      await context.setOffline(false);
      await page.getByText('Enviado', { exact: true }).waitFor({ timeout: 60_000 });
      await shot(page, 'offline-checklist-enviado-phone');
      const fills = await apiGet(page, `/api/v1/checklists-field?os=${osId}`);
      assert.equal(fills.status, 200);
      assert.equal(fills.body.filter((f) => f.observacoes === observacao).length, 1, 'o checklist deveria estar no servidor exatamente uma vez');
    });
  } finally {
    await context.close();
  }
});
