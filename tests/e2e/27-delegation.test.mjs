// Scenario 27 — issue 25, delegation (docs/access.md decision 31): the materials verifier (Vinícius)
// records an absence through the generic form, "Ausências" in the menu (an end before the start is
// refused on the field first), naming the coordinator (Cora) as substitute from today on. Cora then
// releases, in Vinícius' place, a materials list in "Liberado para verificação" that names him, and
// the record's history says "por Cora Coordenadora, em nome de Vinícius Verificador". Screenshots at
// 1280 px and 390 px (tests/e2e/screenshots/27-*.png).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, apiGet, eventually, goto, launch, loginStaff, newPage, openMenuItem, shot, step, waitPath } from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const VINICIUS = 'materiais.verificador@portal.local';
const CORA = 'materiais.coordenador@portal.local';
const SAVE = /(^|\s)salvar$/i;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** dd/mm/aaaa of today + `days` in the portal's time zone. */
function dayBr(days) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const [y, m, d] = today.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${String(t.getUTCDate()).padStart(2, '0')}/${String(t.getUTCMonth() + 1).padStart(2, '0')}/${t.getUTCFullYear()}`;
}

async function typeDate(page, label, ddmmyyyy) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
  await page.keyboard.press('Escape').catch(() => {});
}

test('um substituto age durante a ausência, registrado "em nome de"', async () => {
  const absent = await newPage(browser, { viewport: DESKTOP_1280 });
  await step(absent, '27-desktop-ausencia', async () => {
    await loginStaff(absent, VINICIUS);
    await openMenuItem(absent, 'Ausências');
    await waitPath(absent, '/ausencias');
    await absent.getByRole('button', { name: /(^|\s)novo$/i }).click();
    await waitPath(absent, '/ausencias/novo');
    // The absent person starts as the signed-in user.
    await eventually(async () => assert.equal(await absent.getByLabel('Pessoa ausente: e-mail').inputValue(), VINICIUS));
    const sub = absent.getByLabel('Substituto: e-mail');
    await sub.fill('Cora');
    await absent.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: CORA }).first().click();
    await eventually(async () => assert.equal(await absent.getByLabel('Substituto: nome').inputValue(), 'Cora Coordenadora'));
    await typeDate(absent, 'Início', dayBr(0));
    await typeDate(absent, 'Fim', dayBr(-1));
    await absent.getByLabel('Motivo').fill('Férias');
    await absent.getByRole('button', { name: SAVE }).click();
    await absent
      .getByText(/fim da ausência deve ser no mesmo dia do início ou depois/)
      .first()
      .waitFor();
    await shot(absent, '27-desktop-ausencia-recusada');
    await absent.getByRole('button', { name: 'Fechar' }).first().click(); // the refusal's toast
    await typeDate(absent, 'Fim', dayBr(5));
    await absent.getByRole('button', { name: SAVE }).click();
    await waitPath(absent, (p) => /^\/ausencias(\/\d+)?$/.test(p));
    await absent.getByText('Cora Coordenadora').first().waitFor();
    await shot(absent, '27-desktop-ausencia-salva');
  });
  await absent.context().close();

  const cora = await newPage(browser, { viewport: DESKTOP_1280 });
  let id;
  await step(cora, '27-desktop-substituta', async () => {
    await loginStaff(cora, CORA);
    const lists = await apiGet(cora, `/api/v1/materiais?Status=${encodeURIComponent('LIBERADO PARA VERIFICAÇÃO')}&Verificador.mail=${VINICIUS}&_end=20`);
    assert.equal(lists.status, 200, JSON.stringify(lists.body));
    const list = lists.body.find((m) => m.titulo === 'Iluminação das docas') ?? lists.body[0];
    assert.ok(list, 'nenhuma lista em verificação nomeando o verificador');
    id = list.id;
    await goto(cora, `/materiais/${id}`);
    await cora.getByRole('button', { name: 'Liberar para o site manager', exact: true }).click();
    await cora.locator('.ant-popconfirm').getByRole('button', { name: 'Confirmar' }).click();
    await eventually(async () => assert.match((await cora.getByTestId('workflow-state').textContent()) ?? '', /site manager/i), { timeout: 20_000 });
    const entry = cora.getByText(/por Cora Coordenadora, em nome de Vinícius Verificador/).first();
    await entry.waitFor({ timeout: 20_000 });
    await entry.scrollIntoViewIfNeeded();
    await shot(cora, '27-desktop-historico');
    const hist = await apiGet(cora, `/api/v1/materiais/${id}/historico`);
    assert.equal(hist.body[0].emNomeDe, VINICIUS);
    assert.equal(hist.body[0].user, CORA);
  });
  await step(cora, '27-phone-historico', async () => {
    await cora.setViewportSize(PHONE);
    await goto(cora, `/materiais/${id}`);
    const entry = cora.getByText(/por Cora Coordenadora, em nome de Vinícius Verificador/).first();
    await entry.waitFor({ state: 'visible', timeout: 20_000 });
    await cora
      .getByText('Carregando…')
      .waitFor({ state: 'hidden' })
      .catch(() => {});
    await entry.scrollIntoViewIfNeeded();
    await shot(cora, '27-phone-historico');
    await goto(cora, '/ausencias');
    await cora.getByText('Vinícius Verificador').first().waitFor();
    await shot(cora, '27-phone-ausencias');
  });
  await cora.context().close();
});
