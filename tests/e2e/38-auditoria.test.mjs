// Issue 35 — "Auditoria" (/admin/auditoria) at desktop (1440×900) and phone (390×844) width: the
// site manager signs in (and once types a wrong password at the corporate sign-in), then the
// administrator filters the trail by that person: only their entries, the sign-in and the failed
// one with its reason, Brazilian dates, pt-BR labels, no sideways scroll; the site manager is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, IDP_DOMAIN, goto, launch, loginStaff, newPage, pathOf, shot, step, waitPath } from './helpers.mjs';
import { inspect, settle } from './screens.mjs';

const SM = 'sm@portal.local';
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The trail filtered by a person's e-mail (the "Pessoa" field and "Filtrar"). */
async function filterByPerson(page, email) {
  await page.getByLabel('Pessoa').fill(email);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/auditoria?') && r.url().includes(`pessoa=${encodeURIComponent(email)}`)),
    page.getByRole('button', { name: /filtrar/i }).click(),
  ]);
  await settle(page);
}

test('o site manager entra (e erra a senha uma vez); não abre a auditoria', async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '38-senha-errada', async () => {
    await goto(page, '/login');
    await page.getByRole('button', { name: /entrar com a conta corporativa/i }).click();
    await page.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
    await page.locator('#username').fill(SM);
    await page.locator('#password').fill('Senha#Errada1');
    await page.getByRole('button', { name: /^entrar$/i }).click();
    await page.getByText('E-mail ou senha incorretos.').waitFor();
  });
  await step(page, '38-sm-entra', () => loginStaff(page, SM));
  await step(page, '38-sm-recusado', async () => {
    await goto(page, '/admin/auditoria');
    await waitPath(page, (p) => p !== '/admin/auditoria');
    assert.equal(pathOf(page), '/403');
  });
  await page.context().close();
});

// At desktop width: at 390 px the screen is inspected and audited by scenario 34's sweep of the
// administrator's menu at phone width.
for (const [label, viewport] of [['desktop', DESKTOP]]) {
  test(`auditoria filtrada por pessoa (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    await step(page, `38-${label}-login`, () => loginStaff(page, 'admin@portal.local'));
    await step(page, `38-${label}-tela`, async () => {
      await goto(page, '/admin/auditoria');
      await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
      await settle(page);
    });
    await step(page, `38-${label}-filtro`, async () => {
      await filterByPerson(page, SM);
      const rows = page.locator('.ant-table-row');
      await rows.first().waitFor();
      const texts = await rows.allInnerTexts();
      assert.ok(texts.length > 0);
      for (const t of texts) assert.match(t, /sm@portal\.local/, `linha de outra pessoa: ${t}`);
      for (const t of texts) assert.match(t, /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      const all = texts.join('\n');
      assert.match(all, /Entrada no portal/);
      assert.match(all, /Falha de entrada/);
      if (label === 'desktop') assert.match(all, /Senha incorreta/);
      const problems = [];
      await inspect(page, problems, `Auditoria (${label})`);
      assert.deepEqual(problems, []);
      await shot(page, `auditoria-pessoa-${label}`);
    });
    await step(page, `38-${label}-detalhes`, async () => {
      await page
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: /expandir|expand/i })
        .click();
      await page.getByText('Dispositivo').first().waitFor();
      const problems = [];
      await inspect(page, problems, `Auditoria aberta (${label})`);
      assert.deepEqual(problems, []);
      await shot(page, `auditoria-detalhes-${label}`);
    });
    await page.context().close();
  });
}
