// The harness itself: the portal answers, the app mounts, and the browser accepts the local corporate
// sign-in's self-signed certificate for that server only (another self-signed server is still refused).
import assert from 'node:assert/strict';
import https from 'node:https';
import { after, before, test } from 'node:test';
import { generate } from 'selfsigned';
import { BASE, IDP_DOMAIN, appReady, launch, newPage, url } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('o portal responde e o aplicativo monta em #app', async () => {
  const health = await fetch(url('/api/v1/health'));
  assert.equal(health.status, 200);
  const page = await newPage(browser);
  const res = await page.goto(BASE);
  assert.equal(res?.status(), 200);
  await appReady(page);
  assert.equal(await page.locator('html').getAttribute('lang'), 'pt-BR');
  await page.context().close();
});

test('o certificado autoassinado é aceito só para o login corporativo local', async () => {
  const page = await newPage(browser);
  // The local identity provider: the TLS handshake passes (any HTTP answer is fine here).
  const res = await page.goto(`https://${IDP_DOMAIN}/oauth2/authorize`);
  assert.ok(res, 'sem resposta do login corporativo local');
  assert.ok(res.status() < 500, `login corporativo respondeu ${res.status()}`);

  // Another HTTPS server with its own self-signed certificate on the same host: still refused.
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
  const other = https.createServer({ key: pems.private, cert: pems.cert }, (_req, r) => r.end('ok'));
  await new Promise((r) => other.listen(0, '127.0.0.1', r));
  try {
    const { port } = other.address();
    const err = await page.goto(`https://localhost:${port}/`).then(
      () => null,
      (e) => e,
    );
    assert.ok(err, 'um certificado autoassinado qualquer foi aceito: a exceção não está restrita ao IdP');
    assert.match(err.message, /ERR_CERT/);
  } finally {
    other.closeAllConnections?.();
    await new Promise((r) => other.close(r));
    await page.context().close();
  }
});
