import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

type Row = Record<string, unknown>;

describe.each(BACKENDS)('role journeys: the people of docs/access.md decision 28 and the field teams (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  it('field and automation technicians open and read the work orders of their area', async () => {
    const f = await c.post(
      '/api/v1/os-field',
      { numero: `OS-F-${backend}`, obra: '101', titulo: 'Instalação de sensores', dataAbertura: '2026-11-20' },
      'field@portal.local',
    );
    expect(f.status).toBe(201);
    expect((await c.get('/api/v1/os-field?_end=5', 'field@portal.local')).status).toBe(200);
    expect((await c.step('os-field', f.body.id, 'iniciar', 'field@portal.local')).status).toBe(400); // needs a responsible person first
    const a = await c.post(
      '/api/v1/os-automacao',
      { numero: `OS-A-${backend}`, obra: '101', titulo: 'Programação do CLP', dataAbertura: '2026-11-20', responsavel: person('automacao@portal.local') },
      'automacao@portal.local',
    );
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
    const theirs = all.body.filter((r: Row) => r.fornecedor === CNPJ.montagensIdeal);
    expect(theirs.length).toBeGreaterThan(0);
    const seen = await c.get('/api/v1/tickets-sgi?_end=1000', 'fornecedor@portal.local');
    expect(ids(seen.body).sort()).toEqual(ids(theirs).sort());
    const portal = await c.get('/api/v1/portal-fornecedor?_end=1000', 'fornecedor@portal.local');
    expect(portal.body.length).toBeGreaterThan(0);
    expect(portal.body.every((r: Row) => r.fornecedor === CNPJ.montagensIdeal)).toBe(true);
    for (const r of ['obras', 'contratos', 'diarios', 'projetos']) expect((await c.get(`/api/v1/${r}?_end=1`, 'fornecedor@portal.local')).status, r).toBe(403);
    const foreign = all.body.find((r: Row) => r.fornecedor !== CNPJ.montagensIdeal);
    expect([403, 404]).toContain((await c.get(`/api/v1/tickets-sgi/${foreign.id}`, 'fornecedor@portal.local')).status);
  });

  it("a legal case's responsible persons upload its DP / SEG documents (decision 21), and only those", async () => {
    const cases = (await c.get('/api/v1/processos-juridicos?_end=1000')).body as Row[];
    const mine = cases.find((r) => (r.responsavelDp as { mail?: string } | null)?.mail === 'juridico@portal.local')!;
    const other = cases.find((r) => (r.responsavelDp as { mail?: string } | null)?.mail !== 'juridico@portal.local')!;
    const doc = (processo: unknown, tipoDocumento: string) => ({
      processo,
      tipoDocumento,
      titulo: 'Ficha de registro do reclamante',
      arquivos: [{ key: 'demo/testes/ficha.pdf', name: 'ficha.pdf', size: 10, type: 'application/pdf' }],
    });
    const dp = await c.post('/api/v1/documentos-juridicos', doc(mine.id, 'Documentos DP'), 'juridico@portal.local');
    expect(dp.status, JSON.stringify(dp.body)).toBe(201);
    expect(dp.body.enviadoPor.mail).toBe('juridico@portal.local');
    expect((await c.post('/api/v1/documentos-juridicos', doc(mine.id, 'Documentos SEG'), 'juridico@portal.local')).status).toBe(403);
    expect((await c.post('/api/v1/documentos-juridicos', doc(other.id, 'Documentos DP'), 'juridico@portal.local')).status).toBe(403);
    const firm = cases.find((r) => r.escritorio === CNPJ.andradeLobo)!;
    const foreign = cases.find((r) => r.escritorio !== CNPJ.andradeLobo)!;
    expect((await c.post('/api/v1/documentos-juridicos', doc(firm.id, 'Petição'), 'escritorio@portal.local')).status).toBe(201);
    expect((await c.post('/api/v1/documentos-juridicos', doc(foreign.id, 'Petição'), 'escritorio@portal.local')).status).toBe(403);
  });

  it('post-sales answers a ticket with an interaction (Interagir) and reads the timeline', async () => {
    // Decision 30: never on a concluded or cancelled ticket.
    const ticket = (await c.get('/api/v1/posvendas?status=Em%20atendimento&_end=1', 'posvendas@portal.local')).body[0];
    const r = await c.post(
      '/api/v1/ticket-interacoes',
      { ticket: ticket.id, data: '2026-11-22T10:00:00-03:00', texto: 'Visita agendada para segunda-feira.', responsavel: person('posvendas@portal.local') },
      'posvendas@portal.local',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.responsavelRegistro.mail).toBe('posvendas@portal.local');
    const timeline = await c.get(`/api/v1/ticket-interacoes?ticket=${ticket.id}&_end=100`, 'posvendas@portal.local');
    expect(timeline.body.map((x: Row) => x.id)).toContain(r.body.id);
    expect((await c.get('/api/v1/ticket-interacoes?_end=1', 'leitura@portal.local')).status).toBe(403);
  });

  it('a partner law firm sees only the cases it conducts', async () => {
    const all = await c.get('/api/v1/processos-juridicos?_end=1000');
    const theirs = all.body.filter((r: Row) => r.escritorio === CNPJ.andradeLobo);
    expect(theirs.length).toBeGreaterThan(0);
    const seen = await c.get('/api/v1/processos-juridicos?_end=1000', 'escritorio@portal.local');
    expect(ids(seen.body).sort()).toEqual(ids(theirs).sort());
    expect((await c.get('/api/v1/obras?_end=1', 'escritorio@portal.local')).status).toBe(403);
    expect((await c.get('/api/v1/tickets-sgi?_end=1', 'escritorio@portal.local')).status).toBe(403);
  });
});
