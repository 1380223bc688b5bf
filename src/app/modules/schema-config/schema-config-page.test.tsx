/**
 * "Configurar entidade" against the real API in-process (MSW → Hono → PGlite), as the
 * administrator: the server's pt-BR refusal on the field, a custom field with diff and list
 * preview, a label change and its undo from the history; a staff user sees no entity to configure.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { resetEffectiveSchemas, schemaByName } from '../../../../schemas';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { renderViews, TEST_API_URL } from '../../../../tests/app/test-utils';
import { SchemaConfigPage } from './schema-config-page';
import { CNPJ } from '../../../server/seed/demo-empresas';

const ctx = useInProcessApi('admin@portal.local');
const T = { timeout: 30_000 };
afterAll(() => resetEffectiveSchemas());

const routes = [
  <Route key="i" path="/admin/entidades" element={<SchemaConfigPage apiUrl={TEST_API_URL} />} />,
  <Route key="r" path="/admin/entidades/:resource" element={<SchemaConfigPage apiUrl={TEST_API_URL} />} />,
];

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const drawer = () => screen.getByRole('dialog');
/** Click "Salvar" (its name keeps antd's loading icon label while the icon's exit motion runs in jsdom). */
const save = async () => fireEvent.click(within(drawer()).getByRole('button', { name: /Salvar$/ }));

describe('SchemaConfigPage', () => {
  it('adds a custom field (server errors on the field, diff, list preview), then changes a label and undoes it', async () => {
    renderViews({ schemas: [], path: '/admin/entidades/obras', routes });
    await screen.findByText('Configurar entidade: Obras', undefined, T);
    const fieldsTable = screen.getByRole('table', { name: 'Campos' });
    expect(within(fieldsTable).getByText('Tipo de obra')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Novo campo/ }));
    await screen.findByText('Nome interno');
    type('Nome interno', 'responsavel');
    type('Rótulo', 'Responsável técnico');
    // The client check warns before sending; the server's message lands on the field.
    expect(await within(drawer()).findByText('Esta alteração será recusada')).toBeTruthy();
    await save();
    await waitFor(() => expect(within(drawer()).getAllByText(/começa com "cx"/).length).toBeGreaterThanOrEqual(2), T);

    type('Nome interno', 'cxResponsavelTecnico');
    await waitFor(() => expect(within(drawer()).queryByText('Esta alteração será recusada')).toBeNull());
    const diff = within(drawer()).getByRole('table', { name: 'Alteração pendente' });
    expect(within(diff).getAllByText('(campo novo)').length).toBeGreaterThan(0);
    fireEvent.click(within(drawer()).getByRole('tab', { name: 'Lista' }));
    const preview = await within(drawer()).findByRole('table', { name: 'Pré-visualização da lista' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .some((h) => h.textContent === 'Responsável técnico'),
    ).toBe(true);
    await save();
    await screen.findByText('Campo criado.', undefined, T);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Campos' })).getByText('cxResponsavelTecnico')).toBeTruthy(), T);
    expect(schemaByName('obra')!.fields.find((f) => f.name === 'cxResponsavelTecnico')).toMatchObject({ label: 'Responsável técnico', list: true });

    fireEvent.click(screen.getByRole('button', { name: 'Editar CEP' }));
    await screen.findByText('Editar campo: CEP');
    type('Rótulo', 'CEP da obra');
    const change = within(drawer()).getByRole('table', { name: 'Alteração pendente' });
    const cells = [...within(change).getByText('Rótulo').closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['CEP da obra', 'Rótulo', 'CEP', 'CEP da obra']);
    await save();
    await screen.findByText('Campo atualizado.', undefined, T);
    await waitFor(() => expect(schemaByName('obra')!.fields.find((f) => f.name === 'cep')!.label).toBe('CEP da obra'), T);

    const history = screen.getByRole('table', { name: 'Histórico' });
    await within(history).findByText(/rótulo: CEP da obra/, undefined, T);
    const row = within(history)
      .getByText(/rótulo: CEP da obra/)
      .closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Desfazer' }));
    const confirm = (await screen.findByText('Desfazer esta alteração?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /Desfazer/ }));
    await screen.findByText('Alteração desfeita.', undefined, T);
    await waitFor(() => expect(schemaByName('obra')!.fields.find((f) => f.name === 'cep')!.label).toBe('CEP'), T);
    const stored = (await (await ctx.mock.api.request('/api/v1/schemas/obras/history', { as: 'admin@portal.local' })).json()) as {
      change: { op: string; patch?: { label?: string } };
    }[];
    expect(stored[0].change).toEqual({ op: 'patchField', name: 'cep', patch: { label: 'CEP' } });
  }, 90_000);

  it('creates a field kept in the JSON extras, removes it and purges its data after telling how many records have a value', async () => {
    renderViews({ schemas: [], path: '/admin/entidades/obras', routes });
    await screen.findByText('Configurar entidade: Obras', undefined, T);
    fireEvent.click(screen.getByRole('button', { name: /Novo campo/ }));
    await screen.findByText('Nome interno');
    type('Nome interno', 'cxVistoriaExtra');
    type('Rótulo', 'Vistoria (extra)');
    fireEvent.click(within(drawer()).getByText('Campo JSON (extra)'));
    await waitFor(() => expect(within(drawer()).getAllByText('Campo JSON (extra)').length).toBeGreaterThanOrEqual(2)); // radio and diff
    fireEvent.click(within(drawer()).getByRole('switch', { name: /^Só equipe interna/ }));
    await waitFor(() => expect(within(within(drawer()).getByRole('table', { name: 'Alteração pendente' })).getByText('Só equipe interna')).toBeTruthy());
    await save();
    await screen.findByText('Campo criado.', undefined, T);
    await waitFor(() => expect(schemaByName('obra')!.fields.find((f) => f.name === 'cxVistoriaExtra')).toMatchObject({ storage: 'json', internal: true }), T);
    const rowOf = () =>
      within(screen.getByRole('table', { name: 'Campos' }))
        .getByText('cxVistoriaExtra')
        .closest('tr')!;
    expect(within(rowOf()).getByText('JSON')).toBeTruthy();
    expect(within(rowOf()).getByText('Só equipe interna')).toBeTruthy();

    const created = await ctx.mock.api.request('/api/v1/obras', {
      as: 'admin@portal.local',
      method: 'POST',
      json: { Id_Lista: '9301', nome: 'Obra 9301', cliente: CNPJ.clienteDemo, status: 'Planejamento', cxVistoriaExtra: 'feita' },
    });
    expect(created.status).toBe(201);

    fireEvent.click(within(rowOf()).getByRole('button', { name: 'Remover' }));
    const remove = (await screen.findByText('Remover o campo "Vistoria (extra)"?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(remove).getByRole('button', { name: /Remover/ }));
    await screen.findByText('Campo "Vistoria (extra)" removido.', undefined, T);
    await waitFor(() => expect(within(rowOf()).getByText('Removido')).toBeTruthy(), T);

    fireEvent.click(within(rowOf()).getByRole('button', { name: 'Excluir definitivamente os dados' }));
    const purge = (await screen.findByText('Excluir definitivamente os dados de "Vistoria (extra)"?')).closest('.ant-popover') as HTMLElement;
    await within(purge).findByText(
      /^1 registro tem valor neste campo\. Os valores de "Vistoria \(extra\)" serão apagados e não há como desfazer/,
      undefined,
      T,
    );
    fireEvent.click(within(purge).getByRole('button', { name: /Excluir definitivamente/ }));
    await screen.findByText('Dados do campo "Vistoria (extra)" excluídos definitivamente.', undefined, T);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Campos' })).queryByText('cxVistoriaExtra')).toBeNull(), T);
    const history = screen.getByRole('table', { name: 'Histórico' });
    const purged = (await within(history).findByText(/"Vistoria \(extra\)" excluído definitivamente/, undefined, T)).closest('tr')!;
    expect(within(purged).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    const stored = (await (await ctx.mock.api.request('/api/v1/schemas/obras/history', { as: 'admin@portal.local' })).json()) as { change: unknown }[];
    expect(stored[0].change).toEqual({ op: 'purgeField', name: 'cxVistoriaExtra' });
  }, 90_000);

  it("shows a table's sub-fields under it and adds an answer type to the checklist items", async () => {
    renderViews({ schemas: [], path: '/admin/entidades/checklist-templates-field', routes });
    await screen.findByText(/^Configurar entidade: Modelos de checklist/, undefined, T);
    const fieldsTable = screen.getByRole('table', { name: 'Campos' });
    const itens = within(fieldsTable).getByText('itens').closest('tr')!;
    fireEvent.click(within(itens).getByRole('button', { name: /expandir/i }));
    fireEvent.click(await within(fieldsTable).findByRole('button', { name: 'Editar Tipo de resposta' }));
    await screen.findByText('Editar campo: Itens do checklist › Tipo de resposta');
    // Only what a sub-field may change.
    expect(within(drawer()).queryByLabelText('Grupo no formulário')).toBeNull();
    expect(within(drawer()).queryByRole('switch')).toBeNull();
    const add = within(drawer()).getByLabelText('Acrescentar opções');
    fireEvent.change(add, { target: { value: 'Medição (MΩ)' } });
    fireEvent.keyDown(add, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const diff = within(drawer()).getByRole('table', { name: 'Alteração pendente' });
    await within(diff).findByText('Itens do checklist › Tipo de resposta');
    await save();
    await screen.findByText('Campo atualizado.', undefined, T);
    const tipo = () =>
      schemaByName('checklistTemplateField')!
        .fields.find((f) => f.name === 'itens')!
        .fields!.find((f) => f.name === 'tipoResposta')!;
    await waitFor(() => expect(tipo().options).toContain('Medição (MΩ)'), T);
    const history = screen.getByRole('table', { name: 'Histórico' });
    expect(await within(history).findByText('Campo "Itens do checklist › Tipo de resposta": opções acrescentadas: Medição (MΩ)', undefined, T)).toBeTruthy();
    const stored = (await (await ctx.mock.api.request('/api/v1/schemas/checklist-templates-field/history', { as: 'admin@portal.local' })).json()) as {
      change: unknown;
    }[];
    expect(stored[0].change).toEqual({ op: 'patchField', name: 'itens.tipoResposta', patch: { addOptions: ['Medição (MΩ)'] } });
  }, 90_000);

  it('lists only the entities the user administers', async () => {
    ctx.mock.api.addUser({ email: 'obra.staff@portal.local', roles: ['obra'] });
    ctx.mock.setUser('obra.staff@portal.local');
    renderViews({ schemas: [], path: '/admin/entidades/obras', routes });
    expect(await screen.findByText('Só os administradores desta entidade podem configurá-la.', undefined, T)).toBeTruthy();
  }, 60_000);
});
