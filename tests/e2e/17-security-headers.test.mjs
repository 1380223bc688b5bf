// Scenario 14 — the app runs under its Content-Security-Policy: the client login, the corporate
// sign-in (token exchange with the hosted sign-in), a dashboard with charts (lazy chunk) and a
// record page load with no CSP violation reported by Chromium; and a visit by 127.0.0.1 is sent to
// PUBLIC_URL before sign-in.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, appReady, goto, launch, loginClient, loginStaff, newPage, step } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const cspViolations = (page) => page.errors.filter((e) => /Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(e));

test('CSP: login, corporate sign-in, dashboard and a record page without violations', async () => {
  const page = await newPage(browser);
  await step(page, '14-csp-headers', async () => {
    const res = await page.goto(new URL('/login', BASE).toString(), { waitUntil: 'domcontentloaded' });
    const csp = res.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'(;|$)/, `CSP do aplicativo: ${csp}`);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers()['x-content-type-options'], 'nosniff');
    await appReady(page, 60_000);
  });
  await step(page, '14-csp-staff', async () => {
    await loginStaff(page, 'admin@portal.local');
    await goto(page, '/dashboard-posvendas');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await goto(page, '/projetos');
    await appReady(page);
  });
  assert.deepEqual(cspViolations(page), [], `violações de CSP:\n${cspViolations(page).join('\n')}`);

  const client = await newPage(browser);
  await step(client, '14-csp-client', async () => {
    await loginClient(client, 'cliente@portal.local');
    await goto(client, '/projetos');
    await appReady(client);
  });
  assert.deepEqual(cspViolations(client), [], `violações de CSP (cliente):\n${cspViolations(client).join('\n')}`);
});

test('outro endereço: 127.0.0.1 é levado ao PUBLIC_URL antes do login', async () => {
  const page = await newPage(browser);
  const other = new URL('/login?x=1', BASE);
  other.hostname = '127.0.0.1';
  await step(page, '14-redirect', async () => {
    await page.goto(other.toString());
    assert.equal(new URL(page.url()).origin, new URL(BASE).origin, `esperava ${BASE}, vi ${page.url()}`);
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(new URL(page.url()).search, '?x=1');
  });
});
