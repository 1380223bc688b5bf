// Scenario 37 — the second factor (issue 35), at desktop width and at 390 px: an own-login client
// enrols an authenticator app in the profile (QR code and secret; the test computes the app's code
// from the secret with otplib), keeps the ten recovery codes, signs out and signs in again with the
// password and the app's code. A wrong code and a code used before are refused in Portuguese. On the
// phone, the account then signs in with a recovery code (the second factor is turned off and the
// profile asks to enrol again; a second use of a code is refused: tests/api/mfa.test.ts).
// Fresh accounts (made at the local user pool with its administration secret): the demo accounts of
// the other scenarios keep signing in with the password alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateSync } from 'otplib';
import { BASE, DESKTOP, PHONE, appReady, goto, launch, newPage, noSidewaysScroll, pathOf, shot, step, submitClientLogin, waitPath } from './helpers.mjs';

const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const PASSWORD = 'Segredo#2026';
/** The app's code `steps` periods of 30 s from now (the pool accepts one step of drift; each code counts once). */
const totp = (secret, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A client with its own login, at the local pool (AdminCreateUser + a permanent password). */
async function newClient(email) {
  assert.ok(DATA_DIR, 'E2E_DATA_DIR ausente');
  const config = await (await fetch(new URL('/api/v1/config', BASE))).json();
  const secret = readFileSync(join(DATA_DIR, 'cognito', 'admin-secret'), 'utf8').trim();
  const call = async (op, body) => {
    const r = await fetch(`${config.userPoolEndpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}`, 'x-portal-admin-secret': secret },
      body: JSON.stringify({ UserPoolId: config.userPoolId, Username: email, ...body }),
    });
    assert.equal(r.status, 200, `${op}: ${await r.text()}`);
  };
  await call('AdminCreateUser', {
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: 'Cliente Duas Etapas' },
      { Name: 'custom:roles', Value: '["cliente"]' },
      { Name: 'custom:obra', Value: '["101"]' },
      { Name: 'custom:empresa', Value: '["45678901000175"]' },
    ],
  });
  await call('AdminSetUserPassword', { Password: PASSWORD, Permanent: true });
}

/** Profile → "Verificação em duas etapas": QR + secret, the app's code, the recovery codes. Returns the secret, the codes and the code the enrolment used. */
async function enrol(page, tag) {
  await goto(page, '/usuarios');
  const card = page.locator('#verificacao-duas-etapas');
  await card.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).click();
  await card.getByLabel('QR code para o aplicativo autenticador').waitFor();
  const secret = (await card.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/, 'a chave mostrada deveria ser base32');
  await card.scrollIntoViewIfNeeded();
  await shot(page, `mfa-cadastro-qr-${tag}`);
  await noSidewaysScroll(page, `cadastro do autenticador (${tag})`);
  // A wrong code first: refused in Portuguese, nothing enabled.
  const wrong = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
  await card.getByLabel(/Digite o código de 6 dígitos/).fill(wrong);
  await card.getByRole('button', { name: 'Confirmar' }).click();
  await card.getByText('Código incorreto. Digite o código de 6 dígitos que o aplicativo autenticador mostra agora.').waitFor();
  await shot(page, `mfa-cadastro-codigo-errado-${tag}`);
  const used = totp(secret);
  await card.getByLabel(/Digite o código de 6 dígitos/).fill(used);
  await card.getByRole('button', { name: 'Confirmar' }).click();
  const list = card.getByRole('list', { name: 'Códigos de recuperação' });
  await list.waitFor({ timeout: 20_000 });
  const codes = (await list.locator('li').allInnerTexts()).map((s) => s.trim());
  assert.equal(codes.length, 10, 'dez códigos de recuperação');
  await shot(page, `mfa-codigos-recuperacao-${tag}`);
  await card.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await card.getByText(/^Ativa desde/).waitFor();
  await card.getByText('10', { exact: true }).waitFor();
  await shot(page, `mfa-ativa-${tag}`);
  return { secret, codes, used };
}

async function signOut(page) {
  await goto(page, '/usuarios');
  await page.getByRole('button', { name: 'Sair deste dispositivo' }).click();
  await waitPath(page, '/login', 20_000);
}

/** /login with the password; the app's code is asked for. */
async function passwordStep(page, email) {
  await goto(page, '/login');
  await submitClientLogin(page, email, PASSWORD);
  await page.getByText('Verificação em duas etapas').first().waitFor({ timeout: 30_000 });
}

for (const [tag, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`duas etapas (${tag}): cadastrar o autenticador, sair e entrar com o código`, async () => {
    const email = `duas.etapas.${tag}.${Date.now().toString(36)}@portal.local`;
    await newClient(email);
    const page = await newPage(browser, { viewport });
    const { secret, codes, used } = await step(page, `37-cadastro-${tag}`, async () => {
      await goto(page, '/login');
      await submitClientLogin(page, email, PASSWORD);
      await waitPath(page, (p) => p !== '/login', 30_000);
      await appReady(page);
      return enrol(page, tag);
    });
    await step(page, `37-entrar-com-codigo-${tag}`, async () => {
      await signOut(page);
      await passwordStep(page, email);
      await shot(page, `mfa-login-codigo-${tag}`);
      // The enrolment's code again: refused (each code counts once), in Portuguese.
      await page.getByLabel('Código do aplicativo autenticador').fill(used);
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Código incorreto ou já usado. Digite o código atual do aplicativo autenticador (cada código vale uma vez).').first().waitFor();
      await shot(page, `mfa-login-codigo-repetido-${tag}`);
      await page.getByLabel('Código do aplicativo autenticador').fill(totp(secret, 1));
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await waitPath(page, (p) => p !== '/login', 30_000);
      await appReady(page);
      await shot(page, `mfa-login-concluido-${tag}`);
      assert.notEqual(pathOf(page), '/login');
    });
    if (tag === 'phone') {
      await step(page, '37-codigo-recuperacao-phone', async () => {
        await signOut(page);
        const useRecovery = async (code) => {
          await passwordStep(page, email);
          await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
          await page.getByLabel('Senha').fill(PASSWORD);
          await page.getByLabel('Código de recuperação').fill(code);
          await page.getByRole('button', { name: 'Entrar com o código de recuperação' }).click();
        };
        await useRecovery(codes[0]);
        await waitPath(page, '/usuarios', 30_000);
        await page.getByText(/^Você entrou com um código de recuperação/).waitFor();
        await page.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).waitFor();
        await shot(page, 'mfa-recuperacao-perfil-phone');
      });
    }
    await page.context().close();
  });
}
