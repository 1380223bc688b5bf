import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createDataProvider, toHttpError } from './data-provider';

const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];

const server = setupServer(
  http.all('http://api.test/api/v1/*', async ({ request }) => {
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json().catch(() => undefined);
    seen.push({ method: request.method, url: request.url, auth: request.headers.get('authorization'), body });
    const url = new URL(request.url);
    if (url.pathname.endsWith('/obras') && request.method === 'GET') {
      return HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '42' } });
    }
    if (url.pathname.endsWith('/obras/1') && request.method === 'PATCH') {
      const b = body as { version: number };
      if (b.version !== 3) {
        return HttpResponse.json({ message: 'Registro alterado por outra pessoa.', statusCode: 409 }, { status: 409 });
      }
      return HttpResponse.json({ id: 1, version: 4 });
    }
    if (url.pathname.endsWith('/obras') && request.method === 'POST') {
      return HttpResponse.json({ message: 'Dados inválidos.', statusCode: 400, errors: { nome: ['Campo obrigatório.'] } }, { status: 400 });
    }
    return HttpResponse.json({ message: 'Não encontrado' }, { status: 404 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => server.close());

describe('createDataProvider', () => {
  const dp = createDataProvider('http://api.test/api/v1', async () => 'tok-123');

  it('sends the bearer token and simple-rest list params, reads x-total-count', async () => {
    const res = await dp.getList({
      resource: 'obras',
      pagination: { currentPage: 2, pageSize: 25 },
      sorters: [{ field: 'nome', order: 'asc' }],
      filters: [
        { field: 'status', operator: 'in', value: ['A', 'B'] },
        { field: 'cliente', operator: 'contains', value: 'acme' },
        { field: 'data', operator: 'gte', value: '2024-01-01' },
      ],
    });
    expect(res.total).toBe(42);
    expect(seen[0].auth).toBe('Bearer tok-123');
    const u = new URL(seen[0].url);
    expect(u.searchParams.get('_start')).toBe('25');
    expect(u.searchParams.get('_end')).toBe('50');
    expect(u.searchParams.get('_sort')).toBe('nome');
    expect(u.searchParams.getAll('status')).toEqual(['A', 'B']);
    expect(u.searchParams.get('cliente_like')).toBe('acme');
    expect(u.searchParams.get('data_gte')).toBe('2024-01-01');
  });

  it('updates with PATCH and the version in the body', async () => {
    const res = await dp.update({ resource: 'obras', id: 1, variables: { nome: 'X', version: 3 } });
    expect(res.data).toEqual({ id: 1, version: 4 });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].body).toEqual({ nome: 'X', version: 3 });
  });

  it('surfaces 409 with the server message', async () => {
    await expect(dp.update({ resource: 'obras', id: 1, variables: { version: 1 } })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Registro alterado por outra pessoa.',
    });
  });

  it('turns 400 bodies into HttpError with field errors', async () => {
    await expect(dp.create({ resource: 'obras', variables: {} })).rejects.toEqual({
      message: 'Dados inválidos.',
      statusCode: 400,
      errors: { nome: ['Campo obrigatório.'] },
    });
  });

  it('maps a network failure to a Portuguese message', () => {
    expect(toHttpError({ isAxiosError: true, message: 'Network Error' })).toMatchObject({ statusCode: 0 });
  });
});
