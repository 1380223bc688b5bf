import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

type Row = Record<string, unknown>;

describe.each(BACKENDS)('role journeys: the people of access.md decision 28 and the field teams (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  it('field and automation technicians open and read the work orders of their area', async () => {
    const f = await c.post('/api/v1/os-field', { numero: `OS-F-${backend}`, obra: '101', titulo: 'Instalação de sensores', dataAbertura: '2026-11-20' }, 'field@portal.local');
    expect(f.status).toBe(201);
    expect((await c.get('/api/v1/os-field?_end=5', 'field@portal.local')).status).toBe(200);
    expect((await c.step('os-field', f.body.id, 'iniciar', 'field@portal.local')).status).toBe(400); // needs a responsible person first
    const a = await c.post('/api/v1/os-automacao', { numero: `OS-A-${backend}`, obra: '101', titulo: 'Programação do CLP', dataAbertura: '2026-11-20', responsavel: person('automacao@portal.local') }, 'automacao@portal.local');
    expect(a.status).toBe(201);
    expect((await c.step('os-automacao', a.body.id, 'iniciar', 'automacao@portal.local')).body.status).toBe('Em execução');
    const eap = await c.post('/api/v1/eap-os', { area: 'AUTOMACAO', obra: '101', codigo: '9.1', descricao: 'Integração de painéis' }, 'automacao@portal.local');
    expect(eap.status, JSON.stringify(eap.body)).toBe(201);
    expect((await c.post('/api/v1/eap-os', { area: 'FIELD', obra: '101', codigo: '9.2', descricao: 'Outro' }, 'automacao@portal.local')).status).toBe(403);
  });

  it('the substitute site manager works the RDOs of the site that names them, and only that one', async () => {
    const own = await c.post('/api/v1/diarios', { obra: '101', data: '2026-10-03', siteManager: person('sm@portal.local') }, 'sm.substituto@portal.local');
    expect(own.status).toBe(201);
    const other = await c.post('/api/v1/diarios', { obra: '102', data: '2026-10-03', siteManager: person('sm@portal.local') }, 'sm.substituto@portal.local');
    expect(other.status).toBe(403);
    const list = await c.get('/api/v1/diarios?_end=1000', 'sm.substituto@portal.local');
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((r: Row) => r.obra === '101')).toBe(true);
  });

  it('controllership reads everything except the ethics channel', async () => {
    expect((await c.get('/api/v1/contratos?_end=1', 'controladoria@portal.local')).status).toBe(200);
    expect((await c.get('/api/v1/processos-juridicos?_end=1', 'controladoria@portal.local')).status).toBe(200);
    const etica = await c.get('/api/v1/relatos-etica?_end=100', 'controladoria@portal.local');
    expect(etica.body).toEqual([]);
    expect((await c.post('/api/v1/contratos', { numero: 'X' }, 'controladoria@portal.local')).status).toBe(403);
  });

  it('logistics reads materials and contracts', async () => {
    t.api.addUser({ email: 'logistica@portal.local', roles: ['logistica'] });
    expect((await c.get('/api/v1/materiais?_end=1', 'logistica@portal.local')).body.length).toBe(1);
    expect((await c.get('/api/v1/contratos?_end=1', 'logistica@portal.local')).body.length).toBe(1);
  });

  it("a supplier sees only its company's SGI records and supplier-portal entries, and nothing else", async () => {
    const all = await c.get('/api/v1/tickets-sgi?_end=1000');
    const theirs = all.body.filter((r: Row) => r.fornecedor === 'Montagens Ideal Ltda.');
    expect(theirs.length).toBeGreaterThan(0);
    const seen = await c.get('/api/v1/tickets-sgi?_end=1000', 'fornecedor@portal.local');
    expect(ids(seen.body).sort()).toEqual(ids(theirs).sort());
    const portal = await c.get('/api/v1/portal-fornecedor?_end=1000', 'fornecedor@portal.local');
    expect(portal.body.length).toBeGreaterThan(0);
    expect(portal.body.every((r: Row) => r.fornecedor === 'Montagens Ideal Ltda.')).toBe(true);
    for (const r of ['obras', 'contratos', 'diarios', 'projetos']) expect((await c.get(`/api/v1/${r}?_end=1`, 'fornecedor@portal.local')).status, r).toBe(403);
    const foreign = all.body.find((r: Row) => r.fornecedor !== 'Montagens Ideal Ltda.');
    expect([403, 404]).toContain((await c.get(`/api/v1/tickets-sgi/${foreign.id}`, 'fornecedor@portal.local')).status);
  });

  it('a partner law firm sees only the cases it conducts', async () => {
    const all = await c.get('/api/v1/processos-juridicos?_end=1000');
    const theirs = all.body.filter((r: Row) => r.escritorio === 'Andrade & Lobo Advogados');
    expect(theirs.length).toBeGreaterThan(0);
    const seen = await c.get('/api/v1/processos-juridicos?_end=1000', 'escritorio@portal.local');
    expect(ids(seen.body).sort()).toEqual(ids(theirs).sort());
    expect((await c.get('/api/v1/obras?_end=1', 'escritorio@portal.local')).status).toBe(403);
    expect((await c.get('/api/v1/tickets-sgi?_end=1', 'escritorio@portal.local')).status).toBe(403);
  });
});
