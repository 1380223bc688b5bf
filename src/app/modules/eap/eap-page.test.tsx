/**
 * The EAP editor (/:obra/automacao/config) against the real API in-process, as the automation
 * configurator of sites 101 and 103 (automacao, automacao_config): the tree from one request,
 * editing an item in the side panel, a new sub-item with the next code, moving it under another
 * item, deleting, the weights warning, the API's errors on the form, read-only people, phone width,
 * the lists' "Importar planilha" for who may import (an MS Project schedule included).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { EapPage } from './eap-page';

const AUTOMACAO = 'automacao@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(AUTOMACAO);

const page = (user = AUTOMACAO, path = '/103/automacao/config') =>
  renderViews({
    schemas: [],
    path,
    routes: <Route path="/:obra/automacao/config" element={<EapPage area="AUTOMACAO" />} />,
    user: DEMO_USERS[user],
  });

const tree = () => screen.getByRole('tree', { name: 'EAP (Automação)' });
/** The tree node whose title starts with this code. */
const nodeTitle = async (codigo: string) => {
  await screen.findByRole('tree', { name: 'EAP (Automação)' }, T);
  return waitFor(() => {
    const el = [...tree().querySelectorAll<HTMLElement>('.ant-tree-title')].find((e) => e.textContent?.startsWith(`${codigo} — `));
    if (!el) throw new Error(`nó ${codigo} ausente`);
    return el;
  }, T);
};
const titles = () => [...tree().querySelectorAll('.ant-tree-title')].map((e) => e.textContent?.split(' — ')[0]);
const writes = (method: string) => t.requests.filter((r) => r.method === method && r.url.pathname.startsWith('/api/v1/eap-os'));

async function api<R = Record<string, unknown>>(path: string): Promise<R> {
  const res = await t.mock.api.request(path, { as: 'admin@portal.local' });
  return (await res.json()) as R;
}
const idOf = async (codigo: string) => (await api<{ id: number }[]>(`/api/v1/eap-os?obra=103&area=AUTOMACAO&codigo=${codigo}`))[0].id;

describe('EAP editor', { timeout: 120_000 }, () => {
  it("shows the site's EAP of the area as a tree, from one request, with the weights per level", async () => {
    page();
    const ied = await nodeTitle('3.1');
    expect(ied.textContent).toMatch(/^3\.1 — Configuração de IEDs · peso 55% · 05\/05–18\/07\/2025/);
    expect((await nodeTitle('3')).textContent).toMatch(/^3 — Automação da subestação · peso 100%/);
    expect(titles()).toEqual(['3', '3.1', '3.2']);
    // 3.1 and 3.2 sit under 3, one level in.
    const depth = async (codigo: string) => (await nodeTitle(codigo)).closest('.ant-tree-treenode')!.querySelectorAll('.ant-tree-indent-unit').length;
    expect([await depth('3'), await depth('3.1'), await depth('3.2')]).toEqual([0, 1, 1]);
    expect(within(tree()).getByText('Subitens: 100%')).toBeInTheDocument();
    expect(screen.getByText('Raiz: 100%')).toBeInTheDocument();
    expect(screen.queryByText('Os pesos destes níveis não somam 100%:')).toBeNull();
    // Site 103's FIELD items and site 101's items are other EAPs.
    expect(screen.queryByText(/Inspeções de campo/)).toBeNull();
    const gets = t.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/eap-os');
    expect(gets).toHaveLength(1);
    const q = gets[0].url.searchParams;
    expect([q.get('obra'), q.get('area'), q.get('_start'), q.get('_end'), q.get('_sort'), q.get('_order')]).toEqual([
      '103',
      'AUTOMACAO',
      '0',
      '1000',
      'codigo',
      'asc',
    ]);
  });

  it('edits the selected item in the side panel; the level whose weights stop adding up is flagged', async () => {
    page();
    fireEvent.click(await nodeTitle('3.1'));
    const form = await screen.findByRole('form', { name: 'Dados do item' }, T);
    await waitFor(() => expect(within(form).getByLabelText('Descrição')).toHaveValue('Configuração de IEDs'), T);
    const peso = within(form).getByLabelText('Peso (%)');
    fireEvent.change(peso, { target: { value: '50' } });
    fireEvent.blur(peso);
    const save = within(form).getByRole('button', { name: /Salvar/ });
    await waitFor(() => expect(save).toBeEnabled(), T);
    fireEvent.click(save);
    await waitFor(() => expect(writes('PATCH')).toHaveLength(1), T);
    expect(writes('PATCH')[0].body).toMatchObject({ peso: 50, version: 1, codigo: '3.1', descricao: 'Configuração de IEDs' });
    expect(writes('PATCH')[0].body).not.toHaveProperty('pai');
    await waitFor(() => expect(screen.getAllByText(/^3\.1 — /)[0].textContent).toMatch(/peso 50%/), T);
    const warning = await screen.findByText('Os pesos destes níveis não somam 100%:', {}, T);
    expect(warning.closest('.ant-alert')!.textContent).toContain('Abaixo de 3 — Automação da subestação: 95%');
    expect(within(tree()).getByText('Subitens: 95%')).toBeInTheDocument();
  });

  it('adds a sub-item with the next code of its level, then moves it under another item', async () => {
    page();
    fireEvent.click(await nodeTitle('3'));
    fireEvent.click(await screen.findByRole('button', { name: /Novo subitem/ }, T));
    const form = await screen.findByRole('form', { name: 'Novo item' }, T);
    expect(within(form).getByLabelText('Código')).toHaveValue('3.3');
    fireEvent.change(within(form).getByLabelText('Descrição'), { target: { value: 'Testes de integração' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1), T);
    const root3 = await idOf('3');
    expect(writes('POST')[0].body).toMatchObject({ area: 'AUTOMACAO', obra: '103', pai: root3, codigo: '3.3', descricao: 'Testes de integração' });
    // The new item is selected and listed in code order.
    await screen.findByRole('form', { name: 'Dados do item' }, T);
    await waitFor(() => expect(titles()).toEqual(['3', '3.1', '3.2', '3.3']), T);

    fireEvent.click(screen.getByRole('button', { name: /Mover/ }));
    const dialog = await screen.findByRole('dialog', { name: /Mover 3\.3 — Testes de integração/ }, T);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find((e) => e.textContent === '3.1 — Configuração de IEDs');
      if (!el) throw new Error('opção 3.1 ausente');
      return el;
    }, T);
    fireEvent.click(option);
    await within(dialog).findByText(/O item passa a 3\.1\.1\. Os códigos dos demais itens não mudam\./, {}, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mover' }));
    await waitFor(() => expect(writes('PATCH')).toHaveLength(1), T);
    expect(writes('PATCH')[0].body).toEqual({ version: 1, pai: await idOf('3.1'), codigo: '3.1.1' });
    await waitFor(() => expect(titles()).toEqual(['3', '3.1', '3.1.1', '3.2']), T);
  });

  it('deletes only items without items below them, after confirmation', async () => {
    page();
    fireEvent.click(await nodeTitle('3.1'));
    await screen.findByRole('form', { name: 'Dados do item' }, T);
    // 3.1 has 3.1.1 below it (previous test).
    expect(screen.getByRole('button', { name: /Excluir/ })).toBeDisabled();
    fireEvent.click(await nodeTitle('3.1.1'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Excluir/ })).toBeEnabled(), T);
    fireEvent.click(screen.getByRole('button', { name: /Excluir/ }));
    const confirm = await screen.findByText('Excluir o item 3.1.1?', {}, T);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1), T);
    await waitFor(() => expect(titles()).toEqual(['3', '3.1', '3.2']), T);
    expect(screen.getByText('Selecione um item da árvore para ver e editar os dados.')).toBeInTheDocument();
  });

  it('dragging an item onto another proposes the move under it, with the next code there', async () => {
    page();
    const source = (await nodeTitle('3.2')).closest('.ant-tree-treenode') as HTMLElement;
    const target = (await nodeTitle('3.1')).closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.dragStart(source.querySelector('.ant-tree-node-content-wrapper')!);
    fireEvent.dragEnter(target.querySelector('.ant-tree-node-content-wrapper')!);
    fireEvent.dragOver(target.querySelector('.ant-tree-node-content-wrapper')!);
    fireEvent.drop(target.querySelector('.ant-tree-node-content-wrapper')!);
    const dialog = await screen.findByRole('dialog', { name: /Mover 3\.2 — Telas do SCADA/ }, T);
    expect(within(dialog).getByText(/O item passa a 3\.1\.1\./)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(writes('PATCH')).toHaveLength(0);
  });

  it("shows the API's refusal on the field: a code the EAP already has", async () => {
    page();
    await nodeTitle('3');
    fireEvent.click(screen.getByRole('button', { name: /Novo item na raiz/ }));
    const form = await screen.findByRole('form', { name: 'Novo item' }, T);
    expect(within(form).getByLabelText('Código')).toHaveValue('4');
    fireEvent.change(within(form).getByLabelText('Código'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Descrição'), { target: { value: 'Outra raiz' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await within(form).findByText('Já existe um item com este código nesta EAP.', {}, T);
    expect(titles()).toEqual(['3', '3.1', '3.2']);
  });

  it('offers "Importar planilha" of the lists to an administrator, which opens the import of EAP items', async () => {
    t.mock.setUser('admin@portal.local');
    page('admin@portal.local');
    await nodeTitle('3');
    const button = screen.getByRole('button', { name: 'Importar planilha' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Importar planilha — EAP (Field e automação)' }, T);
    // The same dialog takes MS Project's XML for this site and area: no site to pick.
    expect(within(dialog).getByText(/salvo como XML/)).toBeInTheDocument();
    expect(dialog.querySelector('input[type="file"]')!.getAttribute('accept')).toBe('.xlsx,.csv,.txt,.xml');
    expect(within(dialog).queryByLabelText('Obra do cronograma')).toBeNull();
  });

  it('offers no changes to who may only read the EAP', async () => {
    t.mock.setUser('controladoria@portal.local');
    page('controladoria@portal.local');
    fireEvent.click(await nodeTitle('3.2'));
    const form = await screen.findByRole('form', { name: 'Dados do item' }, T);
    await waitFor(() => expect(within(form).getByLabelText('Descrição')).toHaveValue('Telas do SCADA'), T);
    expect(within(form).getByLabelText('Descrição')).toBeDisabled();
    for (const name of [/Novo item na raiz/, /Novo subitem/, /Mover/, /Excluir/, /Salvar/, /Importar planilha/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(tree().querySelector('[draggable="true"]')).toBeNull();
  });

  it('at phone width opens the item in a drawer over the tree', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      page();
      expect(screen.queryByText('Selecione um item da árvore para ver e editar os dados.')).toBeNull();
      fireEvent.click(await nodeTitle('3.2'));
      const drawer = await screen.findByRole('dialog', { name: '3.2 — Telas do SCADA' }, T);
      await waitFor(() => expect(within(drawer).getByLabelText('Descrição')).toHaveValue('Telas do SCADA'), T);
      expect(within(drawer).getByRole('button', { name: /Novo subitem/ })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});
