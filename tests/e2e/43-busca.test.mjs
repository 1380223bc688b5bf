// Scenario 43 — one search across every module (issue 39), keyboard only, at 1440 and 390 px: the
// site manager presses Ctrl+K anywhere, types a word of three new tickets, arrows down to the third
// result and opens it with Enter (its page, the record that option named); "/" opens the search
// too; "Ver todos os resultados" opens /busca with the module filters. Axe finds nothing serious
// on the open search nor on the results page. Screenshots of each.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  apiGet,
  apiSend,
  axeSerious,
  DESKTOP,
  eventually,
  formatViolations,
  goto,
  launch,
  loginStaff,
  newPage,
  pathOf,
  PHONE,
  shot,
  step,
  waitPath,
} from './helpers.mjs';
import { expectFocus, named, type } from './keyboard.mjs';
import { TICKET_OWNER, ticketBody } from '../fixtures/ticket.mjs';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const run = Date.now().toString(36);
const WORD = `zirconita${run.replace(/\d/g, '')}`; // letters only: a word of its own

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Three tickets of site 101 sharing WORD, and an interaction naming "cobertura", created by the administrator through the API. */
async function seedTickets(page) {
  const cliente = (await apiGet(page, '/api/v1/posvendas?obra=101&_end=1')).body[0].cliente;
  for (const n of [1, 2, 3]) {
    const r = await apiSend(
      page,
      'POST',
      '/api/v1/posvendas',
      ticketBody(`Vazamento ${WORD} ${n}`, cliente, { descricao: `Vazamento no bloco ${n} (${WORD}).` }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    if (n === 1) {
      // "cobertura" in a second module (the demo tickets have it): the results page offers module filters.
      const i = await apiSend(page, 'POST', '/api/v1/ticket-interacoes', {
        ticket: r.body.id,
        tipo: 'Atualização interna',
        texto: 'Revisão da cobertura marcada com a equipe.',
        responsavel: { mail: TICKET_OWNER },
      });
      assert.equal(i.status, 201, JSON.stringify(i.body));
    }
  }
}

const serious = async (page, what) => {
  const v = await axeSerious(page);
  assert.deepEqual(v, [], `${what}: ${formatViolations(v)}`);
};

/** Ctrl+K, WORD typed, ↓ ↓ to the third option, Enter: the page of the record that option named. */
async function searchByKeyboard(page, label) {
  await step(page, `43-abrir-${label}`, async () => {
    await page.getByRole('button', { name: /^Buscar/ }).waitFor(); // the header (and its shortcut) is there
    await page.keyboard.press('Control+K');
    await expectFocus(page, named('Buscar em todos os módulos', 'combobox'), 'Ctrl+K');
    await type(page, WORD);
    const options = page.locator('#busca-lista [role="option"][data-registro^="posvendas/"]');
    await eventually(async () => assert.ok((await options.count()) >= 3, `${await options.count()} opções`), { timeout: 20_000 });
    // The answer for the whole word is in when the results hold still (an answer for an earlier prefix
    // could still replace them, and a new list starts again at its first option).
    const box = page.getByRole('combobox', { name: 'Buscar em todos os módulos' });
    const listed = () => page.locator('#busca-lista [role="option"]').evaluateAll((os) => os.map((o) => o.getAttribute('data-registro')).join());
    await eventually(async () => {
      const before = await listed();
      await page.waitForTimeout(400);
      assert.equal(await listed(), before, 'os resultados ainda mudam');
    });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    assert.equal(active, 'busca-opcao-2');
    assert.equal(await page.locator('#busca-opcao-2').getAttribute('aria-selected'), 'true');
    await shot(page, `busca-resultados-${label}`);
    await serious(page, `busca aberta (${label})`);
    const target = await page.locator('#busca-opcao-2').getAttribute('data-registro');
    assert.match(target ?? '', /^posvendas\/\d+$/);
    await page.keyboard.press('Enter');
    await waitPath(page, `/${target}`);
    await page.getByText(`Vazamento ${WORD}`).first().waitFor();
    await shot(page, `busca-registro-${label}`);
  });
}

test('Ctrl+K, digitar, seta até o terceiro resultado, Enter abre o registro (1440 px)', async () => {
  const admin = await newPage(browser);
  await step(admin, '43-login-admin', () => loginStaff(admin, ADMIN));
  await seedTickets(admin);
  await admin.context().close();

  const page = await newPage(browser, { viewport: DESKTOP });
  await step(page, '43-login', () => loginStaff(page, 'posvendas@portal.local'));
  await goto(page, '/pendencias');
  await searchByKeyboard(page, 'desktop');

  await step(page, '43-barra', async () => {
    // "/" outside a field opens it too; the last search is offered when nothing is typed.
    await page.keyboard.press('/');
    await expectFocus(page, named('Buscar em todos os módulos', 'combobox'), '/');
    await page
      .getByRole('option', { name: new RegExp(WORD) })
      .first()
      .waitFor();
    await shot(page, 'busca-recentes-desktop');
    await type(page, WORD);
    const all = page.getByRole('option', { name: /Ver todos os resultados/ });
    await all.waitFor({ timeout: 20_000 });
    const index = await all.getAttribute('id');
    const n = Number(index?.replace('busca-opcao-', ''));
    await page.keyboard.press('ArrowUp'); // from the first option up to the last: "Ver todos"
    assert.equal(await page.getByRole('combobox', { name: 'Buscar em todos os módulos' }).getAttribute('aria-activedescendant'), `busca-opcao-${n}`);
    await page.keyboard.press('Enter');
    await waitPath(page, '/busca');
    assert.equal(new URL(page.url()).searchParams.get('q'), WORD);
    // In the results page's card: until its lazy chunk has rendered, the inbox it came from is still on
    // screen, and it lists the same ticket (its title and "Iniciar análise: …").
    const results = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: 'Resultados da busca' }) });
    await results.getByRole('link', { name: new RegExp(`Vazamento ${WORD} 1`) }).waitFor({ timeout: 20_000 });
    await shot(page, 'busca-pagina-desktop');
    await serious(page, 'página de resultados');
    // A word of several modules: the module filters, each with its count.
    await goto(page, '/busca?q=cobertura');
    await page
      .locator('.ant-radio-group')
      .getByText(/^Todos$/)
      .waitFor({ timeout: 20_000 });
    await shot(page, 'busca-filtros-desktop');
    await serious(page, 'página de resultados com filtros');
  });
});

test('a mesma busca pelo teclado num telefone (390 px), em tela cheia', async () => {
  const page = await newPage(browser, { viewport: PHONE });
  await step(page, '43-login-telefone', () => loginStaff(page, SM));
  await goto(page, '/obras');
  // The site manager reads no post-sales ticket: his search finds none of them (the lists' permissions).
  await page.getByRole('button', { name: /^Buscar/ }).waitFor();
  await page.keyboard.press('Control+K');
  await expectFocus(page, named('Buscar em todos os módulos', 'combobox'), 'Ctrl+K (telefone)');
  await type(page, WORD);
  await page.getByText(`Nenhum resultado para “${WORD}”.`).first().waitFor({ timeout: 20_000 });
  const box = await page.locator('.ant-modal-content').boundingBox();
  assert.ok(box && box.width >= PHONE.width - 1 && box.height >= PHONE.height - 1, `tela cheia: ${JSON.stringify(box)}`);
  await shot(page, 'busca-vazia-telefone');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal-content').waitFor({ state: 'hidden' });
  await page.context().close();

  const pv = await newPage(browser, { viewport: PHONE });
  await step(pv, '43-login-pv-telefone', () => loginStaff(pv, 'posvendas@portal.local'));
  await searchByKeyboard(pv, 'telefone');
  await goto(pv, `/busca?q=${encodeURIComponent(WORD)}`);
  await pv
    .getByRole('link', { name: new RegExp(`Vazamento ${WORD}`) })
    .first()
    .waitFor({ timeout: 20_000 });
  await shot(pv, 'busca-pagina-telefone');
  await serious(pv, 'página de resultados (telefone)');
  assert.ok(pathOf(pv).startsWith('/busca'));
});
