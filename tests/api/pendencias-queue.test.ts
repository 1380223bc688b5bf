/**
 * "Minhas pendências" as a work queue (issue 25): due date and overdue flag, filters by module,
 * site and due, sort, the bell's counts, and the bulk action with a partial failure — on both
 * databases. The client approver (cliente@portal.local, site 101) approves CRE documents that
 * engineering sent.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { schemaByName } from '../../schemas/index';
import type { EntitySchema } from '../../schemas/kinds';
import { DEMO_USERS } from '../../mocks/test-app';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';

const PROJ = 'projetista@portal.local';
const CLIENTE = 'cliente@portal.local';
const projeto = schemaByName('projeto') as EntitySchema;

interface Item {
  resource: string;
  id: number;
  version: number;
  title: string;
  due: string | null;
  overdue: boolean;
  paused: boolean;
  since: string;
  obra: string | null;
  actions: { name: string; label: string; kind: string; needsInput: boolean }[];
}

describe.each(BACKENDS)('pendências as a work queue (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const tag = `${backend}-${Date.now().toString(36)}`;
  let seq = 0;

  /** A CRE document of site `obra` sent for the client's approval (PAP). */
  async function sentDoc(obra = '101'): Promise<number> {
    const r = await c.post(
      '/api/v1/projetos',
      {
        codigo: `FILA-${tag}-${++seq}`,
        titulo: `Fila ${tag} ${seq}`,
        obra,
        categoria: 'Executivo',
        revisao: '0',
        projetista: person(PROJ),
        arquivos: pdf('fila.pdf'),
      },
      PROJ,
    );
    expect(r.status).toBe(201);
    expect((await c.step('projetos', r.body.id, 'enviar-cliente', PROJ)).body.Situacao).toBe('PAP');
    return r.body.id;
  }

  /** Sets the SLA deadline and result as the SLA engine stores them. */
  async function setDue(id: number, due: Date | null, situacao: string | null) {
    await sql`update projeto set "slaPrazo" = ${due ? due.toISOString() : null}::timestamptz, "slaSituacao" = ${situacao} where id = ${id}`.execute(t.api.db);
  }

  const queue = async (query: string, as = CLIENTE) => {
    const r = await c.get(`/api/v1/pendencias?${query}`, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { items: r.body as Item[], total: Number(r.headers.get('x-total-count')) };
  };
  const ids = (items: Item[]) => items.filter((i) => i.resource === 'projetos').map((i) => i.id);

  it('lists due date, overdue flag and the actions (transition/edit, needs input) of each pending item', async () => {
    expect(projeto.fields.some((f) => f.name === 'slaPrazo')).toBe(true);
    const late = await sentDoc();
    const soon = await sentDoc();
    const none = await sentDoc();
    const now = Date.now();
    await setDue(late, new Date(now - 2 * 86_400_000), 'Violado');
    await setDue(soon, new Date(now + 3 * 3_600_000), 'Em dia');
    await setDue(none, null, null);

    const { items } = await queue('resource=projetos&_end=200');
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(late)).toMatchObject({ overdue: true, obra: '101' });
    expect(new Date(byId.get(late)!.due!).getTime()).toBeLessThan(now);
    expect(byId.get(soon)).toMatchObject({ overdue: false });
    expect(byId.get(none)).toMatchObject({ due: null, overdue: false });
    const actions = byId.get(soon)!.actions;
    expect(actions).toEqual(
      expect.arrayContaining([
        { name: 'aprovar', label: 'Aprovar', kind: 'transition', needsInput: false },
        { name: 'reprovar', label: 'Reprovar', kind: 'transition', needsInput: true },
        { name: 'aprovar-com-comentarios', label: 'Aprovar com comentários', kind: 'transition', needsInput: true },
      ]),
    );
    expect(actions.map((a) => a.name)).not.toContain('comentar'); // not inbox work

    // A deadline passed while the clock runs is overdue even before the engine marks it.
    await setDue(soon, new Date(now - 60_000), 'Em dia');
    expect((await queue('resource=projetos&_end=200')).items.find((i) => i.id === soon)?.overdue).toBe(true);
    // Paused: the deadline does not run.
    await setDue(soon, new Date(now - 60_000), 'Pausado');
    expect((await queue('resource=projetos&_end=200')).items.find((i) => i.id === soon)?.overdue).toBe(false);
    await setDue(soon, new Date(now + 3 * 3_600_000), 'Em dia');
  });

  it('PCP planning is inbox work done in the edit form (kind edit)', async () => {
    const { items } = await queue('resource=materiais&_end=200', 'materiais.pcp@portal.local');
    const planning = items.filter((i) => i.actions.some((a) => a.kind === 'edit'));
    expect(planning.length).toBeGreaterThan(0);
    expect(planning[0].actions).toContainEqual({ name: 'editarpcp', label: 'Planejar (quantidades e datas)', kind: 'edit', needsInput: true });
  });

  it('a planned list leaves PCP\'s inbox ("Concluir planejamento"), once, and its planning stage is met', async () => {
    const PCP = 'materiais.pcp@portal.local';
    const { items } = await queue('resource=materiais&_end=200', PCP);
    const item = items.find((i) => i.actions.some((a) => a.name === 'concluir-planejamento'))!;
    expect(item, 'a list waiting for planning').toBeTruthy();
    const done = await c.step('materiais', item.id, 'concluir-planejamento', PCP, { comment: 'Quantidades e datas conferidas.' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.Status).toBe('LIBERADO PARA PLANEJAMENTO');
    expect((done.body.planejadoPor as { mail: string }).mail).toBe(PCP);
    expect((await queue('resource=materiais&_end=200', PCP)).items.map((i) => i.id)).not.toContain(item.id);
    const stage = (done.body.slaMetas as { meta: string; cumpridoEm: string | null }[]).find((m) => m.meta === 'planejamento');
    expect(stage?.cumpridoEm).toBeTruthy();
    const again = await c.step('materiais', item.id, 'concluir-planejamento', PCP);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A ação "Concluir planejamento" já foi feita nesta lista de materiais.');
    const offered = (await c.get(`/api/v1/materiais/${item.id}/transitions`, PCP)).body as { name: string }[];
    expect(offered.map((x) => x.name)).not.toContain('concluir-planejamento');
  });

  it('filters by module, site and due, and sorts by due date or age, in one query with the total', async () => {
    const a = await sentDoc();
    const b = await sentDoc();
    const c102 = await sentDoc('102');
    const now = Date.now();
    await setDue(a, new Date(now - 3_600_000), 'Violado');
    await setDue(b, new Date(now + 2 * 86_400_000), 'Em dia');

    // cliente@portal.local approves on site 101 only: the 102 document is not theirs.
    const all = await queue('_end=200');
    expect(ids(all.items)).toEqual(expect.arrayContaining([a, b]));
    expect(ids(all.items)).not.toContain(c102);
    expect(all.total).toBe(all.items.length);

    const late = await queue('vencimento=atrasadas&_end=200');
    expect(late.items.every((i) => i.overdue)).toBe(true);
    expect(ids(late.items)).toContain(a);
    expect(ids(late.items)).not.toContain(b);
    const week = await queue('vencimento=semana&_end=200');
    expect(ids(week.items)).toContain(b);
    expect(ids(week.items)).not.toContain(a);
    expect((await queue('vencimento=sem-prazo&_end=200')).items.every((i) => i.due === null)).toBe(true);

    expect(ids((await queue('obra=101&_end=200')).items)).toEqual(expect.arrayContaining([a, b]));
    const other = await queue('obra=999&_end=200');
    expect(other.total).toBe(0);
    expect((await queue('resource=contratos&_end=200')).items.every((i) => i.resource === 'contratos')).toBe(true);

    // By due date: earliest first, records without one last.
    const byDue = (await queue('_sort=due&_end=200')).items;
    const dues = byDue.map((i) => i.due);
    const firstNull = dues.indexOf(null);
    const dated = (firstNull < 0 ? dues : dues.slice(0, firstNull)) as string[];
    expect(dated).toEqual([...dated].sort());
    if (firstNull >= 0) expect(dues.slice(firstNull).every((d) => d === null)).toBe(true);
    expect(ids(byDue).indexOf(a)).toBeLessThan(ids(byDue).indexOf(b));
    const byDueDesc = (await queue('_sort=due&_order=desc&_end=200')).items.map((i) => i.due).filter(Boolean) as string[];
    expect(byDueDesc).toEqual([...byDueDesc].sort().reverse());
    // Oldest first.
    const oldest = (await queue('_sort=since&_order=asc&_end=200')).items.map((i) => i.since);
    expect(oldest).toEqual([...oldest].sort());
    // Paging keeps the total.
    const page = await queue('_sort=due&_start=0&_end=1');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(all.total);
  });

  it('"since" is when the item reached its state, not its last edit; a paused late item says it is paused (issue 36)', async () => {
    const id = await sentDoc();
    const other = await sentDoc();
    // The step to "PAP" was 40 days ago, its creation 41; it was edited just now.
    await sql`update auditoria set em = now() - interval '40 days' where recurso = 'projetos' and registro_id = ${id} and acao = 'transition'`.execute(
      t.api.db,
    );
    await sql`update auditoria set em = now() - interval '41 days' where recurso = 'projetos' and registro_id = ${id} and acao = 'create'`.execute(t.api.db);
    await sql`update projeto set updated_at = now() where id = ${id}`.execute(t.api.db);
    const { items } = await queue('resource=projetos&_sort=since&_order=asc&_end=200');
    const item = items.find((i) => i.id === id)!;
    expect(Math.abs(Date.parse(item.since) - (Date.now() - 40 * 86_400_000))).toBeLessThan(10 * 60_000);
    expect(ids(items).indexOf(id)).toBeLessThan(ids(items).indexOf(other));
    // One that reached its state just now waits since now.
    const fresh = items.find((i) => i.id === other)!;
    expect(Date.now() - Date.parse(fresh.since)).toBeLessThan(10 * 60_000);

    // On hold after its deadline had passed: still overdue, and paused (the app shows "pausado, atrasado há …", no red bar).
    const metas = [
      {
        meta: 'aprovacao-cliente',
        label: 'Aprovação do cliente',
        prazo: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        cumpridoEm: null,
        violado: true,
        pausado: true,
      },
    ];
    await setDue(id, new Date(Date.now() - 3 * 86_400_000), 'Violado');
    await sql`update projeto set "slaMetas" = ${JSON.stringify(metas)}::jsonb where id = ${id}`.execute(t.api.db);
    await setDue(other, new Date(Date.now() + 86_400_000), 'Em dia');
    const now = (await queue('resource=projetos&_end=200')).items;
    expect(now.find((i) => i.id === id)).toMatchObject({ overdue: true, paused: true });
    expect(now.find((i) => i.id === other)).toMatchObject({ overdue: false, paused: false });
  });

  it('shows a substitute the items of the absent person they stand in for (emNomeDe)', async () => {
    const r = await c.post(
      '/api/v1/projetos',
      {
        codigo: `FILA-${tag}-EL`,
        titulo: 'Em elaboração',
        obra: '101',
        categoria: 'Executivo',
        revisao: '0',
        projetista: person(PROJ),
        arquivos: pdf('el.pdf'),
      },
      PROJ,
    );
    expect(r.status).toBe(201);
    const own = DEMO_USERS[PROJ];
    t.api.addUser({ ...own, email: 'fila.substituto@portal.local', name: 'Substituto', emNomeDe: [PROJ] });
    t.api.addUser({ ...own, email: 'fila.colega@portal.local', name: 'Colega' });
    expect(ids((await queue('resource=projetos&_end=200', PROJ)).items)).toContain(r.body.id);
    expect(ids((await queue('resource=projetos&_end=200', 'fila.substituto@portal.local')).items)).toContain(r.body.id);
    expect(ids((await queue('resource=projetos&_end=200', 'fila.colega@portal.local')).items)).not.toContain(r.body.id);
  });

  it('offers as modules only those whose records can wait for the person (issue 36)', async () => {
    const modules = async (as: string) => {
      const r = await c.get('/api/v1/pendencias/modulos', as);
      expect(r.status).toBe(200);
      return (r.body as { resource: string; label: string }[]).map((m) => m.resource);
    };
    // The client approves CRE documents and signs its sites' daily reports and RITs (issue 40); it never acts on contracts or tickets' costs.
    expect(await modules(CLIENTE)).toEqual(['diarios', 'projetos', 'rits']);
    const all = await modules('admin@portal.local');
    expect(all).toEqual(expect.arrayContaining(['contratos', 'diarios', 'projetos']));
    expect((await c.get('/api/v1/pendencias/modulos', 'admin@portal.local')).body[0]).toEqual({ resource: expect.any(String), label: expect.any(String) });
  });

  it('refuses bad filter values with pt-BR messages', async () => {
    for (const [q, field] of [
      ['vencimento=ontem', 'vencimento'],
      ['resource=nada', 'resource'],
      ['_sort=titulo', '_sort'],
      ['_order=para-cima', '_order'],
    ]) {
      const r = await c.get(`/api/v1/pendencias?${q}`, CLIENTE);
      expect(r.status).toBe(400);
      expect(r.body.errors[field][0]).toMatch(/[a-zá-ú]/);
      expect(r.body.message).toBe('Filtro inválido em "Minhas pendências".');
    }
  });

  it('counts pending and overdue items for the bell', async () => {
    const { items, total } = await queue('_end=200');
    const r = await c.get('/api/v1/pendencias/contagem', CLIENTE);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ total, atrasadas: items.filter((i) => i.overdue).length });
    expect(r.body.atrasadas).toBeGreaterThan(0);
    t.api.addUser({ email: 'fila.vazia@portal.local', name: 'Fila Vazia', roles: [], obra: [] });
    const nobody = await c.get('/api/v1/pendencias/contagem', 'fila.vazia@portal.local');
    expect(nobody.body).toEqual({ total: 0, atrasadas: 0 });
  });

  it('approves several documents in one bulk action: each checked and recorded, a stale one listed as failed', async () => {
    const docs = [await sentDoc(), await sentDoc(), await sentDoc()];
    const { items } = await queue('resource=projetos&_end=200');
    const versions = new Map(items.map((i) => [i.id, i.version]));
    const body = {
      transition: 'aprovar',
      items: docs.map((id, i) => ({ resource: 'projetos', id, version: i === 1 ? versions.get(id)! - 1 : versions.get(id) })),
    };
    const r = await c.post('/api/v1/pendencias/lote', body, CLIENTE);
    expect(r.status).toBe(200);
    expect(r.body.ok.map((x: { id: number }) => x.id)).toEqual([docs[0], docs[2]]);
    expect(r.body.ok[0]).toMatchObject({ resource: 'projetos', state: 'AP', stateLabel: 'Aprovado' });
    expect(r.body.failed).toEqual([{ resource: 'projetos', id: docs[1], message: expect.stringMatching(/alterado por outra pessoa/) }]);

    for (const id of docs) {
      const rec = (await c.get(`/api/v1/projetos/${id}`)).body;
      const hist = (await c.get(`/api/v1/projetos/${id}/historico`)).body as { action: string; transition?: { name: string }; by?: string }[];
      const approvals = hist.filter((h) => h.action === 'transition' && h.transition?.name === 'aprovar');
      if (id === docs[1]) {
        expect(rec.Situacao).toBe('PAP');
        expect(approvals).toHaveLength(0);
      } else {
        expect(rec.Situacao).toBe('AP');
        expect(rec.decisaoPor.mail).toBe(CLIENTE);
        expect(approvals).toHaveLength(1);
      }
    }
    // The same step as a single approval (issue 36: "Aprovador do cliente" stayed empty after a bulk one).
    const single = await sentDoc();
    expect((await c.step('projetos', single, 'aprovar', CLIENTE)).status).toBe(200);
    const stamped = async (id: number) => {
      const rec = (await c.get(`/api/v1/projetos/${id}`)).body;
      return {
        Situacao: rec.Situacao,
        decisaoPor: rec.decisaoPor,
        aprovadorCliente: rec.aprovadorCliente,
        dataAprovacao: rec.dataAprovacao,
        decided: !!rec.decisaoEm,
      };
    };
    expect(await stamped(docs[0])).toEqual(await stamped(single));
    expect((await stamped(docs[0])).aprovadorCliente).toMatchObject({ mail: CLIENTE });
    const left = await queue('resource=projetos&_end=200');
    expect(ids(left.items)).toContain(docs[1]);
    expect(ids(left.items)).not.toContain(docs[0]);
  });

  it('refuses in bulk the steps that ask for a comment, and those the caller may not take', async () => {
    const doc = await sentDoc();
    const v = (await c.get(`/api/v1/projetos/${doc}`)).body.version;
    const comment = await c.post('/api/v1/pendencias/lote', { transition: 'reprovar', items: [{ resource: 'projetos', id: doc, version: v }] }, CLIENTE);
    expect(comment.status).toBe(200);
    expect(comment.body.ok).toEqual([]);
    expect(comment.body.failed[0].message).toBe('"Reprovar" pede um comentário: faça-a no registro.');
    const notMine = await c.post('/api/v1/pendencias/lote', { transition: 'aprovar', items: [{ resource: 'projetos', id: doc, version: v }] }, PROJ);
    expect(notMine.body.failed[0].message).toMatch(/não tem permissão/);
    const unknown = await c.post('/api/v1/pendencias/lote', { transition: 'voar', items: [{ resource: 'projetos', id: doc, version: v }] }, CLIENTE);
    expect(unknown.body.failed[0].message).toBe('Ação não encontrada neste fluxo.');
    expect((await c.get(`/api/v1/projetos/${doc}`)).body.Situacao).toBe('PAP');
  });

  it('refuses a malformed bulk request with 400 and per-field messages', async () => {
    const cases: [unknown, string][] = [
      [{ items: [{ resource: 'projetos', id: 1, version: 1 }] }, 'transition'],
      [{ transition: 'aprovar', items: [] }, 'items'],
      [{ transition: 'aprovar', items: Array.from({ length: 101 }, (_, i) => ({ resource: 'projetos', id: i + 1, version: 1 })) }, 'items'],
      [{ transition: 'aprovar', items: [{ resource: 'nada', id: 1, version: 1 }] }, 'items.0.resource'],
      [{ transition: 'aprovar', items: [{ resource: 'projetos', id: 'x', version: 1 }] }, 'items.0.id'],
      [{ transition: 'aprovar', items: [{ resource: 'projetos', id: 1 }] }, 'items.0.version'],
    ];
    for (const [body, field] of cases) {
      const r = await c.post('/api/v1/pendencias/lote', body, CLIENTE);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.errors[field]).toBeDefined();
    }
    expect((await c.post('/api/v1/pendencias/lote', [1], CLIENTE)).status).toBe(400);
  });
});
