/**
 * docs/access.md decision 29, API side: external users (a client, a supplier, a law firm) never receive a
 * record in a draft state, a staff e-mail address or an internal field, in lists, single reads,
 * history, exports (the list API page by page), aggregates or transition answers; a supplier answers
 * its SGI records with a supplier-portal entry and attachments (the SGI team is e-mailed), and
 * updates the situation and evidence of its own rows of the action plans naming its company.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SCHEMAS } from '../../schemas';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const SUP = 'fornecedor@portal.local';
const LAW = 'escritorio@portal.local';
const CLI = 'cliente@portal.local';
const EXTERNALS = [SUP, LAW, CLI];
const OWNER = 'renata.costa@portal.local';
const SECRET_NOTE = 'Nota interna SGI 5521: fornecedor em observação';
const SECRET_RETURN = 'Devolução interna 8830: falta evidência da equipe';

type Rec = Record<string, unknown> & { id: number; version: number };
type Json = Record<string, unknown>;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MAIL = /[A-Za-z0-9._%+-]+@portal\.local/g;

describe.each(BACKENDS)('external users: no drafts, staff e-mails or internal fields; suppliers answer (decision 29, %s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let empresa: string;
  let mine: Rec; // the supplier's record, accepted, with an internal note and a returned-with-comment history
  let draft: Rec; // the supplier's record, still a draft
  let foreign: Rec; // another supplier's record
  let plan: Rec; // a plan of `mine`: row 0 the team's, row 1 the supplier's
  let foreignPlan: Rec; // a plan naming another supplier

  const upload = async (as: string, query: string) => {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'evidencia.pdf');
    const res = await t.api.request(`/api/v1/arquivos?${query}`, { method: 'POST', body: form, as });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.api.db)).rows[0].n);
  const newTicket = async (fornecedor: string, titulo: string) => {
    const r = await c.post(
      '/api/v1/tickets-sgi',
      {
        area: 'Qualidade',
        tipo: 'RNC',
        severidade: 'Média',
        origem: 'Fornecedor',
        titulo,
        dataOcorrencia: '2026-10-01',
        fornecedor,
        descricao: 'Peças entregues fora da especificação.',
        relator: person('sm@portal.local', 'Site Manager'),
        responsavel: person(OWNER, 'Renata Costa'),
        comentarioInterno: SECRET_NOTE,
      },
      'admin@portal.local',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Rec;
  };

  beforeAll(async () => {
    empresa = (await c.get('/api/v1/me', SUP)).body.user.empresa[0];
    expect(empresa).toBeTruthy();
    mine = await newTicket(empresa, `RNC do fornecedor ${backend}`);
    expect((await c.step('tickets-sgi', mine.id, 'enviar-triagem', 'admin@portal.local')).status).toBe(200);
    expect((await c.step('tickets-sgi', mine.id, 'devolver', 'sgi@portal.local', { comment: SECRET_RETURN })).status).toBe(200);
    expect((await c.step('tickets-sgi', mine.id, 'enviar-triagem', 'admin@portal.local')).status).toBe(200);
    const accepted = await c.step('tickets-sgi', mine.id, 'aceitar', 'sgi@portal.local');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    mine = accepted.body as Rec;
    draft = await newTicket(empresa, `Rascunho do fornecedor ${backend}`);
    foreign = await newTicket(CNPJ.trafoSul, `RNC de outro fornecedor ${backend}`);
    expect((await c.step('tickets-sgi', foreign.id, 'enviar-triagem', 'admin@portal.local')).status).toBe(200);
    expect((await c.step('tickets-sgi', foreign.id, 'aceitar', 'sgi@portal.local')).status).toBe(200);
    const p = await c.post(
      '/api/v1/planos-acao',
      {
        ticket: mine.id,
        titulo: 'Tratativa com o fornecedor',
        responsavel: person(OWNER, 'Renata Costa'),
        prazo: '2026-12-20',
        observacoes: SECRET_NOTE,
        acoes: [
          { oQue: 'Auditar o processo do fornecedor', quando: '2026-11-10', quem: OWNER, status: 'Pendente', quanto: 4200 }, // a staff address typed in free text
          { oQue: 'Medir 100% das peças', quando: '2026-11-30', quem: 'Sérgio Dias', fornecedor: empresa, status: 'Pendente', quanto: 1800 },
        ],
      },
      'sgi@portal.local',
    );
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    plan = p.body as Rec;
    const q = await c.post(
      '/api/v1/planos-acao',
      {
        ticket: foreign.id,
        titulo: 'Plano de outro fornecedor',
        responsavel: person(OWNER, 'Renata Costa'),
        acoes: [{ oQue: 'Trocar o transformador', quando: '2026-11-30', quem: 'Trafo Sul', fornecedor: CNPJ.trafoSul, status: 'Pendente' }],
      },
      'sgi@portal.local',
    );
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    foreignPlan = q.body as Rec;
  });

  /** Every answer an external user gets from the resources it may list: lists, reads, history, aggregates. */
  async function everythingSeenBy(as: string) {
    const bodies: { path: string; text: string; body: unknown }[] = [];
    const get = async (path: string) => {
      const r = await c.get(path, as);
      if (r.status === 200) bodies.push({ path, text: JSON.stringify(r.body), body: r.body });
      return r;
    };
    const readable: string[] = [];
    for (const s of SCHEMAS) {
      const list = await get(`/api/v1/${s.resource}?_end=1000`);
      if (list.status !== 200) continue;
      readable.push(s.resource);
      if (s.workflow) await get(`/api/v1/${s.resource}/aggregate?groupBy=${s.workflow.field}`);
      for (const row of (list.body as Rec[]).slice(0, 25)) {
        await get(`/api/v1/${s.resource}/${row.id}`);
        await get(`/api/v1/${s.resource}/${row.id}/historico`);
        if (s.workflow) await get(`/api/v1/${s.resource}/${row.id}/transitions`);
      }
    }
    return { bodies, readable };
  }

  it("the supplier sees its accepted record with staff people by name, never its draft, nor the team's comments", async () => {
    const list = (await c.get('/api/v1/tickets-sgi?_end=1000', SUP)).body as Rec[];
    expect(list.map((r) => r.id)).toContain(mine.id);
    expect(list.map((r) => r.id)).not.toContain(draft.id);
    expect(list.map((r) => r.id)).not.toContain(foreign.id);
    const read = await c.get(`/api/v1/tickets-sgi/${mine.id}`, SUP);
    expect(read.status).toBe(200);
    expect(read.body.responsavel).toEqual({ nome: 'Renata Costa' });
    expect(read.body).not.toHaveProperty('comentarioInterno');
    expect(read.body.created_by).not.toMatch(/@/);
    // Staff still see everything.
    const staff = await c.get(`/api/v1/tickets-sgi/${mine.id}`, 'sgi@portal.local');
    expect(staff.body.responsavel.mail).toBe(OWNER);
    expect(staff.body.comentarioInterno).toBe(SECRET_NOTE);
    const history = (await c.get(`/api/v1/tickets-sgi/${mine.id}/historico`, SUP)).body as Json[];
    expect(history.some((h) => (h.transition as Json | null)?.name === 'devolver')).toBe(true);
    expect(history.every((h) => !h.comment)).toBe(true);
    const staffHistory = (await c.get(`/api/v1/tickets-sgi/${mine.id}/historico`, 'sgi@portal.local')).body as Json[];
    expect(staffHistory.some((h) => h.comment === SECRET_RETURN)).toBe(true);
    expect([403, 404]).toContain((await c.get(`/api/v1/tickets-sgi/${draft.id}`, SUP)).status);
    expect([403, 404]).toContain((await c.get(`/api/v1/tickets-sgi/${draft.id}/historico`, SUP)).status);
    const total = (await c.get('/api/v1/tickets-sgi/aggregate?groupBy=status', SUP)).body as { rows: Json[] };
    expect(total.rows.some((r) => r.status === 'RASCUNHO')).toBe(false);
  });

  it("an external user cannot probe a staff member's address through filters, sorts, searches or groupings", async () => {
    for (const path of [
      `/api/v1/tickets-sgi?responsavel.mail=${OWNER}`,
      `/api/v1/tickets-sgi?responsavel=${OWNER}`,
      '/api/v1/tickets-sgi?responsavel.mail_like=renata',
      `/api/v1/tickets-sgi?created_by=admin@portal.local`,
      '/api/v1/tickets-sgi?_sort=responsavel.mail&_order=asc',
      '/api/v1/tickets-sgi/aggregate?groupBy=responsavel.mail',
    ]) {
      expect((await c.get(path, SUP)).status, path).toBe(403);
    }
    expect((await c.get('/api/v1/tickets-sgi/aggregate?groupBy=responsavel.nome', SUP)).status).toBe(200);
    expect((await c.get(`/api/v1/tickets-sgi?created_by=${SUP}`, SUP)).status).toBe(200);
    // The free-text search does not look into addresses.
    const q = await c.get('/api/v1/tickets-sgi?q=renata.costa', SUP);
    expect(q.status).toBe(200);
    expect(q.body).toEqual([]);
    // Staff filter by address as before.
    expect((await c.get(`/api/v1/tickets-sgi?responsavel.mail=${OWNER}&_end=5`, 'sgi@portal.local')).status).toBe(200);
  });

  it('the supplier answers its record with an attachment; the SGI team and the plan owner are e-mailed', async () => {
    const up = await upload(SUP, 'recurso=portal-fornecedor&campo=anexos');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const file = { key: up.body.key, name: up.body.name, size: up.body.size, type: up.body.type };
    const r = await c.post(
      '/api/v1/portal-fornecedor',
      {
        ticket: mine.id,
        assunto: 'Resposta à RNC',
        mensagem: 'Implantamos medição de 100% das peças.',
        anexos: [file],
        fornecedor: CNPJ.trafoSul,
        status: 'Aceito',
        resposta: 'Aceita por mim mesmo',
      },
      SUP,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.fornecedor).toBe(empresa);
    expect(r.body.email).toBe(SUP);
    expect(r.body.status).toBe('Recebido');
    expect(r.body.resposta ?? null).toBeNull();
    expect((r.body.anexos as Json[]).map((f) => f.key)).toEqual([file.key]);
    // The supplier and the SGI team read the entry and its file.
    expect((await c.get(`/api/v1/portal-fornecedor/${r.body.id}`, SUP)).status).toBe(200);
    expect((await t.api.request(`/api/v1/arquivos/${file.key}`, { as: 'sgi@portal.local' })).status).toBe(200);
    const ref = `portal-fornecedor/${r.body.id}`;
    expect((await c.mails('sgi@portal.local', ref)).length).toBe(1);
    expect((await c.mails(OWNER, ref)).length).toBe(1);
    expect((await c.mails(SUP, ref)).length).toBe(0);
  });

  it("the supplier cannot answer another company's record, a draft, or without a record: 403/400, nothing stored", async () => {
    const before = await count('portalFornecedor');
    const body = (ticket: unknown) => ({ ticket, assunto: 'Resposta', mensagem: 'Tentativa.' });
    expect((await c.post('/api/v1/portal-fornecedor', body(foreign.id), SUP)).status).toBe(403);
    expect((await c.post('/api/v1/portal-fornecedor', { ...body(foreign.id), fornecedor: empresa }, SUP)).status).toBe(403);
    expect((await c.post('/api/v1/portal-fornecedor', body(draft.id), SUP)).status).toBe(403);
    const none = await c.post('/api/v1/portal-fornecedor', { assunto: 'Sem registro', mensagem: 'Tentativa.' }, SUP);
    expect(none.status).toBe(400);
    expect(none.body.errors.ticket).toBeTruthy();
    // Nor open or edit SGI records, nor answer as a law firm or client.
    expect((await c.post('/api/v1/tickets-sgi', { titulo: 'Novo', fornecedor: empresa }, SUP)).status).toBe(403);
    expect((await c.patch(`/api/v1/tickets-sgi/${mine.id}`, { version: mine.version, titulo: 'Alterado' }, SUP)).status).toBe(403);
    expect((await c.post('/api/v1/portal-fornecedor', body(mine.id), LAW)).status).toBe(403);
    expect(await count('portalFornecedor')).toBe(before);
  });

  it('the supplier reads the plans naming its company and updates only the situation and evidence of its rows', async () => {
    const list = (await c.get('/api/v1/planos-acao?_end=1000', SUP)).body as Rec[];
    expect(list.map((r) => r.id)).toContain(plan.id);
    expect(list.map((r) => r.id)).not.toContain(foreignPlan.id);
    expect([403, 404]).toContain((await c.get(`/api/v1/planos-acao/${foreignPlan.id}`, SUP)).status);
    // A staff address typed in an action's "Quem" reaches the supplier as the person's name.
    const seen = (await c.get(`/api/v1/planos-acao/${plan.id}`, SUP)).body as Rec;
    expect((seen.acoes as Json[])[0].quem).toBe('Renata Costa');
    expect(seen).not.toHaveProperty('observacoes'); // the team's verification notes are internal
    // The actions' costs are internal too, in the team's rows and in its own.
    for (const row of seen.acoes as Json[]) expect(row).not.toHaveProperty('quanto');
    // The seeded RNC's plan names the demo supplier too.
    expect(list.some((r) => r.titulo === 'Tratativa da RNC de pintura')).toBe(true);
    const current = (await c.get(`/api/v1/planos-acao/${plan.id}`, 'sgi@portal.local')).body as Rec;
    const rows = current.acoes as Json[];
    const up = await upload(SUP, `recurso=planos-acao&campo=acoes.anexos&id=${plan.id}`);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const evidence = { key: up.body.key, name: up.body.name, size: up.body.size, type: up.body.type };
    const patch = (acoes: Json[], as = SUP, version = current.version) => c.patch(`/api/v1/planos-acao/${plan.id}`, { version, acoes }, as);

    // Someone else's row, a field other than situation/evidence, a new row, a cancellation: refused.
    expect((await patch([{ ...rows[0], status: 'Concluída' }, rows[1]])).status).toBe(403);
    expect((await patch([rows[0], { ...rows[1], oQue: 'Outra coisa' }])).status).toBe(403);
    expect((await patch([rows[0], { ...rows[1], quando: '2027-01-01' }])).status).toBe(403);
    expect((await patch([...rows, { oQue: 'Nova', quando: '2026-12-01', quem: 'Eu', fornecedor: empresa, status: 'Pendente' }])).status).toBe(403);
    expect((await patch([rows[0], { ...rows[1], status: 'Cancelada' }])).status).toBe(403);
    expect((await c.patch(`/api/v1/planos-acao/${plan.id}`, { version: current.version, titulo: 'Outro título' }, SUP)).status).toBe(403);
    expect(
      (
        await c.patch(
          `/api/v1/planos-acao/${foreignPlan.id}`,
          { version: foreignPlan.version, acoes: [{ ...(foreignPlan.acoes as Json[])[0], status: 'Concluída' }] },
          SUP,
        )
      ).status,
    ).toBe(403);
    expect((await c.step('planos-acao', plan.id, 'iniciar', SUP)).status).toBe(403);
    const unchanged = (await c.get(`/api/v1/planos-acao/${plan.id}`, 'sgi@portal.local')).body as Rec;
    expect(unchanged.version).toBe(current.version);

    // The supplier sends back the plan as it received it (the team's row with a name in "Quem").
    const shown = seen.acoes as Json[];
    const ok = await c.patch(
      `/api/v1/planos-acao/${plan.id}`,
      {
        ...seen,
        version: current.version,
        acoes: [shown[0], { ...shown[1], status: 'Em andamento', evidencia: 'Medição implantada na linha 2.', anexos: [evidence] }],
      },
      SUP,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const saved = ok.body.acoes as Json[];
    expect(saved[1]).toMatchObject({ status: 'Em andamento', evidencia: 'Medição implantada na linha 2.' });
    expect(saved[1]).not.toHaveProperty('quanto');
    expect((saved[1].anexos as Json[]).map((f) => f.key)).toEqual([evidence.key]);
    expect((await c.mails(OWNER, `planos-acao/${plan.id}`)).length).toBe(1);
    expect((await c.mails('sgi@portal.local', `planos-acao/${plan.id}`)).length).toBe(1);
    // The team's row is untouched.
    const after = (await c.get(`/api/v1/planos-acao/${plan.id}`, 'sgi@portal.local')).body as Rec;
    expect((after.acoes as Json[])[0]).toEqual(rows[0]);
    // The costs the supplier never received are kept as the team stored them.
    expect((after.acoes as Json[]).map((r) => Number(r.quanto))).toEqual([4200, 1800]);
  });

  it.each(EXTERNALS)('%s receives no draft, no staff e-mail address and no internal field (after the exchanges above)', async (as) => {
    const { bodies, readable } = await everythingSeenBy(as);
    expect(readable.length).toBeGreaterThan(0);
    if (as === SUP) expect(readable).toEqual(expect.arrayContaining(['tickets-sgi', 'portal-fornecedor', 'planos-acao']));
    if (as === LAW) expect(readable).toContain('processos-juridicos');
    if (as === CLI) expect(readable).toContain('projetos');
    for (const { path, text, body } of bodies) {
      const others = [...new Set(text.match(MAIL) ?? [])].filter((m) => m.toLowerCase() !== as);
      expect(others, path).toEqual([]);
      expect(text, path).not.toContain(SECRET_NOTE);
      expect(text, path).not.toContain(SECRET_RETURN);
      expect(text, path).not.toContain('comentarioInterno');
      // No record in a draft state (lists and reads).
      const rows = Array.isArray(body) ? (body as Json[]) : [body as Json];
      for (const r of rows) if (r && typeof r === 'object' && 'status' in r && !('action' in r)) expect(['RASCUNHO', 'Rascunho'], path).not.toContain(r.status);
    }
  });
});
