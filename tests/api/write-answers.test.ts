/**
 * The contract holds (issue 36): the answer of a create or an update is the record as a `GET` of it
 * answers (`_titles` included), and the people search, a list, says its total in `x-total-count`.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';

describe.each(BACKENDS)('write answers and list totals (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  it('a create and an update answer what a GET of the record answers, reference titles included', async () => {
    for (const as of [SM, ADMIN]) {
      const created = await c.post('/api/v1/diarios', { obra: '101', data: as === SM ? '2026-08-03' : '2026-08-04', ocorrencias: 'Montagem.' }, as);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body._titles?.obra?.title).toEqual(expect.any(String));
      const read = await c.get(`/api/v1/diarios/${created.body.id}`, as);
      expect(created.body).toEqual(read.body);
      const updated = await c.patch(`/api/v1/diarios/${created.body.id}`, { version: read.body.version, ocorrencias: 'Montagem e solda.' }, as);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toEqual((await c.get(`/api/v1/diarios/${created.body.id}`, as)).body);
      // Saving without a change answers the record as it is, the same way.
      const unchanged = await c.patch(`/api/v1/diarios/${created.body.id}`, { version: updated.body.version, ocorrencias: 'Montagem e solda.' }, as);
      expect(unchanged.body).toEqual(updated.body);
    }
  });

  it('the people search gives its first page and the total of matches in x-total-count', async () => {
    const all = await c.get('/api/v1/pessoas', ADMIN);
    expect(all.status).toBe(200);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(all.body.length); // more people than one page of the picker
    expect(all.body.length).toBe(20);
    const some = await c.get('/api/v1/pessoas?q=portal.local&perfil=site_manager', ADMIN);
    expect(Number(some.headers.get('x-total-count'))).toBe(some.body.length);
    const none = await c.get('/api/v1/pessoas?q=ninguem-com-este-nome', ADMIN);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });
});
