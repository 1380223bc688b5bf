// Issue 35 — "Sessões ativas" on the profile (/usuarios), at desktop (1440×900) and phone (390×844)
// width: the same partner (own login, an external user) signs in on two browsers; on the first the
// card lists both — this one tagged "Esta sessão", used "agora"; the other with its device (from its
// browser's User-Agent), "Rede local" and a Brazilian date — and "Sair deste" (confirmed) ends the
// other, which (left open, untouched) goes to /login within seconds with the pt-BR notice. The first stays in.
// (Each sign-in is its own session, across token renewals too: the local identity stack's tokens
// carry `origin_jti` as Cognito's do.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, eventually, goto, launch, loginClient, newPage, pathOf, shot, step, waitPath } from './helpers.mjs';
import { inspect, settle } from './screens.mjs';

const WHO = 'escritorio@portal.local';
const ENDED = 'Esta sessão foi encerrada. Entre novamente para continuar.';
const OTHER = {
  desktop: {
    name: 'Firefox no Windows',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  },
  phone: {
    name: 'Safari no iPhone',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const card = (page) => page.locator('#sessoes-ativas');
const item = (page, text) => card(page).locator('.ant-list-item').filter({ hasText: text });

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`sessões ativas: sair de outra sessão (${label})`, async () => {
    const other = OTHER[label];
    const away = await newPage(browser, { viewport, userAgent: other.userAgent });
    await step(away, `39-${label}-outra-entra`, () => loginClient(away, WHO));
    const page = await newPage(browser, { viewport });
    await step(page, `39-${label}-entra`, () => loginClient(page, WHO));

    await step(page, `39-${label}-lista`, async () => {
      await goto(page, '/usuarios');
      await item(page, other.name).waitFor({ timeout: 20_000 });
      await settle(page);
      const mine = item(page, 'Esta sessão');
      assert.equal(await mine.count(), 1);
      assert.match(await mine.innerText(), /Rede local · Último uso: agora/);
      assert.equal(await mine.getByRole('button', { name: 'Sair deste' }).count(), 0);
      const theirs = item(page, other.name);
      assert.equal(await theirs.count(), 1);
      assert.match(await theirs.innerText(), /Rede local · Último uso: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await card(page).scrollIntoViewIfNeeded();
      const problems = [];
      await inspect(page, problems, `Perfil, sessões (${label})`);
      assert.deepEqual(problems, []);
      await shot(page, `sessoes-${label}`);
    });

    await step(page, `39-${label}-sair-deste`, async () => {
      await item(page, other.name).getByRole('button', { name: 'Sair deste' }).click();
      const pop = page.locator('.ant-popover').filter({ hasText: 'Sair desta sessão?' });
      await pop.waitFor();
      await shot(page, `sessoes-confirmar-${label}`);
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/v1\/sessoes\/\d+$/.test(r.url()) && r.status() === 200),
        pop.getByRole('button', { name: 'Sair', exact: true }).click(),
      ]);
      await item(page, other.name).waitFor({ state: 'detached' });
      await shot(page, `sessoes-depois-${label}`);
    });

    await step(away, `39-${label}-outra-sai`, async () => {
      // Left open, untouched, the other tab leaves by itself: the server ends its live-update stream
      // and the reconnection's 401 makes the app sign out (src/app/providers/live-events.tsx).
      await waitPath(away, '/login', 30_000);
      await away.getByText(ENDED).waitFor({ timeout: 20_000 });
      await settle(away);
      assert.equal(pathOf(away).split('?')[0], '/login');
      await shot(away, `sessoes-encerrada-${label}`);
    });

    await step(page, `39-${label}-continua`, async () => {
      await goto(page, '/usuarios');
      await eventually(async () => assert.equal(await item(page, 'Esta sessão').count(), 1), { timeout: 20_000 });
      assert.equal(await item(page, other.name).count(), 0);
      assert.equal(pathOf(page), '/usuarios');
    });
    await away.context().close();
    await page.context().close();
  });
}
