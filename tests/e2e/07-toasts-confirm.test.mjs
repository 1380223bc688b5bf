// Scenario 7 — toasts appear top right and go away; the confirm dialog cancels and confirms.
// Where the app asks for confirmation: deleting a record from a list ("Excluir este …?"), and leaving
// a form with unsaved changes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eventually, goto, launch, listTotal, loginStaff, newPage, openMenuItem, pathOf, shot, step, toasts, waitPath } from './helpers.mjs';

const LIST = '/contrato';

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await step(page, '07-login', () => loginStaff(page, 'admin@portal.local'));
});
after(async () => {
  await browser?.close();
});

/** The confirmation that opened (antd Popconfirm of the delete button, or the app's confirm dialog). */
function confirmBox(page) {
  return page.locator('.ant-popconfirm:visible, .ant-popover:visible:has(.ant-popconfirm-message), [data-testid="dialog-confirm"], .ant-modal:visible').first();
}

test('excluir: "Cancelar" mantém o registro; "Excluir" remove e mostra um toast no canto superior direito que some', async () => {
  let total = 0;
  let firstRow = '';
  await step(page, '07-lista', async () => {
    await goto(page, LIST);
    await page.locator('.ant-table-row').first().waitFor();
    total = await listTotal(page);
    assert.ok(total > 0, 'lista vazia: nada para excluir');
    // The record's key, not the row's text: reference cells show the stored key until the page's
    // titles arrive ("102", then "Centro de Distribuição Vale Verde"), so the text can change under us.
    firstRow = (await page.locator('.ant-table-row').first().getAttribute('data-row-key')) ?? '';
    assert.ok(firstRow, 'a linha não tem data-row-key');
  });

  const deleteButton = () => page.locator('.ant-table-row').first().locator('button.ant-btn-dangerous, button:has(.anticon-delete)').first();

  await step(page, '07-cancelar', async () => {
    await deleteButton().click();
    const box = confirmBox(page);
    await box.waitFor();
    assert.match(await box.innerText(), /excluir/i);
    await shot(page, 'confirmar-exclusao-desktop');
    await box.getByRole('button', { name: /^cancelar$/i }).click();
    await box.waitFor({ state: 'hidden' });
    // Nothing changed.
    await page.waitForTimeout(500);
    assert.equal(await listTotal(page), total);
    assert.equal(await page.locator('.ant-table-row').first().getAttribute('data-row-key'), firstRow);
    assert.equal(await toasts(page).count(), 0, 'cancelar não deveria mostrar toast');
  });

  await step(page, '07-confirmar', async () => {
    await deleteButton().click();
    const box = confirmBox(page);
    await box.waitFor();
    await box.getByRole('button', { name: /^(excluir|ok|confirmar)$/i }).click();
    const toast = toasts(page).first();
    await toast.waitFor({ timeout: 10_000 });
    const tb = await toast.boundingBox();
    const vw = page.viewportSize().width;
    assert.ok(tb && vw - (tb.x + tb.width) <= 40 && tb.y <= 60, `toast fora do canto superior direito: ${JSON.stringify(tb)}`);
    assert.match(await toast.innerText(), /exclu|removid|sucesso/i);
    await shot(page, 'exclusao-toast-desktop');
    await eventually(async () => assert.equal(await listTotal(page), total - 1));
    // Goes away by itself within the 5 s timeout (+ margin).
    await toast.waitFor({ state: 'detached', timeout: 12_000 });
  });
});

test('sair de um formulário alterado pede confirmação: cancelar fica, confirmar sai', async () => {
  await step(page, '07-form', async () => {
    await goto(page, LIST);
    await page.getByRole('button', { name: /(^|\s)novo$/i }).click();
    await waitPath(page, (p) => p !== LIST);
    const formPath = pathOf(page);
    await page.locator('form input:not([type=hidden]):visible').first().fill('alteração não salva');

    const seen = [];
    page.on('dialog', (d) => {
      seen.push(d.message());
      if (seen.length === 1) void d.dismiss();
      else void d.accept();
    });
    await openMenuItem(page, 'Início');
    await page.waitForTimeout(500);
    assert.equal(seen.length, 1, 'sair do formulário alterado não pediu confirmação');
    assert.doesNotMatch(seen[0], /\b(are you sure|unsaved|leave)\b/i, `confirmação em inglês: "${seen[0]}"`);
    assert.equal(pathOf(page), formPath, 'cancelar deveria manter o usuário no formulário');

    await openMenuItem(page, 'Início');
    await waitPath(page, '/obras');
    assert.equal(seen.length, 2);
  });
});
