// Scenario 26 — issue 25, approval from the e-mail: the administrator starts the finalisation of a
// contract; the validator's e-mail (the .eml the mail drainer wrote) carries an "Aprovar contrato"
// button; opening it signed out goes through the corporate sign-in and lands back on the
// confirmation page, which changes nothing until "Aprovar contrato" is clicked; the contract is then
// Aprovado and the same link is refused as used. Screenshots at 1280 px and 390 px
// (tests/e2e/screenshots/26-*.png).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  IDP_DOMAIN,
  PASSWORD,
  PHONE,
  apiGet,
  appReady,
  eventually,
  goto,
  launch,
  loginStaff,
  newPage,
  noSidewaysScroll,
  shot,
  step,
  waitPath,
} from './helpers.mjs';

const DESKTOP_1280 = { width: 1280, height: 800 };
const VALID = 'contratos.validador@portal.local';
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The parts of an .eml, quoted-printable decoded. */
function decoded(eml) {
  return Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** The token of the button `label` in the newest e-mail to `to` whose subject names `numero`. */
function buttonToken(to, numero, label) {
  const dir = join(DATA_DIR, 'mail');
  if (!existsSync(dir)) throw new Error('nenhum e-mail ainda');
  for (const f of readdirSync(dir).sort().reverse()) {
    const eml = readFileSync(join(dir, f), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(eml)) continue;
    const text = decoded(eml);
    if (!text.includes(numero) || !/multipart\/alternative/.test(eml) || !/text\/html/.test(eml)) continue;
    const m = new RegExp(`^${label}: \\S+/acao-email/([\\w.-]+)$`, 'm').exec(text);
    if (m) return m[1];
  }
  throw new Error(`nenhum e-mail para ${to} sobre ${numero} com "${label}"`);
}

/** POST on the API as the page's signed-in user. */
async function apiPost(page, path, body) {
  return page.evaluate(
    async ([p, b]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const res = await fetch(p, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [path, body],
  );
}

test('um contrato aprovado pelo botão do e-mail, com entrada e volta à confirmação', async () => {
  assert.ok(DATA_DIR, 'E2E_DATA_DIR ausente');
  const admin = await newPage(browser, { viewport: DESKTOP_1280 });
  let contract;
  await step(admin, '26-admin', async () => {
    await loginStaff(admin, 'admin@portal.local');
    const list = await apiGet(admin, `/api/v1/contratos?status=${encodeURIComponent('Emitido para o verificador')}&_start=0&_end=50`);
    contract = list.body.find((c) => c.validador?.mail === VALID);
    assert.ok(contract, 'nenhum contrato aguardando o validador');
    const r = await apiPost(admin, `/api/v1/contratos/${contract.id}/transitions/finalizar`, { version: contract.version });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });
  await admin.context().close();

  // The drainer writes the .eml within seconds.
  const token = await eventually(() => buttonToken(VALID, contract.numero, 'Aprovar contrato'), { timeout: 20_000, interval: 500 });

  const page = await newPage(browser, { viewport: DESKTOP_1280 });
  await step(page, '26-entrar', async () => {
    // Signed out: the portal asks for the sign-in and comes back to the link.
    await page.goto(new URL(`/acao-email/${token}`, process.env.E2E_BASE_URL).toString(), { waitUntil: 'domcontentloaded' });
    await waitPath(page, '/login');
    await appReady(page);
    await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
    await page.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
    await page.locator('#username').fill(VALID);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: /^entrar$/i }).click();
    await waitPath(page, (p) => p.startsWith('/acao-email/'), 30_000);
    await appReady(page);
  });
  await step(page, '26-desktop-confirmar', async () => {
    await page.getByRole('heading', { name: 'Ação recebida por e-mail' }).waitFor();
    await page.getByText(`Contrato ${contract.numero}`).first().waitFor();
    await page.getByText('O registro passará de').waitFor();
    await shot(page, '26-desktop-confirmar');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Aprovar contrato' }).scrollIntoViewIfNeeded();
    await shot(page, '26-phone-confirmar');
    await noSidewaysScroll(page, 'confirmação do e-mail');
    await page.setViewportSize(DESKTOP_1280);
    // Opening the page changed nothing.
    assert.equal((await apiGet(page, `/api/v1/contratos/${contract.id}`)).body.status, 'Em finalização');
    await page.getByRole('button', { name: 'Aprovar contrato' }).click();
    await page.getByText(`Feito: "Aprovar contrato" em Contrato "${contract.numero}".`).waitFor();
    await shot(page, '26-desktop-feito');
    assert.equal((await apiGet(page, `/api/v1/contratos/${contract.id}`)).body.status, 'Aprovado');
  });
  await step(page, '26-phone-usado', async () => {
    // The same link again, at phone width: refused as used, nothing changes.
    await page.setViewportSize(PHONE);
    await goto(page, `/acao-email/${token}`);
    await page.getByText('Não é possível usar este link').waitFor();
    await page.getByText(/Este link já foi usado em/).waitFor();
    await shot(page, '26-phone-usado');
    await noSidewaysScroll(page, 'link já usado');
    // A link altered by hand: refused as invalid.
    await goto(page, `/acao-email/${token.slice(0, -3)}abc`);
    await page.getByText(/Este link de ação é inválido/).waitFor();
    await shot(page, '26-phone-invalido');
  });
  await page.context().close();
});
