// Scenario 24 — issue 25, "the inbox as a work queue": engineering (projetista@portal.local) sends
// four CRE documents of site 101 for the client's approval; the client approver
// (cliente@portal.local) opens "Minhas pendências", selects three of them and approves them in one
// bulk action (1280 px), each recorded like a single approval. Then, at phone width (390 px), the
// queue is a list of cards, and the fourth document's "Reprovar" tag opens the record page with
// that step's dialog already open. Screenshots tests/e2e/screenshots/24-*.png.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, eventually, goto, launch, loginClient, loginStaff, newPage, noSidewaysScroll, shot, step } from './helpers.mjs';
import { PROJETISTA, sentDoc } from './projetos.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const PROJ = PROJETISTA;
const CLIENTE = 'cliente@portal.local';

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
      const headers = { Authorization: `Bearer ${localStorage.getItem(key)}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(p, { method: m, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, json],
  );
}

test('o cliente aprova três documentos de uma vez e uma ação da fila abre o diálogo certo', async () => {
  const run = Date.now().toString(36);
  const titles = [1, 2, 3, 4].map((n) => `Lote ${run} folha ${n}`);
  const ids = [];
  const staff = await newPage(browser, { viewport: DESKTOP_1280 });
  await step(staff, '24-envio', async () => {
    await loginStaff(staff, PROJ);
    for (const [i, t] of titles.entries()) ids.push(await sentDoc(staff, t, `LOTE-${run}-${i + 1}`));
  });
  await staff.close();

  const page = await newPage(browser, { viewport: DESKTOP_1280 });
  await step(page, '24-desktop-fila', async () => {
    await loginClient(page, CLIENTE);
    await goto(page, '/pendencias?modulo=projetos');
    for (const t of titles) await page.getByRole('link', { name: t, exact: true }).waitFor({ timeout: 20_000 });
    for (const t of titles.slice(0, 3)) await page.getByRole('checkbox', { name: `Selecionar ${t}` }).check();
    const bar = page.getByRole('region', { name: 'Ação em lote' });
    await bar.getByText('3 selecionadas').waitFor();
    // Steps that ask for a comment are not offered in bulk.
    assert.equal(await bar.getByRole('button', { name: /Reprovar/ }).count(), 0);
    await shot(page, '24-desktop-selecao');
    await bar.getByRole('button', { name: 'Aprovar (3)' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Feito: "Aprovar" em 3 pendências.').waitFor({ timeout: 20_000 });
    for (const t of titles.slice(0, 3)) await page.getByRole('link', { name: t, exact: true }).waitFor({ state: 'detached', timeout: 20_000 });
    await shot(page, '24-desktop-aprovadas');
  });
  await step(page, '24-registro', async () => {
    // Each one approved and recorded as a single approval would be.
    for (const id of ids.slice(0, 3)) {
      const rec = await api(page, 'GET', `/api/v1/projetos/${id}`);
      assert.equal(rec.body.Situacao, 'AP');
      const hist = await api(page, 'GET', `/api/v1/projetos/${id}/historico`);
      assert.equal(hist.body.filter((h) => h.action === 'transition' && h.transition?.name === 'aprovar').length, 1, `histórico de ${id}`);
    }
    await eventually(async () => assert.equal((await api(page, 'GET', `/api/v1/projetos/${ids[3]}`)).body.Situacao, 'PAP'));
  });

  await step(page, '24-phone-fila', async () => {
    await page.setViewportSize(PHONE);
    await goto(page, '/pendencias?modulo=projetos');
    const title = page.getByRole('link', { name: titles[3], exact: true });
    await title.waitFor({ timeout: 20_000 });
    await shot(page, '24-phone-fila');
    await noSidewaysScroll(page, 'Minhas pendências no celular');
    await page.getByRole('link', { name: `Reprovar: ${titles[3]}` }).click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await dialog.getByText('Reprovar', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.match(new URL(page.url()).pathname, new RegExp(`/projetos/${ids[3]}$`));
    await shot(page, '24-phone-dialogo');
  });
  await page.close();
});
