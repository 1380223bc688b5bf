// Scenario 11 — the people of a site: the administrator (corporate login) adds a new client to site
// 103 on /obras/103/usuarios/adicionar; the invitation leaves as an .eml file under DATA_DIR/mail; the
// client signs in at /login with the e-mailed temporary password, chooses a new one and opens site
// 103. The same screen at a phone width (390 px) has no sideways scroll and removes her again.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  PHONE,
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
  submitClientLogin,
  waitPath,
  wideElements,
} from './helpers.mjs';

const EMAIL = `convidada.${Date.now().toString(36)}@santaclara.com.br`;
const NAME = 'Clara Convidada';
const NEW_PASSWORD = 'Clara#Obra2026';
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The temporary password of the invitation to `to`, read from the .eml the mail drainer wrote. */
function invitationPassword(to) {
  const dir = join(DATA_DIR, 'mail');
  for (const f of readdirSync(dir)) {
    const eml = readFileSync(join(dir, f), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(eml)) continue;
    const body = Buffer.from(
      eml
        .slice(eml.indexOf('\n\n') + 2)
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_x, h) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
    const m = /senha temporária: (\S+)/.exec(body);
    if (m) return m[1];
  }
  throw new Error(`nenhum convite para ${to} em ${dir}`);
}

test('o administrador adiciona uma cliente nova à obra 103 e ela entra com a senha do e-mail', async () => {
  assert.ok(DATA_DIR, 'E2E_DATA_DIR ausente');
  const admin = await newPage(browser);
  await step(admin, '11-login-admin', () => loginStaff(admin, 'admin@portal.local'));

  await step(admin, '11-adicionar', async () => {
    await goto(admin, '/obras/103/usuarios/adicionar');
    await admin.getByRole('heading', { name: 'Adicionar usuários' }).waitFor();
    await admin.getByText('Fábio Field').waitFor();
    await shot(admin, 'pessoas-obra-desktop');
    const violations = await axeSerious(admin);
    assert.equal(violations.length, 0, `violações sérias/críticas do axe-core:\n    ${formatViolations(violations)}`);
    await admin.getByLabel('E-mail').fill(EMAIL);
    await admin.getByLabel('Nome').fill(NAME);
    await admin.getByLabel('Empresa').fill('Energética Santa Clara S.A.');
    await admin.getByRole('button', { name: /Adicionar$/ }).click();
    await admin.getByText(`Convite enviado para ${EMAIL}`).first().waitFor();
    const row = admin.locator('tr', { hasText: NAME });
    await row.getByText('Convite pendente').waitFor();
    await shot(admin, 'pessoas-obra-convite-desktop');
  });
  await admin.context().close();

  const password = await eventually(() => invitationPassword(EMAIL), { timeout: 20_000, interval: 500 });

  const client = await newPage(browser, { viewport: PHONE });
  await step(client, '11-primeiro-acesso', async () => {
    await goto(client, '/login');
    await submitClientLogin(client, EMAIL, password);
    const nova = client.getByLabel('Nova senha', { exact: true });
    await nova.waitFor({ timeout: 20_000 });
    await nova.fill(NEW_PASSWORD);
    await client.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
    await client.getByRole('button', { name: /salvar senha e entrar/i }).click();
    await waitPath(client, (p) => p !== '/login' && p !== '/primeiroLogin', 30_000);
    await appReady(client);
  });
  await step(client, '11-obra-103', async () => {
    await goto(client, '/obras/103');
    assert.equal(new URL(client.url()).pathname, '/obras/103', 'a cliente convidada deveria abrir a obra 103');
    await client
      .getByText(/Subestação 138 kV/)
      .first()
      .waitFor();
    await shot(client, 'cliente-convidada-obra-103-phone');
    await goto(client, '/obras/101');
    await waitPath(client, '/ObraInacessivel');
  });
  await client.context().close();
});

test('telefone (390 px): a lista de quem tem acesso cabe na tela e remove uma pessoa', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '11-login-phone', () => loginStaff(page, 'admin@portal.local'));
  await step(page, '11-phone', async () => {
    await goto(page, '/obras/103/usuarios/adicionar');
    // The client invited above (test files run their tests in order).
    const row = page.locator('tr', { hasText: NAME });
    await row.waitFor();
    await shot(page, 'pessoas-obra-phone');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'pessoas-obra-lista-phone');
    assert.deepEqual(await wideElements(page), [], 'a tela rola para o lado no telefone');
    await row.getByRole('button', { name: `Remover da obra: ${NAME}` }).click();
    await page.getByText(`Remover ${NAME} da obra 103?`).waitFor();
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    await page.getByText(`${NAME} não tem mais acesso à obra 103.`).first().waitFor();
    await eventually(async () => assert.equal(await page.locator('tr', { hasText: NAME }).count(), 0));
  });
  await page.context().close();
});
