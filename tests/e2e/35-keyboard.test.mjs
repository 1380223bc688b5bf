// Scenario 35 — issue 28, WCAG 2.1 AA (2.1.1 keyboard, 2.4.3 focus order, 2.4.7 focus visible): the
// main journeys with the keyboard only — Tab, Shift+Tab, Enter, arrows, Escape and typing; no click,
// no fill. At every Tab stop focus must be on something (never <body>) and visibly drawn
// (tests/e2e/keyboard.mjs). An address is typed (goto) only to start a journey.
// 1. Sign in: the client on /login; the site manager through "Entrar com a conta corporativa" and the
//    local corporate sign-in page.
// 2. The site manager writes an RDO from /diarios ("Novo", date typed, site chosen by typing, texts)
//    and saves it; the API has it.
// 3. A document sent for the client's approval (prepared as in scenario 24); the client opens it from
//    /pendencias, "Aprovar" opens its confirmation with focus inside, Escape gives focus back to the
//    button, and Enter on "Confirmar" approves it; the API shows the transition.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { IDP_DOMAIN, PASSWORD, apiGet, appReady, goto, launch, loginStaff, newPage, shot, step, toasts, waitPath } from './helpers.mjs';
import { activeInfo, assertFocusVisible, expectFocus, expectFocusInside, named, tabTo, type } from './keyboard.mjs';
import { PROJETISTA, sentDoc } from './projetos.mjs';

const CLIENTE = 'cliente@portal.local';
const SM = 'sm@portal.local';
const PROJ = PROJETISTA;
const run = Date.now().toString(36);
const pad = (n) => String(n).padStart(2, '0');
// A day of 2022 no other scenario writes (one report per site and day).
const day = { d: 1 + Math.floor(Math.random() * 28), m: 1 + Math.floor(Math.random() * 12) };
const DAY_BR = `${pad(day.d)}/${pad(day.m)}/2022`;
const DAY_ISO = `2022-${pad(day.m)}-${pad(day.d)}`;

let browser;
let client; // the client's page, signed in by keyboard in test 1
let staff; // the site manager's page, signed in by keyboard in test 1
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The value of the focused input (read only: what the user sees in it). */
const focusedValue = (page) => page.evaluate(() => document.activeElement?.value ?? '');

// A keyboard user's first visit: the session's first load, with its overlay, as a person meets it (the
// other scenarios start past it). Without it, the first Tab of the corporate sign-in could land while
// /login was still settling, on <body> (CI, 29/11/2026).
test('entrar só com o teclado: cliente no /login e colaborador pelo login corporativo', async () => {
  client = await newPage(browser, { firstLoad: true });
  await step(client, '35-login-cliente', async () => {
    await goto(client, '/login');
    await tabTo(client, named('E-mail', 'textbox'), { what: '/login → E-mail' });
    await type(client, CLIENTE);
    await tabTo(client, named('Senha', 'textbox'), { what: '/login → Senha' });
    await type(client, PASSWORD);
    await shot(client, '35-login-senha-focada');
    await tabTo(client, named('Entrar', 'button'), { what: '/login → Entrar' });
    await client.keyboard.press('Enter');
    await waitPath(client, (p) => p !== '/login', 30_000);
    await appReady(client);
  });

  staff = await newPage(browser, { firstLoad: true });
  await step(staff, '35-login-colaborador', async () => {
    await goto(staff, '/login');
    await tabTo(staff, named('Entrar com a conta corporativa', 'button'), { what: '/login → conta corporativa' });
    await staff.keyboard.press('Enter');
    await staff.waitForURL((u) => u.host === IDP_DOMAIN, { timeout: 20_000 });
    await staff.getByRole('heading', { name: 'Entrar com a conta corporativa' }).waitFor();
    await tabTo(staff, named('E-mail corporativo', 'textbox'), { what: 'login corporativo → E-mail' });
    await type(staff, SM);
    await tabTo(staff, named('Senha', 'textbox'), { what: 'login corporativo → Senha' });
    await type(staff, PASSWORD);
    await tabTo(staff, named('Entrar', 'button'), { what: 'login corporativo → Entrar' });
    await shot(staff, '35-login-corporativo-entrar-focado');
    await staff.keyboard.press('Enter');
    await waitPath(staff, (p) => p !== '/acessoFederado' && p !== '/login', 30_000);
    await appReady(staff);
  });
});

test('o site manager escreve um RDO só com o teclado', async () => {
  assert.ok(staff, 'o colaborador não entrou');
  const ocorrencias = `KB-${run} RDO escrito só com o teclado`;
  let id;
  await step(staff, '35-rdo-novo', async () => {
    await goto(staff, '/diarios');
    await staff.locator('.ant-table-row').first().waitFor();
    await tabTo(staff, named(/(^|\s)novo$/i, ['button', 'link']), { what: '/diarios → Novo', max: 120 });
    await staff.keyboard.press('Enter');
    await waitPath(staff, (p) => /\/diarios\/novo$/.test(p));
    await staff.getByRole('heading', { name: /novo diário de obra/i }).waitFor();
    await staff.getByLabel('Ocorrências').waitFor();
  });

  await step(staff, '35-rdo-campos', async () => {
    // The date: typed dd/mm/aaaa over the default (today), Enter takes it, Escape closes the calendar.
    await tabTo(staff, named('Data', 'textbox'), { what: 'RDO → Data' });
    await staff.keyboard.press('ControlOrMeta+A');
    await type(staff, DAY_BR);
    await staff.keyboard.press('Enter');
    await staff.keyboard.press('Escape');
    assert.equal(await focusedValue(staff), DAY_BR, 'a data digitada não ficou no campo');

    // The site: typed, the first match highlighted, Enter chooses it.
    await tabTo(staff, named('Obra', 'combobox'), { what: 'RDO → Obra' });
    await type(staff, '102');
    const option = staff.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: '102' });
    await option.first().waitFor({ timeout: 15_000 });
    await staff.keyboard.press('Enter');
    const obraItem = staff
      .locator('.ant-form-item')
      .filter({ has: staff.getByLabel('Obra', { exact: true }) })
      .locator('.ant-select-selection-item');
    await obraItem.filter({ hasText: '102' }).first().waitFor();

    // The site manager comes filled in with the signed-in user.
    await tabTo(staff, named('Ocorrências', 'textbox'), { what: 'RDO → Ocorrências', max: 80 });
    await type(staff, ocorrencias);
    await shot(staff, '35-rdo-preenchido');
  });

  await step(staff, '35-rdo-salvar', async () => {
    await tabTo(staff, named(/(^|\s)salvar$/i, 'button'), { what: 'RDO → Salvar', max: 120 });
    await shot(staff, '35-rdo-salvar-focado');
    await staff.keyboard.press('Enter');
    await waitPath(staff, (p) => /^\/diarios\/\d+$/.test(p), 20_000);
    await toasts(staff)
      .filter({ hasText: /Diário de obra criado\./i })
      .first()
      .waitFor({ timeout: 10_000 });
    await staff.getByText(ocorrencias).first().waitFor();
    id = new URL(staff.url()).pathname.split('/').pop();
    // Still on the keyboard's track: the next Tab lands on a control and shows it.
    await tabTo(staff, (i) => !i.lost, { what: 'RDO salvo → primeiro Tab', max: 1 });
  });

  await step(staff, '35-rdo-api', async () => {
    const rec = await apiGet(staff, `/api/v1/diarios/${id}`);
    assert.equal(rec.status, 200, `RDO ${id} não encontrado: ${JSON.stringify(rec.body)}`);
    assert.equal(String(rec.body.data).slice(0, 10), DAY_ISO);
    assert.equal(String(rec.body.obra), '102');
    assert.match(String(rec.body.ocorrencias ?? ''), new RegExp(`KB-${run}`));
  });
});

test('o cliente aprova um documento só com o teclado', async () => {
  assert.ok(client, 'o cliente não entrou');
  const titulo = `Teclado ${run} folha 1`;
  const eng = await newPage(browser);
  let id;
  await step(eng, '35-doc-envio', async () => {
    await loginStaff(eng, PROJ);
    id = await sentDoc(eng, titulo, `KB-${run}-1`);
  });
  await eng.context().close();

  await step(client, '35-doc-pendencias', async () => {
    await goto(client, '/pendencias?modulo=projetos');
    await client.getByRole('link', { name: titulo, exact: true }).waitFor({ timeout: 20_000 });
    await tabTo(client, named(titulo, 'link'), { what: '/pendencias → documento', max: 120 });
    await client.keyboard.press('Enter');
    await waitPath(client, (p) => p === `/projetos/${id}`);
    await client.getByRole('group', { name: 'Ações da situação' }).getByRole('button', { name: 'Aprovar', exact: true }).waitFor({ timeout: 20_000 });
  });

  const popup = '.ant-popover:not(.ant-popover-hidden), .ant-modal-wrap, [role="dialog"]';
  await step(client, '35-doc-dialogo-esc', async () => {
    await tabTo(client, named('Aprovar', 'button'), { what: 'documento → Aprovar', max: 120 });
    await client.keyboard.press('Enter');
    // The dialog takes focus (its frame, or its first control).
    await expectFocusInside(client, popup, 'a confirmação de "Aprovar" abriu');
    await shot(client, '35-doc-confirmacao');
    await client.keyboard.press('Escape');
    await client
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {});
    await expectFocus(client, named('Aprovar', 'button'), 'Escape fechou a confirmação: o foco volta a "Aprovar"');
    await assertFocusVisible(client, 'de volta em "Aprovar"');
  });

  await step(client, '35-doc-aprovar', async () => {
    await client.keyboard.press('Enter');
    await expectFocusInside(client, popup, 'a confirmação de "Aprovar" abriu de novo');
    // The dialog's own "Aprovar" (or "Confirmar"): focus may already be on it, else Tab reaches it.
    const isConfirm = (i) => named(/^(Confirmar|Aprovar)$/, 'button')(i) && /ant-modal|ant-popconfirm|ant-popover/.test(i.path);
    const confirm = isConfirm(await activeInfo(client))
      ? await assertFocusVisible(client, 'confirmação → Confirmar')
      : await tabTo(client, isConfirm, { what: 'confirmação → Confirmar', max: 6 });
    assert.match(confirm.name, /^(Confirmar|Aprovar)$/);
    await client.keyboard.press('Enter');
    await client
      .getByRole('group', { name: 'Ações da situação' })
      .getByRole('button', { name: 'Aprovar', exact: true })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await expectFocus(client, (i) => !i.lost, 'depois de aprovar, o foco não fica no <body>');
    await shot(client, '35-doc-aprovado');
  });

  await step(client, '35-doc-api', async () => {
    const rec = await apiGet(client, `/api/v1/projetos/${id}`);
    assert.equal(rec.body.Situacao, 'AP', `situação ${rec.body.Situacao}`);
    const hist = await apiGet(client, `/api/v1/projetos/${id}/historico`);
    assert.equal(hist.body.filter((h) => h.action === 'transition' && h.transition?.name === 'aprovar').length, 1, 'histórico sem a aprovação');
  });
});
