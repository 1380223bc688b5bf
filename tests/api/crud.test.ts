import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { CNPJ } from '../../src/server/seed/demo-empresas';

describe.each(ENGINE_BACKENDS)('API CRUD (%s)', (backend) => {
  const t = useApi(backend);
  const get = async (path: string, as?: string | null) => {
    const res = await t.api.request(path, { as });
    return { res, body: await res.json() };
  };

  it('answers health without authentication', async () => {
    const { res, body } = await get('/api/v1/health', null);
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
  });

  it('refuses anonymous requests with 401 JSON in Portuguese', async () => {
    const { res, body } = await get('/api/v1/obras', null);
    expect(res.status).toBe(401);
    expect(body.message).toMatch(/Sessão inválida/);
  });

  it('filters by a sub-field of an object: a yes/no compares true/false, a list inside it matches by "contains"', async () => {
    const yes = await get('/api/v1/configuracoes-rdo?obrigatorias.chuvaMm=true');
    expect(yes.res.status).toBe(200);
    expect(yes.body.length).toBeGreaterThan(0);
    expect(yes.body.every((r: { obrigatorias?: { chuvaMm?: boolean } }) => r.obrigatorias?.chuvaMm === true)).toBe(true);
    const like = await get('/api/v1/configuracoes-rdo?obrigatorias.chuvaMm_like=tru');
    expect(like.res.status).toBe(200);
    expect(like.body.map((r: { id: number }) => r.id)).toEqual(yes.body.map((r: { id: number }) => r.id));
    const bad = await get('/api/v1/configuracoes-rdo?obrigatorias.chuvaMm=talvez');
    expect(bad.res.status).toBe(400);
    expect(bad.body.errors['obrigatorias.chuvaMm']).toEqual(['Use true ou false no filtro.']);
    // "%" is a character to find, not a wildcard.
    const all = await get('/api/v1/diretorios?acesso.full_like=a');
    expect(all.res.status).toBe(200);
    const percent = await get('/api/v1/diretorios?acesso.full_like=%25');
    expect(percent.res.status).toBe(200);
    expect(percent.body).toEqual([]);
  });

  it('lists a page with the total in x-total-count, sorted', async () => {
    const { res, body } = await get('/api/v1/diarios?_start=0&_end=5&_sort=data&_order=desc');
    expect(res.status).toBe(200);
    expect(body).toHaveLength(5);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(5);
    const dates = body.map((r: { data: string }) => r.data);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body[0]).toHaveProperty('version');
    expect(typeof body[0].id).toBe('number');
  });

  it('pages without overlap and keeps the total past the last page', async () => {
    const a = await get('/api/v1/diarios?_start=0&_end=10&_sort=data&_order=asc');
    const b = await get('/api/v1/diarios?_start=10&_end=20&_sort=data&_order=asc');
    const ids = new Set(a.body.map((r: { id: number }) => r.id));
    expect(b.body.some((r: { id: number }) => ids.has(r.id))).toBe(false);
    const total = Number(a.res.headers.get('x-total-count'));
    const past = await get(`/api/v1/diarios?_start=${total + 10}&_end=${total + 20}`);
    expect(past.body).toEqual([]);
    expect(Number(past.res.headers.get('x-total-count'))).toBe(total);
  });

  it('filters with equality, any-of, ne, ranges and accent-insensitive like', async () => {
    const one = await get('/api/v1/diarios?obra=101&_end=1000');
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((r: { obra: string }) => r.obra === '101')).toBe(true);
    const many = await get('/api/v1/diarios?obra=101&obra=102&_end=1000');
    expect(new Set(many.body.map((r: { obra: string }) => r.obra))).toEqual(new Set(['101', '102']));
    const ne = await get('/api/v1/diarios?obra_ne=101&_end=1000');
    expect(ne.body.some((r: { obra: string }) => r.obra === '101')).toBe(false);
    const range = await get('/api/v1/diarios?data_gte=2026-01-01&data_lte=2026-01-31&_end=1000');
    expect(range.body.every((r: { data: string }) => r.data >= '2026-01-01' && r.data <= '2026-01-31')).toBe(true);
    const all = await get('/api/v1/obras?_end=100');
    const withAccent = all.body.find((r: { nome: string }) => /[áéíóúãõç]/i.test(r.nome));
    if (withAccent) {
      const word = withAccent.nome.split(' ').find((w: string) => /[áéíóúãõç]/i.test(w));
      const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      const like = await get(`/api/v1/obras?nome_like=${encodeURIComponent(plain)}`);
      expect(like.body.map((r: { id: number }) => r.id)).toContain(withAccent.id);
    }
    const sm = await get('/api/v1/diarios?siteManager.mail=sm@portal.local&_end=1000');
    expect(sm.body.length).toBeGreaterThan(0);
    expect(sm.body.every((r: { siteManager: { mail: string } }) => r.siteManager.mail === 'sm@portal.local')).toBe(true);
  });

  it('gets many by repeated id and searches with q', async () => {
    const list = await get('/api/v1/obras?_end=3');
    const ids = list.body.map((r: { id: number }) => r.id);
    const many = await get(`/api/v1/obras?${ids.map((i: number) => `id=${i}`).join('&')}`);
    expect(many.body.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
    const q = await get(`/api/v1/obras?q=${encodeURIComponent(list.body[0].Id_Lista)}`);
    expect(q.body.map((r: { id: number }) => r.id)).toContain(list.body[0].id);
  });

  it('rejects unknown filters, bad values and bad sorts with 400 per field', async () => {
    const a = await get('/api/v1/diarios?naoExiste=1');
    expect(a.res.status).toBe(400);
    expect(a.body.errors.naoExiste[0]).toMatch(/Filtro desconhecido/);
    const b = await get('/api/v1/diarios?data_gte=ontem');
    expect(b.res.status).toBe(400);
    const c = await get('/api/v1/diarios?_sort=fotos');
    expect(c.res.status).toBe(400);
  });

  it('answers 404 JSON for unknown resources and ids', async () => {
    expect((await get('/api/v1/naoexiste')).res.status).toBe(404);
    const { res, body } = await get('/api/v1/diarios/999999');
    expect(res.status).toBe(404);
    expect(body.message).toMatch(/não encontrado/);
    expect((await get('/api/v1/diarios/abc')).res.status).toBe(404);
  });

  it('validates creates from the schema with Portuguese per-field messages, writing nothing', async () => {
    const before = Number((await get('/api/v1/diarios?_end=1')).res.headers.get('x-total-count'));
    const res = await t.api.request('/api/v1/diarios', {
      method: 'POST',
      json: { obra: '101', data: '2026-02-30', chuvaMm: -3, horarioInicio: 'x'.repeat(9), naoExiste: 1, siteManager: { mail: 'x' } },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.statusCode).toBe(400);
    expect(body.errors.data[0]).toMatch(/Data inválida/);
    expect(body.errors.chuvaMm[0]).toMatch(/mínimo/);
    expect(body.errors.horarioInicio[0]).toMatch(/Máximo/);
    expect(body.errors.naoExiste[0]).toMatch(/desconhecido/);
    expect(body.errors['siteManager.mail'][0]).toMatch(/E-mail inválido/);
    const after = Number((await get('/api/v1/diarios?_end=1')).res.headers.get('x-total-count'));
    expect(after).toBe(before);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.api.request('/api/v1/diarios', { method: 'POST', body: '{"obra": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/JSON inválido/);
  });

  it('creates, updates with the version, conflicts on a stale version and keeps the history', async () => {
    const created = await t.api.request('/api/v1/diarios', {
      method: 'POST',
      json: { obra: '103', data: '2026-11-20', chuvaMm: 12.345, siteManager: { mail: 'sm@portal.local', nome: 'SM' }, ocorrencias: 'Chegada de material' },
    });
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row.version).toBe(1);
    expect(row.chuvaMm).toBe(12.35); // rounded to 2 decimals
    expect(row.status).toBe('Rascunho'); // default
    expect(row.created_by).toBe('admin@portal.local');

    const upd = await t.api.request(`/api/v1/diarios/${row.id}`, { method: 'PATCH', json: { version: 1, ocorrencias: 'Concretagem da laje' } });
    expect(upd.status).toBe(200);
    expect((await upd.json()).version).toBe(2);

    const stale = await t.api.request(`/api/v1/diarios/${row.id}`, { method: 'PATCH', json: { version: 1, ocorrencias: 'Sobrescrita' } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/alterado por outra pessoa/);
    const now = await get(`/api/v1/diarios/${row.id}`);
    expect(now.body.ocorrencias).toBe('Concretagem da laje');

    const noVersion = await t.api.request(`/api/v1/diarios/${row.id}`, { method: 'PATCH', json: { ocorrencias: 'x' } });
    expect(noVersion.status).toBe(400);

    const hist = await get(`/api/v1/diarios/${row.id}/historico`);
    expect(hist.body.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(hist.body[0].changes.ocorrencias).toEqual({ de: 'Chegada de material', para: 'Concretagem da laje' });
    expect(hist.body[0].user).toBe('admin@portal.local');

    const del = await t.api.request(`/api/v1/diarios/${row.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await get(`/api/v1/diarios/${row.id}`)).res.status).toBe(404);
    const after = await get(`/api/v1/diarios/${row.id}/historico`);
    expect(after.body[0].action).toBe('delete');
  });

  it('answers 409 on a duplicate unique value and 400 on a missing reference', async () => {
    const dup = await t.api.request('/api/v1/obras', {
      method: 'POST',
      json: { Id_Lista: '101', nome: 'Duplicada', cliente: CNPJ.clienteDemo, status: 'Planejamento' },
    });
    expect(dup.status, await dup.clone().text()).toBe(409);
    expect((await dup.json()).errors.Id_Lista).toBeTruthy();
    const fk = await t.api.request('/api/v1/diarios', { method: 'POST', json: { obra: '999', data: '2026-11-20', siteManager: { mail: 'sm@portal.local' } } });
    expect(fk.status).toBe(400);
    expect((await fk.json()).errors.obra[0]).toMatch(/não encontrado/);
  });

  it('refuses to delete a site that other records use', async () => {
    const obra = (await get('/api/v1/obras?Id_Lista=101')).body[0];
    const res = await t.api.request(`/api/v1/obras/${obra.id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await get(`/api/v1/obras/${obra.id}`)).res.status).toBe(200);
  });
});
