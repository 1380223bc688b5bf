// Scenario 4 — the site manager (sm@portal.local) creates an RDO through the generated form (a bad
// value first: the Portuguese field message), sees it in the list with the filter kept after a reload,
// edits it, and a second tab's stale edit gets the conflict message instead of overwriting.
// Also scenario 7's toast: the success toast appears top right and goes away.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  appReady,
  chooseOption,
  clickUncovered,
  attachErrorLog,
  eventually,
  filterColumnIn,
  goto,
  launch,
  listTotal,
  loginStaff,
  newPage,
  openMenuItem,
  pathOf,
  searchList,
  shot,
  step,
  toasts,
  waitPath,
} from './helpers.mjs';

const TOKEN = `E2E-${randomBytes(3).toString('hex')}`;
const SAVE = /(^|\s)salvar$/i;

let browser;
let page;
let rdoPath = ''; // /diarios/<id>
let staleTextAfterConflict = null;
const covered = []; // controls hidden under something else (reported by the last test)
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await step(page, '04-login', () => loginStaff(page, 'sm@portal.local'));
});
after(async () => {
  await browser?.close();
});

/** Picks a date in an antd DatePicker by typing dd/mm/aaaa. */
async function typeDate(page, label, ddmmyyyy) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
  await page.keyboard.press('Escape').catch(() => {});
}

test('criar um RDO pelo formulário gerado: valor inválido primeiro, depois salvo', async () => {
  await step(page, '04-lista', async () => {
    await openMenuItem(page, 'Diários de obra');
    await waitPath(page, '/diarios');
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, 'diarios-lista-desktop');
  });

  await step(page, '04-novo', async () => {
    await page.getByRole('button', { name: /(^|\s)novo$/i }).click();
    await waitPath(page, (p) => /\/diarios\/novo$/.test(p));
    await page.getByRole('heading', { name: /novo diário de obra/i }).waitFor();
    await shot(page, 'diario-novo-desktop');

    await typeDate(page, 'Data', '04/08/2025');
    await chooseOption(page, page.getByLabel('Obra', { exact: true }), '102');
    await page.getByLabel('Site manager: nome').fill('Site Manager Demo');
    await page.getByLabel('Site manager: e-mail').fill('sm-sem-arroba.portal.local');
    await page.getByLabel('Ocorrências').fill(`${TOKEN} criado pelo teste de navegador`);
    await clickUncovered(page, page.getByRole('button', { name: SAVE }), covered, 'o botão Salvar');

    // The field message, in Portuguese, on the field; nothing was created.
    const explain = page.locator('.ant-form-item-explain-error', { hasText: 'E-mail inválido.' });
    await explain.first().waitFor();
    await shot(page, 'diario-novo-erro-campo-desktop');
    assert.match(pathOf(page), /\/diarios\/novo$/);
  });

  await step(page, '04-salvar', async () => {
    await page.getByLabel('Site manager: e-mail').fill('sm@portal.local');
    await clickUncovered(page, page.getByRole('button', { name: SAVE }), covered, 'o botão Salvar');
    await waitPath(page, (p) => /^\/diarios\/\d+$/.test(p), 20_000);
    rdoPath = new URL(page.url()).pathname;
    await page.getByText(TOKEN).first().waitFor();

    // Toast: top right, then gone (timeout 5 s).
    const toast = toasts(page)
      .filter({ hasText: /Diário de obra criado\./i })
      .first();
    await toast.waitFor({ timeout: 10_000 });
    const box = await toast.boundingBox();
    assert.ok(box, 'toast sem caixa');
    const vw = page.viewportSize().width;
    assert.ok(vw - (box.x + box.width) <= 40, `o toast não está encostado à direita (right=${box.x + box.width}, largura ${vw})`);
    assert.ok(box.y <= 60, `o toast não está no topo (y=${box.y})`);
    assert.ok(Math.abs(box.width - 400) <= 2, `largura do toast ${box.width}, esperava 400`);
    await shot(page, 'diario-show-toast-desktop');
    await toast.waitFor({ state: 'detached', timeout: 12_000 });
  });
});

test('a lista encontra o RDO e mantém o filtro depois de recarregar', async () => {
  assert.ok(rdoPath, 'o RDO não foi criado');
  await step(page, '04-filtro', async () => {
    await openMenuItem(page, 'Diários de obra');
    await waitPath(page, '/diarios');
    await page.locator('.ant-table-row').first().waitFor();
    await filterColumnIn(page, 'Situação', ['Rascunho']);
    await searchList(page, TOKEN);
    await eventually(async () => assert.equal(await listTotal(page), 1), { timeout: 10_000 });
    const row = page.locator('.ant-table-row').first();
    assert.match(await row.innerText(), /04\/08\/2025/);
    assert.match(await row.innerText(), /Rascunho/);
    await shot(page, 'diarios-lista-filtrada-desktop');
  });

  await step(page, '04-recarregar', async () => {
    const before = page.url();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await appReady(page);
    assert.equal(page.url(), before, 'o endereço mudou ao recarregar');
    await eventually(async () => assert.equal(await listTotal(page), 1), { timeout: 10_000 });
    const box = page
      .getByRole('searchbox', { name: 'Pesquisar' })
      .or(page.getByLabel('Pesquisar', { exact: true }))
      .first();
    assert.equal(await box.inputValue(), TOKEN, 'a pesquisa sumiu depois de recarregar');
    assert.match(await page.locator('.ant-table-row').first().innerText(), /Rascunho/);
  });
});

test('editar o RDO; a edição de uma segunda aba desatualizada recebe o aviso de conflito', async () => {
  assert.ok(rdoPath, 'o RDO não foi criado');
  const editPath = `${rdoPath}/editar`;
  const tab2 = attachErrorLog(await page.context().newPage());
  try {
    await step(page, '04-editar-aba1', async () => {
      await goto(page, rdoPath);
      await page
        .getByRole('button', { name: /editar/i })
        .first()
        .click();
      await waitPath(page, editPath);
      await page.getByLabel('Ocorrências').waitFor();
      await eventually(async () => assert.match(await page.getByLabel('Ocorrências').inputValue(), new RegExp(TOKEN)));
      await shot(page, 'diario-editar-desktop');
    });

    await step(tab2, '04-editar-aba2-abre', async () => {
      await tab2.setViewportSize(DESKTOP);
      await goto(tab2, editPath);
      await eventually(async () => assert.match(await tab2.getByLabel('Ocorrências').inputValue(), new RegExp(TOKEN)));
    });

    await step(page, '04-editar-aba1-salva', async () => {
      await page.getByLabel('Ocorrências').fill(`${TOKEN} editado na primeira aba`);
      await clickUncovered(page, page.getByRole('button', { name: SAVE }), covered, 'o botão Salvar');
      await waitPath(page, rdoPath, 20_000);
      await page.getByText('editado na primeira aba').first().waitFor();
      await toasts(page)
        .filter({ hasText: /Alterações salvas/i })
        .first()
        .waitFor();
    });

    await step(tab2, '04-editar-aba2-conflito', async () => {
      await tab2.getByLabel('Ocorrências').fill(`${TOKEN} sobrescrito pela segunda aba`);
      await clickUncovered(tab2, tab2.getByRole('button', { name: SAVE }), covered, 'o botão Salvar');
      await tab2
        .getByText(/foi alterado por outra pessoa/i)
        .first()
        .waitFor({ timeout: 15_000 });
      assert.equal(new URL(tab2.url()).pathname, editPath, 'a segunda aba saiu do formulário');
      await tab2
        .getByRole('button', { name: /recarregar/i })
        .first()
        .waitFor();
      await tab2
        .getByText(/foi alterado por outra pessoa/i)
        .first()
        .scrollIntoViewIfNeeded();
      await shot(tab2, 'diario-editar-conflito-desktop');
      staleTextAfterConflict = await tab2.getByLabel('Ocorrências').inputValue();
    });

    await step(page, '04-nao-sobrescreveu', async () => {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await appReady(page);
      await page.getByText('editado na primeira aba').first().waitFor();
      assert.equal(await page.getByText('sobrescrito pela segunda aba').count(), 0, 'a edição desatualizada sobrescreveu o registro');
    });
  } finally {
    await tab2.close();
  }
});

test('nenhum botão do formulário fica coberto (aviso "Precisa de ajuda?")', () => {
  assert.deepEqual(covered, [], covered.join('\n'));
});

test('depois do conflito, a aba desatualizada mantém o que o usuário digitou até ele clicar em "Recarregar"', () => {
  assert.ok(staleTextAfterConflict !== null, 'o cenário de conflito não chegou ao fim');
  assert.match(
    staleTextAfterConflict,
    /sobrescrito pela segunda aba/,
    `o formulário trocou o texto digitado pela versão do servidor sem o usuário pedir ("${staleTextAfterConflict}"): a alteração dele se perdeu`,
  );
});
