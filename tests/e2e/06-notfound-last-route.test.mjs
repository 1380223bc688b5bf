// Scenario 6 — an unknown path lands on /404; signing out and back in returns to the last route.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appReady, goto, launch, loginClient, newPage, pathOf, shot, step, submitClientLogin, waitPath } from './helpers.mjs';

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await step(page, '06-login', () => loginClient(page, 'cliente@portal.local'));
});
after(async () => {
  await browser?.close();
});

test('caminho desconhecido → /404', async () => {
  await step(page, '06-404', async () => {
    await goto(page, '/caminho/que/nao/existe');
    await waitPath(page, '/404');
    await page.getByText('Página não encontrada', { exact: true }).first().waitFor();
    await page.getByText('Desculpe, a página que você procura não existe.').waitFor();
    await shot(page, '404-desktop');
    await page.getByRole('button', { name: 'Ir para o início' }).click();
    await waitPath(page, '/obras');
  });
});

test('sair e entrar de novo volta à última rota', async () => {
  const last = '/todas-obras';
  await step(page, '06-ultima-rota', async () => {
    await goto(page, last);
    await page.locator('.ant-table-row').first().waitFor();
  });
  await step(page, '06-sair', async () => {
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: /sair/i }).click();
    await waitPath(page, '/login', 15_000);
    await appReady(page);
    await shot(page, 'login-depois-de-sair-desktop');
    // Signed out for real: the session's user is gone from the browser storage.
    const stored = await page.evaluate(() => sessionStorage.getItem('user'));
    assert.equal(stored, null, 'o usuário continua no sessionStorage depois de sair');
    await page.getByRole('button', { name: /^entrar$/i }).waitFor();
    // Like a person, sign in again only once the sign-out has finished (no request in flight).
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(1_000);
  });
  await step(page, '06-entrar', async () => {
    await submitClientLogin(page, 'cliente@portal.local');
    await waitPath(page, (p) => p !== '/login', 30_000);
    await appReady(page);
    assert.equal(new URL(page.url()).pathname, last, `deveria voltar a ${last}, chegou a ${pathOf(page)}`);
    await page.locator('.ant-table-row').first().waitFor();
  });
});
