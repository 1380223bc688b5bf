import { describe, expect, it } from 'vitest';
import { createObraCheck } from './obra-check';

const check = (fetchImpl: typeof fetch) => createObraCheck({ apiUrl: '/api/v1', getToken: () => 't', fetchImpl });
const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('createObraCheck', () => {
  it('a visible site is ok with its record; no row, 403 or 404 is inaccessible', async () => {
    expect(await check(answer(200, [{ Id_Lista: '101', nome: 'Fábrica' }]))('101')).toEqual({ state: 'ok', record: { Id_Lista: '101', nome: 'Fábrica' } });
    expect(await check(answer(200, []))('101')).toEqual({ state: 'inaccessible' });
    expect(await check(answer(403, {}))('101')).toEqual({ state: 'inaccessible' });
  });

  it('a server error is an error, and no network at all is unreachable (not a refusal)', async () => {
    expect(await check(answer(500, {}))('101')).toEqual({ state: 'error' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await check(offline)('101')).toEqual({ state: 'unreachable' });
  });
});
