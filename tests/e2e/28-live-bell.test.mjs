// Scenario 28 — issue 25, live updates: two people signed in at once in two browsers. The contracts'
// responsible person (Rafael) issues a contract to the legal manager (Gabriela); Gabriela's bell
// shows the new count within 2 s without a reload (1280 px), and then, at phone width (390 px),
// her open "Minhas pendências" lists the next contract within 2 s. The stream is
// `GET /api/v1/eventos` (server-sent events fed by PostgreSQL LISTEN/NOTIFY), read with the bearer
// token; its events carry no record data. Screenshots tests/e2e/screenshots/28-*.png.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, apiGet, eventually, goto, launch, loginStaff, newPage, shot, step } from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';
const LIVE_MS = 2000;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A JSON call to the API as the page's signed-in user (the ID token Amplify keeps). */
function api(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const headers = { Authorization: `Bearer ${localStorage.getItem(key)}` };
      if (b !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(p, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body],
  );
}

/** A new contract in "Revisão" held by Rafael, with Gabriela as its manager. */
async function newContract(page, numero) {
  const person = (mail) => ({ mail });
  const r = await api(page, 'POST', '/api/v1/contratos', {
    numero,
    tipo: 'Fornecimento',
    contraparte: '78901234000105',
    objeto: 'Fornecimento de perfis metálicos (teste ao vivo)',
    obra: '101',
    responsavel: person(RESP),
    gestor: person(GESTOR),
    validador: person(VALID),
    // "Emitir para o Jurídico" requires the contract's files (a key, as the API tests name them).
    arquivos: [{ key: `demo/testes/${numero}.pdf`, name: `${numero}.pdf`, size: 1000, type: 'application/pdf' }],
  });
  assert.equal(r.status, 201, `contrato não criado: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Rafael's "Emitir para o Jurídico": the contract lands in Gabriela's inbox. Returns when committed. */
async function emit(page, contract) {
  const r = await api(page, 'POST', `/api/v1/contratos/${contract.id}/transitions/emitir-juridico`, { version: contract.version });
  assert.equal(r.status, 200, `emitir-juridico: ${JSON.stringify(r.body)}`);
  return performance.now();
}

/** The bell's exact count (its title; 0 without a badge). */
async function bellCount(page) {
  const title = await page.locator('header [title^="Minhas pendências"]').first().getAttribute('title');
  const m = /:\s*(\d+)/.exec(title ?? '');
  return m ? Number(m[1]) : 0;
}

test('o sino e "Minhas pendências" atualizam ao vivo no navegador de outra pessoa', async () => {
  const run = Date.now().toString(36).toUpperCase();
  const rafael = await newPage(browser, { viewport: DESKTOP_1280 });
  const gabriela = await newPage(browser, { viewport: DESKTOP_1280 });
  await Promise.all([loginStaff(rafael, RESP), loginStaff(gabriela, GESTOR)]);
  const first = await newContract(rafael, `AO-VIVO-${run}-1`);
  const second = await newContract(rafael, `AO-VIVO-${run}-2`);

  await step(gabriela, '28-desktop-sino', async () => {
    await gabriela.locator('header [title^="Minhas pendências"]').first().waitFor();
    // The stream is open (the app's fetch of /api/v1/eventos) before the step is taken.
    await gabriela.waitForResponse((r) => r.url().endsWith('/api/v1/eventos'), { timeout: 10_000 }).catch(() => undefined);
    // The bell has loaded the person's count (other scenarios may have left her pending steps).
    const counted = await apiGet(gabriela, '/api/v1/pendencias/contagem');
    assert.equal(counted.status, 200);
    const before = counted.body.total;
    await eventually(async () => assert.equal(await bellCount(gabriela), before), { timeout: 15_000 });
    await shot(gabriela, '28-desktop-antes');
    const sent = await emit(rafael, first);
    await gabriela.waitForFunction(
      (n) => {
        const el = document.querySelector('header [title^="Minhas pendências"]');
        const m = /:\s*(\d+)/.exec(el?.getAttribute('title') ?? '');
        return (m ? Number(m[1]) : 0) > n;
      },
      before,
      { timeout: LIVE_MS + 3000 },
    );
    const waited = performance.now() - sent;
    assert.equal(await bellCount(gabriela), before + 1);
    assert.ok(waited <= LIVE_MS, `o sino levou ${Math.round(waited)} ms (limite ${LIVE_MS} ms)`);
    await shot(gabriela, '28-desktop-sino');
  });

  await step(gabriela, '28-phone-pendencias', async () => {
    await gabriela.setViewportSize(PHONE);
    await goto(gabriela, '/pendencias');
    await gabriela.getByText(`AO-VIVO-${run}-1`).first().waitFor({ timeout: 20_000 });
    await gabriela.waitForTimeout(800); // past the stream's coalescing window after the page load
    assert.equal(await gabriela.getByText(`AO-VIVO-${run}-2`).count(), 0);
    const sent = await emit(rafael, second);
    await gabriela
      .getByText(`AO-VIVO-${run}-2`)
      .first()
      .waitFor({ timeout: LIVE_MS + 3000 });
    const waited = performance.now() - sent;
    assert.ok(waited <= LIVE_MS, `a lista levou ${Math.round(waited)} ms (limite ${LIVE_MS} ms)`);
    await shot(gabriela, '28-phone-pendencias');
  });

  // Decision 29: the stream itself names no record (read as the same person, a few seconds).
  const sample = await gabriela.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const ctrl = new AbortController();
    const res = await fetch('/api/v1/eventos', { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` }, signal: ctrl.signal });
    const reader = res.body.getReader();
    const first = await reader.read();
    ctrl.abort();
    return { status: res.status, type: res.headers.get('content-type'), text: new TextDecoder().decode(first.value) };
  });
  assert.equal(sample.status, 200);
  assert.match(sample.type ?? '', /text\/event-stream/);
  assert.doesNotMatch(sample.text, /AO-VIVO|contratos|"id"/);
  // No script error in the page that kept the stream open (a missing resource's 404 is not one).
  assert.deepEqual(
    (gabriela.errors ?? []).filter((e) => e.startsWith('pageerror')),
    [],
  );
  await Promise.all([rafael.close(), gabriela.close()]);
});
