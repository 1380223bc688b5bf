// Scenario 18 — run-time configuration of an entity (issue 15): the administrator opens
// "Configurar entidade" for Obras, adds a custom text field (shown in the list) and an option to
// "Tipo de obra", and saves both; then, in the same running portal, a staff user (sm@portal.local:
// reads every site, no schema rights) sees the new column in "Todas as obras", the new option in
// the list filter, and a custom field added to the daily report in their "Novo diário" form; the
// administrator's "Nova obra" form has the field and the option (no demo staff account other than
// the administrator may create sites).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, goto, launch, loginStaff, newPage, PHONE, shot, step } from './helpers.mjs';

const FIELD = `cxEngenheiro${Date.now().toString(36).toUpperCase()}`;
const LABEL = 'Engenheiro responsável';
const OPTION = 'Hospitalar';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('o administrador acrescenta um campo e uma opção em Obras; um colaborador os vê na lista e no formulário', async () => {
  const admin = await newPage(browser);
  await step(admin, '18-login-admin', () => loginStaff(admin, 'admin@portal.local'));

  await step(admin, '18-novo-campo', async () => {
    await goto(admin, '/admin/entidades');
    await admin.getByRole('link', { name: 'Obras', exact: true }).click();
    await admin.getByText('Configurar entidade: Obras').waitFor();
    await shot(admin, 'configurar-entidade-desktop');
    await admin.getByRole('button', { name: /Novo campo/ }).click();
    const drawer = admin.locator('.ant-drawer-content');
    await drawer.getByLabel('Nome interno').fill(FIELD);
    await drawer.getByLabel('Rótulo', { exact: true }).fill(LABEL);
    await drawer.getByRole('tab', { name: 'Lista' }).click();
    await drawer.getByRole('table', { name: 'Pré-visualização da lista' }).getByRole('columnheader', { name: LABEL }).first().waitFor();
    await shot(admin, 'configurar-entidade-novo-campo');
    await drawer.getByRole('button', { name: /Salvar$/ }).click();
    await admin.getByText('Campo criado.').first().waitFor();
    await admin.getByRole('table', { name: 'Campos' }).getByText(FIELD).waitFor();
  });

  await step(admin, '18-nova-opcao', async () => {
    await admin.getByRole('button', { name: 'Editar Tipo de obra' }).click();
    const drawer = admin.locator('.ant-drawer-content');
    const add = drawer.getByLabel('Acrescentar opções');
    await add.fill(OPTION);
    await add.press('Enter');
    const diff = drawer.getByRole('table', { name: 'Alteração pendente' });
    await diff
      .getByText(new RegExp(`${OPTION}$`))
      .first()
      .waitFor();
    await shot(admin, 'configurar-entidade-diff');
    await drawer.getByRole('button', { name: /Salvar$/ }).click();
    await admin.getByText('Campo atualizado.').first().waitFor();
    await admin.getByRole('table', { name: 'Histórico' }).getByText(`opções acrescentadas: ${OPTION}`).waitFor();
    await shot(admin, 'configurar-entidade-historico');
  });

  const staff = await newPage(browser);
  await step(staff, '18-login-colaborador', () => loginStaff(staff, 'sm@portal.local'));

  await step(staff, '18-colaborador-lista', async () => {
    const schemas = await apiGet(staff, '/api/v1/schemas');
    assert.equal(schemas.status, 200);
    assert.ok(!schemas.body.configurable.includes('obras'), 'sm@portal.local não deveria configurar Obras');
    const obra = schemas.body.schemas.find((s) => s.resource === 'obras');
    assert.ok(obra.fields.some((f) => f.name === FIELD));
    await goto(staff, '/todas-obras');
    await staff.getByRole('columnheader', { name: LABEL }).first().waitFor();
    await staff.getByLabel('Filtro de Tipo de obra').first().click();
    const dropdown = staff.locator('.ant-table-filter-dropdown:visible');
    await dropdown.waitFor();
    await dropdown.getByRole('combobox').first().click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${OPTION}$`) })
      .first()
      .waitFor();
    await shot(staff, 'configurar-entidade-colaborador-lista');
    await staff.keyboard.press('Escape');
  });

  await step(admin, '18-campo-no-diario', async () => {
    // A custom field on the daily report (via the same API the screen uses), which the site manager fills.
    const added = await admin.evaluate(
      async ({ name, label }) => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
        const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'content-type': 'application/json' };
        const { versions } = await (await fetch('/api/v1/schemas', { headers })).json();
        const res = await fetch('/api/v1/schemas/diarios/fields', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, kind: 'text', label, version: versions.diarios ?? 0 }),
        });
        return res.status;
      },
      { name: `${FIELD}Rdo`, label: 'Responsável pela frente' },
    );
    assert.equal(added, 201);
  });

  await step(staff, '18-colaborador-formulario', async () => {
    await goto(staff, '/101/diarios/novo');
    await staff.getByLabel('Responsável pela frente').waitFor();
    await shot(staff, 'configurar-entidade-colaborador-formulario');
  });

  await step(admin, '18-formulario', async () => {
    await goto(admin, '/obra');
    await admin.getByLabel(LABEL).waitFor();
    await admin.getByLabel('Tipo de obra').click({ force: true });
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${OPTION}$`) })
      .first()
      .waitFor();
    await shot(admin, 'configurar-entidade-formulario');
  });
});

test('da lista, o administrador cria um campo no JSON de extras, o preenche, o remove e exclui os dados', async () => {
  const NAME = `cxLacre${Date.now().toString(36).toUpperCase()}`;
  const TITLE = 'Número do lacre';
  const admin = await newPage(browser);
  await step(admin, '18b-login-admin', () => loginStaff(admin, 'admin@portal.local'));

  await step(admin, '18b-lista-configurar', async () => {
    await goto(admin, '/todas-obras');
    // The list header's link (the menu has "Configurar entidades" too, on every page of the layout).
    await admin.getByRole('link', { name: /Configurar entidade$/ }).click();
    await admin.getByText('Configurar entidade: Obras').waitFor();
  });

  await step(admin, '18b-campo-json', async () => {
    await admin.getByRole('button', { name: /Novo campo/ }).click();
    const drawer = admin.locator('.ant-drawer-content');
    await drawer.getByLabel('Nome interno').fill(NAME);
    await drawer.getByLabel('Rótulo', { exact: true }).fill(TITLE);
    await drawer.locator('label.ant-radio-button-wrapper', { hasText: 'Campo JSON (extra)' }).click();
    await shot(admin, 'configurar-entidade-campo-json');
    await drawer.getByRole('button', { name: /Salvar$/ }).click();
    await admin.getByText('Campo criado.').first().waitFor();
    const row = admin.getByRole('table', { name: 'Campos' }).getByRole('row').filter({ hasText: NAME });
    await row.getByText('JSON', { exact: true }).waitFor();
  });

  await step(admin, '18b-valor', async () => {
    // A site with a value in the new field, through the API the forms use.
    const status = await admin.evaluate(async (name) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'content-type': 'application/json' };
      const [site] = await (await fetch('/api/v1/obras?Id_Lista=101', { headers })).json();
      const res = await fetch(`/api/v1/obras/${site.id}`, { method: 'PATCH', headers, body: JSON.stringify({ version: site.version, [name]: 'L-0042' }) });
      const saved = await res.json();
      return `${res.status} ${saved[name]}`;
    }, NAME);
    assert.equal(status, '200 L-0042');
  });

  await step(admin, '18b-remover-e-excluir', async () => {
    const fields = admin.getByRole('table', { name: 'Campos' });
    await fields.getByRole('row').filter({ hasText: NAME }).getByRole('button', { name: 'Remover' }).click();
    await admin.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Remover' }).click();
    await admin.getByText(`Campo "${TITLE}" removido.`).first().waitFor();
    await fields.getByRole('row').filter({ hasText: NAME }).getByRole('button', { name: 'Excluir definitivamente os dados' }).click();
    const confirm = admin.locator('.ant-popconfirm:visible');
    await confirm.getByText(/1 registro/).waitFor();
    await shot(admin, 'configurar-entidade-excluir-dados');
    await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await fields.getByRole('row').filter({ hasText: NAME }).waitFor({ state: 'detached' });
    await shot(admin, 'configurar-entidade-apos-exclusao');
  });

  const phone = await newPage(browser, { viewport: PHONE });
  await step(phone, '18b-telefone', async () => {
    await loginStaff(phone, 'admin@portal.local');
    await goto(phone, '/admin/entidades/obras');
    await phone.getByText('Configurar entidade: Obras').waitFor();
    await phone.getByRole('table', { name: 'Campos' }).waitFor();
    await shot(phone, 'configurar-entidade-telefone');
  });
});
