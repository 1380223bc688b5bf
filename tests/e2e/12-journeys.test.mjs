// Scenario 12 — role journeys, on desktop and at 390 px: the site manager writes an RDO from the
// site's home (site locked, number given by the server); post-sales answers a ticket and records a
// cost (total updated); the field technician opens a work order and adds its daily report (an
// activity's EAP item picked from the site's EAP) and a checklist from it; the administrator
// uploads into a library folder that a reader may only read.
// Screenshots of each screen at both widths.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, DESKTOP, PHONE, eventually, goto, launch, loginStaff, newPage, shot, step, waitPath, noSidewaysScroll } from './helpers.mjs';

const TOKEN = `J${Date.now().toString(36)}`;
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const region = (page, name) => page.getByRole('region', { name });
const dialog = (page) => page.locator('.ant-modal-wrap:visible .ant-modal');

for (const [viewport, label] of [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
]) {
  test(`site manager escreve o RDO a partir da obra (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    await step(page, `12-sm-obra-${label}`, async () => {
      await loginStaff(page, 'sm@portal.local');
      await goto(page, '/obras/101');
      await page.getByRole('tab', { name: 'Diários (RDO)' }).waitFor();
      await page.getByText('Prazo decorrido').first().waitFor();
      await shot(page, `jornada-sm-obra-${label}`);
      if (label === 'phone') await noSidewaysScroll(page, 'a página da obra');
    });
    await step(page, `12-sm-rdo-${label}`, async () => {
      const tab = page.getByRole('tabpanel');
      await tab.getByRole('button', { name: /Novo$/ }).click();
      const form = dialog(page);
      await form.getByText('Novo diário de obra').waitFor();
      // The site is the site's, locked; the site manager is the signed-in user.
      assert.equal(await form.locator('.ant-select-disabled').filter({ hasText: '101' }).count(), 1, 'a obra não veio preenchida e travada');
      assert.equal(await form.getByLabel('Site manager: e-mail').inputValue(), 'sm@portal.local');
      // One report per site per day: each width writes its own day.
      const date = form.getByLabel('Data', { exact: true });
      await date.click();
      await date.fill(label === 'phone' ? '10/11/2026' : '11/11/2026');
      await date.press('Enter');
      await form.getByLabel('Ocorrências').fill(`${TOKEN} ${label} — concretagem da laje do mezanino`);
      await shot(page, `jornada-sm-rdo-novo-${label}`);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await eventually(async () => assert.equal(await dialog(page).count(), 0), { timeout: 20_000 });
      const saved = await apiGet(page, `/api/v1/diarios?obra=101&ocorrencias_like=${TOKEN}%20${label}`);
      assert.equal(saved.body.length, 1, 'o RDO não foi gravado');
      assert.ok(saved.body[0].numero > 0, 'o RDO não recebeu número');
      await page
        .getByRole('tabpanel')
        .getByText(new RegExp(`${saved.body[0].numero}`))
        .first()
        .waitFor();
      await shot(page, `jornada-sm-rdo-salvo-${label}`);
    });
    await page.context().close();
  });

  test(`pós-venda responde o ticket e registra um custo (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    let id;
    await step(page, `12-pv-ticket-${label}`, async () => {
      await loginStaff(page, 'posvendas@portal.local');
      const list = await apiGet(page, '/api/v1/posvendas?_end=1&status_ne=Conclu%C3%ADdo');
      id = list.body[0].id;
      await goto(page, `/posvendas/${id}`);
      await region(page, /Interações/).waitFor();
      await shot(page, `jornada-posvenda-ticket-${label}`);
      if (label === 'phone') await noSidewaysScroll(page, 'o ticket');
    });
    await step(page, `12-pv-interacao-${label}`, async () => {
      await region(page, /Interações/)
        .getByRole('button', { name: 'Nova interação' })
        .click();
      const form = dialog(page);
      await form.getByLabel('Texto').fill(`${TOKEN} ${label}: técnico agendado para quinta-feira.`);
      await shot(page, `jornada-posvenda-interacao-${label}`);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await region(page, /Interações/)
        .getByText(`${TOKEN} ${label}: técnico agendado`)
        .waitFor({ timeout: 20_000 });
    });
    await step(page, `12-pv-custo-${label}`, async () => {
      const costs = region(page, /Custos/);
      const totalText = async () => (await costs.getByText(/Valor total/).textContent()) ?? '';
      await eventually(async () => assert.match(await totalText(), /R\$/));
      const before = await totalText();
      await costs.getByRole('button', { name: /Novo$/ }).click();
      const form = dialog(page);
      await form.getByLabel('Descrição').fill(`${TOKEN} deslocamento ${label}`);
      await form.getByLabel('Valor').fill('250,75');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await costs.getByText(`${TOKEN} deslocamento ${label}`).waitFor({ timeout: 20_000 });
      await eventually(async () => assert.notEqual(await totalText(), before), { timeout: 10_000 });
      await shot(page, `jornada-posvenda-custo-${label}`);
    });
    await page.context().close();
  });

  test(`técnico de campo abre a OS, registra o diário e um checklist (${label})`, async () => {
    const page = await newPage(browser, { viewport });
    await step(page, `12-field-os-${label}`, async () => {
      await loginStaff(page, 'field@portal.local');
      const list = await apiGet(page, '/api/v1/os-field?obra=101&_end=1');
      assert.equal(list.status, 200);
      await goto(page, `/101/ordensServico/field/${list.body[0].id}`);
      await region(page, /Diários da OS/).waitFor();
      await shot(page, `jornada-field-os-${label}`);
      if (label === 'phone') await noSidewaysScroll(page, 'a ordem de serviço');
    });
    await step(page, `12-field-diario-${label}`, async () => {
      const reports = region(page, /Diários da OS/);
      // The section's title counts the reports the technician reads ("Diários da OS (N)").
      const shown = async () => Number((await reports.locator('.ant-card-head-title').first().innerText()).match(/\((\d+)\)/)?.[1] ?? NaN);
      await eventually(async () => assert.ok(Number.isInteger(await shown())), { timeout: 15_000 });
      const shownBefore = await shown();
      await reports.getByRole('button', { name: /Novo$/ }).click();
      const form = dialog(page);
      assert.equal(await form.locator('.ant-select-disabled').filter({ hasText: 'Campo' }).count(), 1, 'a área não veio travada em Campo (FIELD)');
      await form.getByLabel('Responsável pelo diário: e-mail').fill('field@portal.local');
      await form.getByLabel('Ocorrências').fill(`${TOKEN} ${label}: sensores instalados`);
      // Issue 23: the technician, who does not read the EAP itself, picks the activity's item from
      // a searchable list of the site's FIELD EAP (code — description).
      const atividades = form
        .locator('.ant-form-item')
        .filter({ has: page.locator('.ant-form-item-label label', { hasText: /^Atividades$/ }) })
        .first();
      await atividades.getByRole('button', { name: /Adicionar linha/ }).click();
      const picker = atividades.getByRole('combobox', { name: 'Item da EAP' });
      await picker.click();
      await picker.fill('inversores');
      const option = page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: '2.1 — Instalação de inversores' });
      await option.waitFor();
      await shot(page, `jornada-field-diario-eap-${label}`);
      if (label === 'phone') await noSidewaysScroll(page, 'a escolha do item da EAP');
      await option.click();
      await atividades.getByLabel('Descrição').fill(`${TOKEN} montagem de inversores`);
      await shot(page, `jornada-field-diario-novo-${label}`);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await eventually(async () => assert.equal(await dialog(page).count(), 0), { timeout: 20_000 });
      const saved = await apiGet(page, '/api/v1/diarios-os?obra=101&_sort=id&_order=desc&_end=1');
      assert.deepEqual(
        saved.body[0]?.atividades?.map((a) => a.eapCodigo),
        ['2.1'],
      );
      // Decision 30: whoever wrote a report reads it; it starts as a draft (Rascunho), by its writer.
      // (a table row on the desktop, a card without the situation on the phone)
      await eventually(async () => assert.equal(await shown(), shownBefore + 1), { timeout: 15_000 });
      // Its responsible person starts as its writer (issue 36), shown by name.
      await reports.getByText('Fábio Field').first().waitFor();
      if (label === 'desktop') await reports.locator('.ant-table-row').filter({ hasText: 'Fábio Field' }).filter({ hasText: 'Rascunho' }).first().waitFor();
    });
    await step(page, `12-field-checklist-${label}`, async () => {
      // From the work order to the fill screen, the order already chosen.
      await region(page, /Checklists/)
        .getByRole('link', { name: /Preencher/ })
        .click();
      await waitPath(page, (p) => p === '/101/checklist/field/preencher');
      const template = page.locator('#ck-template');
      await template.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByRole('radiogroup', { name: 'Conformidade do item 1' }).waitFor();
      // A non-conformity needs its description before anything is saved.
      await page.getByRole('radiogroup', { name: 'Conformidade do item 1' }).getByText('Não conforme').click();
      await page.getByRole('button', { name: /Salvar rascunho/ }).click();
      await page.getByText('Descreva a não conformidade.').first().waitFor();
      await shot(page, `jornada-field-checklist-erro-${label}`);
      await page.getByRole('radiogroup', { name: 'Conformidade do item 1' }).getByText('Conforme', { exact: true }).click();
      if (label === 'phone') await noSidewaysScroll(page, 'o preenchimento do checklist');
      await shot(page, `jornada-field-checklist-${label}`);
      await page.getByRole('button', { name: /Salvar rascunho/ }).click();
      await waitPath(page, (p) => /^\/checklists-field\/\d+$/.test(p), 20_000);
      await page.getByText('Em preenchimento').first().waitFor();
      await shot(page, `jornada-field-checklist-salvo-${label}`);
    });
    await page.context().close();
  });

  // A desk journey: at desktop width only (the library at 390 px is inspected and audited by scenario
  // 34's sweep of the administrator's menu at phone width).
  if (label === 'desktop')
    test(`biblioteca: o administrador envia para uma pasta que o leitor só consulta (${label})`, async () => {
      const FOLDER = 'Obra 101 — Projetos';
      const name = `${TOKEN}-${label}-memorial`;
      const admin = await newPage(browser, { viewport });
      let id;
      await step(admin, `12-bib-admin-${label}`, async () => {
        await loginStaff(admin, 'admin@portal.local');
        id = (await apiGet(admin, `/api/v1/diretorios?nome=${encodeURIComponent(FOLDER)}`)).body[0].id;
        await goto(admin, `/biblioteca?pasta=${id}`);
        await admin.getByRole('tree', { name: 'Pastas da biblioteca' }).waitFor();
        await admin.getByText('Somente leitura').waitFor();
        await admin
          .locator('.ant-upload input[type=file]')
          .setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%teste de envio\n') });
        await admin.locator('.ant-table').getByText(name, { exact: true }).waitFor({ timeout: 20_000 });
        await shot(admin, `jornada-biblioteca-admin-${label}`);
      });
      await admin.context().close();
      const reader = await newPage(browser, { viewport });
      await step(reader, `12-bib-leitor-${label}`, async () => {
        await loginStaff(reader, 'leitura@portal.local');
        await goto(reader, `/biblioteca?pasta=${id}`);
        await reader.locator('.ant-table').getByText(name, { exact: true }).waitFor({ timeout: 20_000 });
        await reader.getByText(/não enviar arquivos/).waitFor();
        assert.equal(await reader.locator('.ant-upload input[type=file]').count(), 0, 'o leitor pode enviar arquivos');
        assert.equal(await reader.getByRole('button', { name: /Renomear$/ }).count(), 0, 'o leitor pode renomear a pasta');
        await shot(reader, `jornada-biblioteca-leitor-${label}`);
      });
      await reader.context().close();
    });
}
