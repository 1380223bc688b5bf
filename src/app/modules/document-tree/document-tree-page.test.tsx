/**
 * The default library tree of new sites (/obra/documentacao) against the real API in-process:
 * the configured tree, renaming a folder and editing its access lists, a subfolder that starts with
 * its parent's lists, deleting a leaf; and the next site created gets exactly that tree.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { DocumentTreePage } from './document-tree-page';
import { CNPJ } from '../../../server/seed/demo-empresas';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

const page = () =>
  renderViews({ schemas: [], path: '/obra/documentacao', routes: <Route path="/obra/documentacao" element={<DocumentTreePage />} />, user: DEMO_USERS[ADMIN] });
const tree = () => screen.getByRole('tree', { name: 'Árvore de documentos' });
const node = async (title: string) => {
  await screen.findByRole('tree', { name: 'Árvore de documentos' }, T);
  return waitFor(() => within(tree()).getByText(title), T);
};
const writes = (method: string) => t.requests.filter((r) => r.method === method && r.url.pathname.startsWith('/api/v1/modelos-diretorio'));
async function api<R>(path: string, init: { method?: string; json?: unknown } = {}): Promise<R> {
  const res = await t.mock.api.request(path, { as: ADMIN, ...init });
  return (await res.json()) as R;
}

describe('Document tree configuration', { timeout: 120_000 }, () => {
  it('shows the configured tree; renames a folder and changes its access lists', async () => {
    page();
    await node('Obra {obra} — {nome}');
    fireEvent.click(await node('Projetos'));
    const form = await screen.findByRole('form', { name: 'Dados da pasta' }, T);
    await waitFor(() => expect(within(form).getByLabelText('Nome')).toHaveValue('Projetos'), T);
    // Its lists: tags per list, $cliente included.
    expect(within(form).getByText('$cliente')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: 'Projetos e revisões' } });
    fireEvent.click(within(form).getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(writes('PATCH')).toHaveLength(1), T);
    expect(writes('PATCH')[0].body).toMatchObject({
      version: 1,
      nome: 'Projetos e revisões',
      acesso: { full: ['admin_biblioteca'], uploadOnly: ['$cliente'] },
    });
    await node('Projetos e revisões');
  });

  it("adds a subfolder with its parent's lists, deletes a leaf, and a new site gets the tree", async () => {
    page();
    fireEvent.click(await node('Fotos de avanço'));
    await screen.findByRole('form', { name: 'Dados da pasta' }, T);
    fireEvent.click(screen.getByRole('button', { name: /Nova subpasta/ }));
    const form = await screen.findByRole('form', { name: 'Nova pasta' }, T);
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: 'Drone' } });
    fireEvent.click(within(form).getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1), T);
    const [fotos] = await api<{ id: number; acesso: unknown }[]>('/api/v1/modelos-diretorio?nome=Fotos%20de%20avan%C3%A7o');
    expect(writes('POST')[0].body).toMatchObject({ nome: 'Drone', pai: fotos.id, acesso: fotos.acesso });
    await node('Drone');
    // The parent now has a folder below it: no delete.
    fireEvent.click(await node('Fotos de avanço'));
    await screen.findByRole('form', { name: 'Dados da pasta' }, T);
    await waitFor(() => expect(screen.getByRole('button', { name: /Excluir/ })).toBeDisabled(), T);
    fireEvent.click(await node('Contratos e medições'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Excluir/ })).toBeEnabled(), T);
    fireEvent.click(screen.getByRole('button', { name: /Excluir/ }));
    const confirm = await screen.findByText('Excluir a pasta "Contratos e medições" do modelo?', {}, T);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1), T);
    await waitFor(() => expect(within(tree()).queryByText('Contratos e medições')).toBeNull(), T);

    const created = await t.mock.api.request('/api/v1/obras', {
      as: ADMIN,
      method: 'POST',
      json: { Id_Lista: '777', nome: 'Usina Solar Sertão', cliente: CNPJ.atlantico },
    });
    expect(created.status).toBe(201);
    const folders = await api<{ nome: string; acesso?: Record<string, string[]> }[]>('/api/v1/diretorios?obra=777&_end=100&_sort=nome&_order=asc');
    expect(folders.map((f) => f.nome)).toEqual([
      'Documentação legal',
      'Drone',
      'Fotos de avanço',
      'Obra 777 — Usina Solar Sertão',
      'Projetos e revisões',
      'Segurança do trabalho',
    ]);
    expect(folders.find((f) => f.nome === 'Drone')!.acesso).toEqual({ full: ['admin_biblioteca'], rOnly: [CNPJ.atlantico] });
  });
});
