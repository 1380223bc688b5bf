/**
 * Saved views above the generic list (issue 39), against the real API in process: the list's
 * filters are saved as a named default view, which then shows its count (the list's own request
 * with `_end=0`) and applies itself when the bare list opens again; a view an administrator shares
 * with a role appears, with its count, for another person of that role, who may use it but not edit it.
 */
import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { SavedView } from '../../../../resources/saved-views';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { PendenciasPage } from '../../modules/pendencias/pendencias-page';

const ADMIN = 'admin@portal.local';
const READER = 'leitora-contratos@portal.local';
const T = { timeout: 30_000 };
const contrato = schemaByName('contrato') as EntitySchema;
const t = useInProcessApi(ADMIN);

const total = async (query: string, as = ADMIN) =>
  Number((await t.mock.api.request(`/api/v1/contratos?_start=0&_end=0&${query}`, { as })).headers.get('x-total-count'));
// The bar holds its place (aria-busy, same height) while the views load; then it is the real one.
const bar = async () => {
  await waitFor(() => expect(screen.getByRole('region', { name: 'Visões salvas' }).getAttribute('aria-busy')).toBeNull(), T);
  return screen.getByRole('region', { name: 'Visões salvas' });
};
const listCalls = () => t.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/contratos');

describe('saved views bar (issue 39)', { timeout: 120_000 }, () => {
  it('saves the filtered list as the default view, counts it, and applies it when the bare list opens', async () => {
    const expected = await total('status=Revis%C3%A3o');
    renderViews({
      schemas: [contrato],
      path: '/contratos?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=Revis%C3%A3o',
      user: DEMO_USERS[ADMIN],
    });
    const region = await bar();
    expect(within(region).getByText('Todos')).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: /Visões/ }));
    fireEvent.click(await screen.findByText('Salvar nova visão…', undefined, T));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar nova visão' }, T);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome da visão' }), { target: { value: 'Em revisão' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Usar como padrão ao abrir esta lista' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(t.requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/v1/visoes/padrao')).toBe(true), T);
    const post = t.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/visoes')!;
    expect(post.body).toMatchObject({
      lista: 'contratos',
      nome: 'Em revisão',
      estado: { filtros: [{ field: 'status', operator: 'in', value: ['Revisão'] }], tamanhoPagina: 25 },
    });
    // The view's count: the list's own request, with the view's filter and an empty page.
    const label = await within(region).findByText('Em revisão', undefined, T);
    const option = label.closest('.ant-segmented-item') as HTMLElement;
    await waitFor(() => expect(within(option).getByLabelText(`${expected} registro${expected === 1 ? '' : 's'}`)).toBeInTheDocument(), T);
    const counted = listCalls().find((r) => r.url.searchParams.get('_end') === '0')!;
    expect(counted.url.searchParams.getAll('status')).toEqual(['Revisão']);
    expect(option).toHaveClass('ant-segmented-item-selected');
    expect(within(option).getByLabelText('padrão')).toBeInTheDocument();

    // Opened again with no query string: the default view filters the list.
    cleanup();
    t.requests.length = 0;
    renderViews({ schemas: [contrato], path: '/contratos', user: DEMO_USERS[ADMIN] });
    await bar();
    await waitFor(
      () => expect(listCalls().some((r) => r.url.searchParams.get('_end') === '25' && r.url.searchParams.get('status') === 'Revisão')).toBe(true),
      T,
    );
    await waitFor(() => expect(currentLocation.search).toContain('filters'), T);
    // "Todos" goes back to the whole list.
    fireEvent.click(within(await bar()).getByText('Todos'));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.has('status')).toBe(false), T);
  });

  it('shows a view shared with a role to another person of that role, counted, usable but not theirs to edit', async () => {
    t.mock.api.addUser({ email: READER, name: 'Lia Leitora', roles: ['contratos'], obra: ['101'] });
    const res = await t.mock.api.request('/api/v1/visoes', {
      method: 'POST',
      as: ADMIN,
      json: {
        lista: 'contratos',
        nome: 'Aprovados da equipe',
        estado: { filtros: [{ field: 'status', operator: 'in', value: ['Aprovado'] }], ordenacao: [] },
        papeis: ['contratos'],
      },
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as SavedView;
    const expected = await total('status=Aprovado', READER);
    t.mock.setUser(READER);
    renderViews({
      schemas: [contrato],
      path: '/contratos',
      user: t.mock.api.addUser({ email: READER, name: 'Lia Leitora', roles: ['contratos'], obra: ['101'] }),
    });
    const region = await bar();
    const label = await within(region).findByText('Aprovados da equipe', undefined, T);
    const option = label.closest('.ant-segmented-item') as HTMLElement;
    expect(within(option).getByLabelText('compartilhada')).toBeInTheDocument();
    await waitFor(() => expect(within(option).getByLabelText(`${expected} registro${expected === 1 ? '' : 's'}`)).toBeInTheDocument(), T);
    // The admin's private default view of the first test is not shown to her.
    expect(within(region).queryByText('Em revisão')).toBeNull();

    fireEvent.click(label);
    await waitFor(
      () => expect(listCalls().some((r) => r.url.searchParams.get('_end') === '25' && r.url.searchParams.get('status') === 'Aprovado')).toBe(true),
      T,
    );
    fireEvent.click(within(region).getByRole('button', { name: /Visões/ }));
    expect(await screen.findByText('Usar “Aprovados da equipe” como padrão', undefined, T)).toBeInTheDocument();
    expect(screen.queryByText(/Renomear, compartilhar ou excluir/)).toBeNull();
    fireEvent.click(screen.getByText('Usar “Aprovados da equipe” como padrão'));
    await waitFor(
      () =>
        expect(t.requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/v1/visoes/padrao')?.body).toEqual({ lista: 'contratos', visao: view.id }),
      T,
    );
  });

  it('gives "Minhas pendências" the same views: the default one opens the queue filtered, with its count', async () => {
    const post = (path: string, json: unknown, method = 'POST') => t.mock.api.request(path, { method, as: ADMIN, json });
    const created = await post('/api/v1/visoes', {
      lista: 'pendencias',
      nome: 'Só atrasadas',
      estado: { filtros: [{ field: 'vencimento', operator: 'eq', value: 'atrasadas' }], ordenacao: [{ field: 'since', order: 'asc' }] },
    });
    expect(created.status).toBe(201);
    const view = (await created.json()) as SavedView;
    expect((await post('/api/v1/visoes/padrao', { lista: 'pendencias', visao: view.id }, 'PUT')).status).toBe(200);
    const expected = Number((await t.mock.api.request('/api/v1/pendencias?_start=0&_end=0&vencimento=atrasadas', { as: ADMIN })).headers.get('x-total-count'));
    renderViews({ schemas: [contrato], path: '/pendencias', routes: <Route path="/pendencias" element={<PendenciasPage />} />, user: DEMO_USERS[ADMIN] });
    const region = await bar();
    const option = (await within(region).findByText('Só atrasadas', undefined, T)).closest('.ant-segmented-item') as HTMLElement;
    await waitFor(() => expect(currentLocation.search).toBe('?vencimento=atrasadas&ordem=antigas'), T);
    await waitFor(() => expect(option).toHaveClass('ant-segmented-item-selected'), T);
    await waitFor(() => expect(within(option).getByLabelText(`${expected} registro${expected === 1 ? '' : 's'}`)).toBeInTheDocument(), T);
    const queue = () => t.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/pendencias');
    await waitFor(
      () => expect(queue().some((r) => r.url.searchParams.get('vencimento') === 'atrasadas' && r.url.searchParams.get('_end') === '20')).toBe(true),
      T,
    );
    expect(screen.getByText('Atrasadas')).toBeInTheDocument();
  });
});
