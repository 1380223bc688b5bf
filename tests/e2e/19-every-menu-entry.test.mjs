// Scenario 19 — demo accounts (the README's table) sign in the way they are told to (own login at
// /login, staff through the corporate sign-in) and open every menu entry they are shown: the sidebar of
// each layout they reach, the module cards of Início and, when they may choose a site, the site layout
// of the first site their chooser offers. No entry may lead to /403, /ObraInacessivel or /404, to a
// refusal on the page, nor to a site chooser with no site ("Nenhuma obra encontrada"). One account of
// each kind of person and three staff profiles are rendered here (menu-entries.mjs); every entry of
// every account is read through the API in tests/api/menu-entries.test.ts. Decisions 29–30: a partner
// sees no site-required entry; each kind of person starts on its own page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appReady, eventually, launch, loginStaff, newPage, shot, step, submitClientLogin, goto, waitPath } from './helpers.mjs';
import { ACCOUNTS, menuEntryTests, openByHistory, settle } from './menu-entries.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a tabela de contas do README foi lida', () => {
  assert.ok(ACCOUNTS.length >= 20, `contas lidas do README: ${ACCOUNTS.map((a) => a.email).join(', ')}`);
  for (const e of ['cliente@portal.local', 'fornecedor@portal.local', 'escritorio@portal.local', 'juridico@portal.local', 'admin@portal.local']) {
    assert.ok(
      ACCOUNTS.some((a) => a.email === e),
      `${e} não está na tabela`,
    );
  }
});

// The first third of the accounts; the others run in 19b- and 19c-every-menu-entry, side by side.
menuEntryTests(() => browser, 0);

test('o escritório parceiro começa nos seus processos e envia uma petição em até 4 cliques', async () => {
  const page = await newPage(browser);
  let clicks = 0;
  try {
    await step(page, '19-escritorio-inicio', async () => {
      await goto(page, '/login');
      await submitClientLogin(page, 'escritorio@portal.local'); // click 1: "Entrar"
      clicks++;
      await waitPath(page, '/obras', 30_000);
      await appReady(page);
      const cases = page.getByRole('region', { name: 'Seus processos' });
      await cases.locator('.ant-table-row').first().waitFor();
      const rows = cases.locator('.ant-table-row');
      const n = await rows.count();
      for (let i = 0; i < n; i++)
        await rows
          .nth(i)
          .getByRole('link', { name: /^Enviar documento/ })
          .waitFor();
      // No site chooser for a law firm.
      assert.equal(await page.locator('.ant-layout-header').getByRole('combobox', { name: 'Selecionar obra' }).count(), 0);
      await shot(page, 'escritorio-inicio-desktop');
      await rows
        .first()
        .getByRole('link', { name: /^Enviar documento/ })
        .click(); // click 2
      clicks++;
      await waitPath(page, '/juridico/enviarDocumentos/documento');
      assert.match(new URL(page.url()).search, /^\?processo=\d+$/);
    });
    await step(page, '19-escritorio-peticao', async () => {
      const form = page.locator('form').first();
      await form.getByText('Petição').first().waitFor();
      await form.getByLabel('Título').fill('Petição de juntada de documentos');
      // click 3: choosing the file.
      await form
        .locator('.ant-upload input[type=file]')
        .setInputFiles({ name: 'peticao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%peticao de teste\n') });
      clicks++;
      await form.getByText('peticao.pdf').first().waitFor();
      await eventually(async () => assert.equal(await page.locator('.ant-upload-list-item-uploading').count(), 0));
      // click 4: "Salvar" (in the page's footer, outside the <form>).
      await page.getByRole('button', { name: /(^|\s)salvar$/i }).click();
      clicks++;
      await waitPath(page, (p) => /^\/documentos-juridicos\/\d+$/.test(p));
      await appReady(page);
      await page.getByText('Petição de juntada de documentos').first().waitFor();
      await page.getByText('Petição', { exact: true }).first().waitFor();
      await shot(page, 'escritorio-peticao-enviada-desktop');
      assert.ok(clicks <= 4, `a petição levou ${clicks} cliques`);
    });
  } finally {
    await page.context().close();
  }
});

test('a responsável DP envia documentos a partir do processo', async () => {
  const page = await newPage(browser);
  try {
    await step(page, '19-juridico-dp', async () => {
      await loginStaff(page, 'juridico@portal.local');
      const found = await page.evaluate(async () => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
        const res = await fetch('/api/v1/processos-juridicos?_end=1000', { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
        const rows = await res.json();
        return rows.find((r) => r.responsavelDp?.mail === 'juridico@portal.local')?.id;
      });
      assert.ok(found, 'nenhum processo com juridico@ como responsável DP');
      await openByHistory(page, `/processos-juridicos/${found}`);
      await settle(page);
      await page.getByRole('link', { name: 'Enviar documentos DP' }).click();
      await waitPath(page, '/juridico/enviarDocumentos/dp');
      assert.equal(new URL(page.url()).searchParams.get('processo'), String(found));
      await page.getByText('Documentos DP').first().waitFor();
      await shot(page, 'juridico-enviar-dp-desktop');
    });
  } finally {
    await page.context().close();
  }
});
