// Scenario 3 — a staff member asks for a deep link while signed out, is sent to /login?redirect=…,
// signs in through "Entrar com a conta corporativa" and the local identity provider's HTTPS page,
// and returns to the deep link.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { IDP_DOMAIN, PASSWORD, PHONE, appReady, goto, launch, newPage, pathOf, shot, step, waitPath } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('colaborador: link direto → /login?redirect=… → login corporativo → volta ao link', async () => {
  const page = await newPage(browser);
  const deep = '/posvendas';
  await step(page, '03-redirect', async () => {
    await goto(page, deep);
    await waitPath(page, '/login');
    const u = new URL(page.url());
    assert.equal(u.searchParams.get('redirect'), deep, `esperava /login?redirect=${deep}, vi ${pathOf(page)}`);
  });

  await step(page, '03-idp', async () => {
    await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
    await page.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
    assert.equal(new URL(page.url()).protocol, 'https:');
    await page.getByRole('heading', { name: 'Entrar com a conta corporativa' }).waitFor();
    await shot(page, 'idp-login-desktop');
    // A wrong password stays on the provider's page with a Portuguese message.
    await page.locator('#username').fill('posvendas@portal.local');
    await page.locator('#password').fill('errada');
    await page.getByRole('button', { name: /^entrar$/i }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(new URL(page.url()).host, IDP_DOMAIN);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: /^entrar$/i }).click();
  });

  await step(page, '03-volta', async () => {
    await waitPath(page, (p) => p !== '/acessoFederado' && p !== '/login', 30_000);
    await appReady(page);
    assert.equal(new URL(page.url()).pathname, deep, `deveria voltar a ${deep}, chegou a ${pathOf(page)}`);
    await page.locator('.ant-table').first().waitFor();
    await page
      .getByRole('heading', { name: /tickets|pós-venda/i })
      .first()
      .waitFor();
    await shot(page, 'posvendas-lista-desktop');
  });
  await page.context().close();
});

test('página do login corporativo em largura de telefone', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '03-idp-phone', async () => {
    await goto(page, '/login');
    await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
    await page.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
    await page.locator('#username').waitFor();
    await shot(page, 'idp-login-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `a página do login corporativo transborda ${overflow}px na horizontal`);
  });
  await page.context().close();
});
