/**
 * Component tests of the generic list against the real API in-process (mocks/api.ts: MSW → Hono
 * app → in-memory seeded PGlite), as admin@portal.local.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMockApi } from '../../../mocks/api';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { currentLocation, renderViews } from '../../../tests/app/test-utils';

let mock: Awaited<ReturnType<typeof createMockApi>>;
let server: ReturnType<typeof setupServer>;
const requests: URL[] = [];
const obra = schemaByName('obra') as EntitySchema;

async function apiList(query: string): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const res = await mock.api.request(`/api/v1/obras?${query}`);
  return { rows: (await res.json()) as Record<string, unknown>[], total: Number(res.headers.get('x-total-count')) };
}

/** List requests made by the views (GET /api/v1/obras?...). */
function listRequests(): URL[] {
  return requests.filter((u) => u.pathname === '/api/v1/obras');
}

beforeAll(async () => {
  mock = await createMockApi({ userEmail: 'admin@portal.local' });
  server = setupServer(...mock.handlers);
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') requests.push(new URL(request.url));
  });
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server?.close();
  await mock?.close();
});
beforeEach(() => {
  cleanup();
  requests.length = 0;
  window.localStorage.clear();
});

const T = { timeout: 20_000 };

describe('GenericList', () => {
  it('at phone width shows each record as a card with its fields and actions, paged', async () => {
    const page1 = await apiList('_start=0&_end=25&_sort=Id_Lista&_order=asc');
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderViews({ schemas: [obra], path: '/obras' });
      const title = await screen.findByText(String(page1.rows[0].nome), {}, T);
      expect(screen.queryByRole('table')).toBeNull();
      const card = title.closest('.ant-card') as HTMLElement;
      expect(within(card).getByText('Código da obra')).toBeInTheDocument();
      expect(within(card).getByText(String(page1.rows[0].Id_Lista))).toBeInTheDocument();
      for (const name of ['Abrir', 'Editar', 'Excluir']) expect(within(card).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
      fireEvent.click(within(card).getByRole('button', { name: /Abrir/ }));
      await waitFor(() => expect(currentLocation.pathname).toBe(`/obras/show/${String(page1.rows[0].id)}`), T);
    } finally {
      window.innerWidth = width;
    }
  });

  it('shows the rows of the first page and the total', async () => {
    const expected = await apiList('_start=0&_end=25&_sort=Id_Lista&_order=asc');
    expect(expected.total).toBeGreaterThan(0);
    renderViews({ schemas: [obra], path: '/obras' });
    await screen.findByText(String(expected.rows[0].nome), {}, T);
    expect(screen.getByText(`${expected.total} registro${expected.total === 1 ? '' : 's'}`)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Código da obra/ })).toBeInTheDocument();
    const req = listRequests().at(-1)!;
    expect(req.searchParams.get('_start')).toBe('0');
    expect(req.searchParams.get('_end')).toBe('25');
    expect(req.searchParams.get('_sort')).toBe('Id_Lista');
    expect(req.searchParams.get('_order')).toBe('asc');
  });

  it('a list longer than the count limit says "mais de N" and still pages on', async () => {
    const all = await apiList('_start=0&_end=1');
    expect(all.total).toBeGreaterThan(4);
    process.env.COUNT_EXACT_LIMIT = '3';
    try {
      renderViews({ schemas: [obra], path: '/obras?pageSize=2' });
      await screen.findByText('mais de 3 registros', {}, T);
      expect(screen.getByText('1–2 de mais de 3 registros')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('listitem', { name: 'Próxima página' }));
      await waitFor(() => expect(listRequests().at(-1)!.searchParams.get('_start')).toBe('2'), T);
      await screen.findByText(/^3–4 de mais de /, {}, T);
    } finally {
      delete process.env.COUNT_EXACT_LIMIT;
    }
  });

  it('sorting by a column changes the request, the rows and the URL', async () => {
    const desc = await apiList('_start=0&_end=25&_sort=Id_Lista&_order=desc');
    const asc = await apiList('_start=0&_end=25&_sort=Id_Lista&_order=asc');
    renderViews({ schemas: [obra], path: '/obras' });
    await screen.findByText(String(asc.rows[0].nome), {}, T);
    fireEvent.click(screen.getByRole('columnheader', { name: /Código da obra/ }));
    await waitFor(() => expect(listRequests().some((u) => u.searchParams.get('_order') === 'desc')).toBe(true), T);
    await waitFor(() => {
      const firstRow = screen.getAllByRole('row')[1];
      expect(within(firstRow).getByText(String(desc.rows[0].nome))).toBeInTheDocument();
    }, T);
    expect(decodeURIComponent(currentLocation.search)).toContain('sorters[0][order]=desc');
  });

  it('a text filter sends campo_like, narrows the rows and survives a reload', async () => {
    const filtered = await apiList('_start=0&_end=25&cidade_like=lagoas');
    expect(filtered.total).toBe(1);
    const all = await apiList('_start=0&_end=25&_sort=Id_Lista&_order=asc');
    const other = all.rows.find((r) => r.id !== filtered.rows[0].id)!;

    renderViews({ schemas: [obra], path: '/obras' });
    await screen.findByText(String(other.nome), {}, T);
    const header = screen.getByRole('columnheader', { name: /Cidade/ });
    fireEvent.click(within(header).getByRole('button'));
    const input = await screen.findByLabelText('Filtrar Cidade');
    fireEvent.change(input, { target: { value: 'lagoas' } });
    fireEvent.click(screen.getByRole('button', { name: /Filtrar/ }));

    await waitFor(() => expect(listRequests().some((u) => u.searchParams.get('cidade_like') === 'lagoas')).toBe(true), T);
    await waitFor(() => expect(screen.queryByText(String(other.nome))).not.toBeInTheDocument(), T);
    expect(screen.getByText(String(filtered.rows[0].nome))).toBeInTheDocument();
    expect(screen.getByText('1 registro')).toBeInTheDocument();

    // Reload with the same URL: the filter is restored from the query string.
    const url = currentLocation.pathname + currentLocation.search;
    expect(decodeURIComponent(url)).toContain('filters[0][field]=cidade');
    cleanup();
    requests.length = 0;
    renderViews({ schemas: [obra], path: url });
    await screen.findByText(String(filtered.rows[0].nome), {}, T);
    expect(listRequests()[0].searchParams.get('cidade_like')).toBe('lagoas');
    const header2 = screen.getByRole('columnheader', { name: /Cidade/ });
    expect(header2.querySelector('.ant-table-filter-trigger.active')).not.toBeNull();
  });

  it('the search box sends q', async () => {
    renderViews({ schemas: [obra], path: '/obras' });
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(0), T);
    const search = screen.getByLabelText('Pesquisar');
    fireEvent.change(search, { target: { value: 'Subestação' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listRequests().some((u) => u.searchParams.get('q') === 'Subestação')).toBe(true), T);
    await screen.findByText('Subestação 138 kV Usina Santa Clara', {}, T);
  });

  it('the column chooser hides a column and remembers it per resource', async () => {
    renderViews({ schemas: [obra], path: '/obras' });
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Cidade/ })).toBeInTheDocument(), T);
    fireEvent.click(screen.getByRole('button', { name: /Colunas/ }));
    const box = await screen.findByRole('checkbox', { name: 'Cidade' });
    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Cidade/ })).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('portal:colunas:obras') ?? '[]')).not.toContain('cidade');
  });

  it('exports the filtered rows to .xlsx with a progress notification', async () => {
    renderViews({ schemas: [obra], path: '/obras' });
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(0), T);
    requests.length = 0;
    fireEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    await screen.findByText('Exportação concluída', {}, T);
    const exportReq = listRequests().find((u) => u.searchParams.get('_end') === '1000');
    expect(exportReq?.searchParams.get('_start')).toBe('0');
    expect(exportReq?.searchParams.get('_sort')).toBe('Id_Lista');
    expect(screen.getByText(/registros? em obras-\d{4}-\d{2}-\d{2}\.xlsx/)).toBeInTheDocument();
  });
});
