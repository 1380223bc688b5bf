/**
 * docs/access.md decision 25: clients see only their own sites' engineering documents, factory projects
 * (or those naming them in `clientes`) and manufacturings, in lists, single reads, history, the
 * export (the list API page by page) and aggregates; `comentarioInterno` never reaches a client,
 * not as a field, not through a filter, a sort or the history. Staff still see all of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person, pdf } from './workflow-helpers';

const CLIENTE_A = 'cliente@portal.local'; // site 101
const CLIENTE_B = 'cliente.novo@portal.local'; // site 102
const FABRICA_A = 'cliente.fabrica.a@scope.test'; // projetista_fabrica, site 101
const NAMED = 'cliente.nomeado@scope.test'; // projetista_fabrica, no site, named in one project's `clientes`
const PROJ = 'projetista@portal.local';
const SECRET = 'Margem apertada: segredo interno 7731';

type Rec = Record<string, unknown> & { id: number };

describe.each(BACKENDS)('clients see only their own sites (decision 25, %s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let docA: Rec;
  let docB: Rec;
  let fabA: Rec;
  let fabB: Rec;
  let pfA: Rec;
  let pfB: Rec;
  let pfNamed: Rec;

  beforeAll(async () => {
    t.api.addUser({ email: FABRICA_A, name: 'Cliente Fábrica A', roles: ['cliente', 'projetista_fabrica'], obra: ['101'], tipo: 'cliente' });
    t.api.addUser({ email: NAMED, name: 'Cliente Nomeado', roles: ['cliente', 'projetista_fabrica'], obra: [], tipo: 'cliente' });
    const doc = async (codigo: string, obra: string) => {
      const r = await c.post('/api/v1/projetos', {
        codigo: `${codigo}-${backend}`,
        titulo: `Documento ${codigo}`,
        obra,
        categoria: 'Executivo',
        revisao: '0',
        projetista: person(PROJ),
        arquivos: pdf(`${codigo}.pdf`),
        comentarioInterno: SECRET,
      });
      expect(r.status).toBe(201);
      // A history entry that carries the internal comment (an update).
      const upd = await c.patch(`/api/v1/projetos/${r.body.id}`, { version: r.body.version, comentarioInterno: `${SECRET} (rev)` });
      expect(upd.status).toBe(200);
      return upd.body as Rec;
    };
    docA = await doc('SCOPE-A', '101');
    docB = await doc('SCOPE-B', '102');
    const fab = async (codigo: string, obra: string) => {
      const r = await c.post('/api/v1/fabricacoes', { codigo: `${codigo}-${backend}`.slice(0, 30), descricao: `Fabricação ${codigo}`, obra, quantidade: 1 });
      expect(r.status).toBe(201);
      return r.body as Rec;
    };
    fabA = await fab('SC-FA', '101');
    fabB = await fab('SC-FB', '102');
    const pf = async (codigo: string, obra: string | null, clientes: string[] = []) => {
      const r = await c.post('/api/v1/projetos-fabrica', {
        codigo: `${codigo}-${backend}`,
        titulo: `Projeto ${codigo}`,
        tipo: 'Mecânico',
        ...(obra ? { obra } : {}),
        clientes,
      });
      expect(r.status).toBe(201);
      return r.body as Rec;
    };
    pfA = await pf('SC-PFA', '101');
    pfB = await pf('SC-PFB', '102');
    pfNamed = await pf('SC-PFN', '102', [NAMED]);
  });

  const ids = (body: Rec[]) => body.map((r) => r.id);

  it('lists and the export (the list API, 1000 rows a page) hold only the client’s sites, without comentarioInterno', async () => {
    for (const path of ['/api/v1/projetos', '/api/v1/projetos?_start=0&_end=1000']) {
      const a = await c.get(path, CLIENTE_A);
      expect(a.status).toBe(200);
      expect(ids(a.body)).toContain(docA.id);
      expect(ids(a.body)).not.toContain(docB.id);
      expect((a.body as Rec[]).every((r) => r.obra === '101')).toBe(true);
      expect(Number(a.headers.get('x-total-count'))).toBe(a.body.length);
      expect(JSON.stringify(a.body)).not.toContain('comentarioInterno');
      expect(JSON.stringify(a.body)).not.toContain(SECRET);
    }
    const b = await c.get('/api/v1/projetos?_end=1000', CLIENTE_B);
    expect(ids(b.body)).toContain(docB.id);
    expect(ids(b.body)).not.toContain(docA.id);
    // Asking for another site by filter gives nothing.
    const other = await c.get('/api/v1/projetos?obra=102&_end=1000', CLIENTE_A);
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
  });

  it('a single read and the history of another site’s document are refused; of one’s own, without the internal comment', async () => {
    expect((await c.get(`/api/v1/projetos/${docB.id}`, CLIENTE_A)).status).toBe(403);
    expect((await c.get(`/api/v1/projetos/${docB.id}/historico`, CLIENTE_A)).status).toBe(403);
    expect((await c.get(`/api/v1/projetos/${docB.id}/transitions`, CLIENTE_A)).status).not.toBe(200);
    const own = await c.get(`/api/v1/projetos/${docA.id}`, CLIENTE_A);
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty('comentarioInterno');
    const hist = await c.get(`/api/v1/projetos/${docA.id}/historico`, CLIENTE_A);
    expect(hist.status).toBe(200);
    expect(hist.body.length).toBeGreaterThan(0);
    expect(JSON.stringify(hist.body)).not.toContain(SECRET);
    expect(JSON.stringify(hist.body)).not.toContain('comentarioInterno');
  });

  it('the history of a deleted document follows the document: other sites 404, own site without the internal comment', async () => {
    const mk = async (codigo: string, obra: string) =>
      (
        await c.post('/api/v1/projetos', {
          codigo: `${codigo}-${backend}`,
          titulo: `Documento ${codigo}`,
          obra,
          categoria: 'Executivo',
          revisao: '0',
          comentarioInterno: SECRET,
        })
      ).body as Rec;
    const goneA = await mk('SCOPE-DEL-A', '101');
    const goneB = await mk('SCOPE-DEL-B', '102');
    for (const d of [goneA, goneB]) expect((await c.del(`/api/v1/projetos/${d.id}`)).status).toBe(200);
    expect((await c.get(`/api/v1/projetos/${goneB.id}/historico`, CLIENTE_A)).status).toBe(404);
    const own = await c.get(`/api/v1/projetos/${goneA.id}/historico`, CLIENTE_A);
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toContain(SECRET);
    expect(JSON.stringify((await c.get(`/api/v1/projetos/${goneB.id}/historico`, PROJ)).body)).toContain(SECRET);
  });

  it('a client cannot probe the internal comment by filter, search or sort', async () => {
    for (const q of ['comentarioInterno_like=segredo', 'comentarioInterno=x', 'comentarioInterno_ne=x', '_sort=comentarioInterno&_order=asc']) {
      const r = await c.get(`/api/v1/projetos?${q}`, CLIENTE_A);
      expect(r.status, q).toBe(403);
      expect(r.body.message).toMatch(/permissão/);
      const agg = await c.get(`/api/v1/projetos/aggregate?${q}`, CLIENTE_A);
      expect(agg.status, `aggregate ${q}`).toBe(403);
    }
    // Staff filter by it as before.
    const staff = await c.get(`/api/v1/projetos?comentarioInterno_like=${encodeURIComponent('segredo interno 7731')}&_end=1000`, PROJ);
    expect(staff.status).toBe(200);
    expect(ids(staff.body)).toEqual(expect.arrayContaining([docA.id, docB.id]));
  });

  it('aggregates count only the client’s sites and refuse the internal comment', async () => {
    const byObra = await c.get('/api/v1/projetos/aggregate?groupBy=obra', CLIENTE_A);
    expect(byObra.status).toBe(200);
    expect((byObra.body.rows as { obra: string }[]).map((r) => r.obra)).toEqual(['101']);
    const list = await c.get('/api/v1/projetos?_end=1000', CLIENTE_A);
    expect(byObra.body.total).toBe(list.body.length);
    expect((await c.get('/api/v1/projetos/aggregate?groupBy=comentarioInterno', CLIENTE_A)).status).toBe(403);
    const fab = await c.get('/api/v1/fabricacoes/aggregate?groupBy=obra', FABRICA_A);
    expect(fab.status).toBe(200);
    expect((fab.body.rows as { obra: string }[]).map((r) => r.obra)).toEqual(['101']);
  });

  it('factory clients: manufacturings of their sites, factory projects of their sites or naming them', async () => {
    const fab = await c.get('/api/v1/fabricacoes?_end=1000', FABRICA_A);
    expect(fab.status).toBe(200);
    expect(ids(fab.body)).toContain(fabA.id);
    expect(ids(fab.body)).not.toContain(fabB.id);
    expect((await c.get(`/api/v1/fabricacoes/${fabB.id}`, FABRICA_A)).status).toBe(403);
    expect((await c.get(`/api/v1/fabricacoes/${fabB.id}/historico`, FABRICA_A)).status).toBe(403);

    const pf = await c.get('/api/v1/projetos-fabrica?_end=1000', FABRICA_A);
    expect(ids(pf.body)).toContain(pfA.id);
    expect(ids(pf.body)).not.toContain(pfB.id);
    expect(ids(pf.body)).not.toContain(pfNamed.id);
    expect((await c.get(`/api/v1/projetos-fabrica/${pfB.id}`, FABRICA_A)).status).toBe(403);

    const named = await c.get('/api/v1/projetos-fabrica?_end=1000', NAMED);
    expect(ids(named.body)).toEqual([pfNamed.id]);
    expect((await c.get(`/api/v1/projetos-fabrica/${pfNamed.id}`, NAMED)).status).toBe(200);
    expect((await c.get(`/api/v1/projetos-fabrica/${pfB.id}`, NAMED)).status).toBe(403);
    expect((await c.get('/api/v1/fabricacoes?_end=1000', NAMED)).body).toEqual([]);
  });

  it('staff still list, read and aggregate every site with the internal comment', async () => {
    const list = await c.get('/api/v1/projetos?_end=1000', PROJ);
    expect(ids(list.body)).toEqual(expect.arrayContaining([docA.id, docB.id]));
    const one = await c.get(`/api/v1/projetos/${docB.id}`, PROJ);
    expect(one.body.comentarioInterno).toBe(`${SECRET} (rev)`);
    const hist = await c.get(`/api/v1/projetos/${docB.id}/historico`, PROJ);
    expect(JSON.stringify(hist.body)).toContain(SECRET);
    const agg = await c.get('/api/v1/projetos/aggregate?groupBy=obra', PROJ);
    expect((agg.body.rows as { obra: string }[]).map((r) => r.obra)).toEqual(expect.arrayContaining(['101', '102']));
    // Long texts are not grouped (400), but staff are not refused the field (403).
    expect((await c.get('/api/v1/projetos/aggregate?groupBy=comentarioInterno', PROJ)).status).toBe(400);
    expect((await c.get('/api/v1/projetos?_sort=comentarioInterno&_order=desc', PROJ)).status).toBe(200);
  });
});
