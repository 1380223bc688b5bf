import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { SCHEMAS, schemaByResource } from '../../schemas';
import { loadCalendar } from '../../src/server/sla/calendar-config';
import { addBusinessMinutes } from '../../src/server/sla/calendar';
import { slaTick } from '../../src/server/sla/jobs';
import { backfillSla } from '../../src/server/sla/engine';
import type { SlaDecl } from '../../schemas/sla-types';

const ADMIN = 'admin@portal.local';
const POS = 'posvendas@portal.local';
const MARIANA = 'mariana.duarte@portal.local';

type Ticket = {
  id: number;
  version: number;
  status: string;
  slaPrazo: string | null;
  slaSituacao: string | null;
  slaPausaMin: number | null;
  slaMetas: Meta[];
};
type Meta = { meta: string; label: string; prazo: string | null; cumpridoEm: string | null; violado: boolean; pausado?: boolean };

describe.each(BACKENDS)('SLA (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const cliente = async () => ((await c.get('/api/v1/posvendas?_end=1')).body as { cliente: string }[])[0].cliente;
  const newTicket = async (extra: Record<string, unknown>): Promise<Ticket> => {
    const r = await c.post('/api/v1/posvendas', {
      titulo: 'Vazamento no painel',
      descricao: 'Vaza óleo no painel.',
      comentario: 'Aberto pelo teste.',
      cliente: await cliente(),
      obra: '101',
      categoria: 'Garantia',
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Ticket;
  };
  const meta = (tk: Ticket, key: string) => tk.slaMetas.find((m) => m.meta === key)!;

  it('the demo data has its deadlines from the start, before the job first runs (issue 36)', async () => {
    for (const table of ['posvenda', 'contrato', 'projeto']) {
      const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where "slaMetas" is null`.execute(t.api.db);
      expect(Number(r.rows[0].n), table).toBe(0);
    }
    const inbox = await c.get('/api/v1/pendencias?_end=200', POS);
    expect(inbox.status).toBe(200);
    expect((inbox.body as { due: string | null }[]).some((i) => i.due !== null)).toBe(true);
  });
  const mailsAbout = async (id: number) =>
    (
      await sql<{ para: string[]; assunto: string; texto: string; html: string | null }>`
        select para, assunto, texto, html from mensagem where referencia = ${`posvendas/${id}`} and assunto like '%SLA%' order by id`.execute(t.api.db)
    ).rows;

  it('sets the deadlines by priority on create, and again when the priority changes', async () => {
    const abertura = new Date().toISOString();
    const tk = await newTicket({ prioridade: 'Alta', abertura });
    const cal = await loadCalendar(t.api.db);
    expect(tk.slaSituacao).toBe('Em dia');
    expect(tk.slaMetas.map((m) => m.meta)).toEqual(['primeira-resposta', 'resolucao']);
    expect(Date.parse(meta(tk, 'primeira-resposta').prazo!)).toBe(addBusinessMinutes(cal, new Date(abertura), 4 * 60).getTime());
    expect(Date.parse(meta(tk, 'resolucao').prazo!)).toBe(addBusinessMinutes(cal, new Date(abertura), 16 * 60).getTime());
    expect(Date.parse(tk.slaPrazo!)).toBe(Date.parse(meta(tk, 'primeira-resposta').prazo!));

    const critical = await c.patch(`/api/v1/posvendas/${tk.id}`, { version: tk.version, prioridade: 'Crítica' });
    expect(critical.status).toBe(200);
    expect(Date.parse(critical.body.slaPrazo)).toBe(addBusinessMinutes(cal, new Date(abertura), 2 * 60).getTime());
    // Server-set: a client's value is ignored.
    const forged = await c.patch(`/api/v1/posvendas/${tk.id}`, { version: critical.body.version, slaSituacao: 'Atendido', slaPrazo: '2099-01-01T00:00:00Z' });
    expect([200, 400]).toContain(forged.status);
    const now = (await c.get(`/api/v1/posvendas/${tk.id}`)).body as Ticket;
    expect(now.slaSituacao).toBe('Em dia');
    expect(Date.parse(now.slaPrazo!)).toBe(addBusinessMinutes(cal, new Date(abertura), 2 * 60).getTime());
  });

  it('fulfils the first response on the first step, pauses while waiting for the client and ends Atendido', async () => {
    const tk = await newTicket({ prioridade: 'Média', abertura: new Date().toISOString() });
    const analysed = (await c.step('posvendas', tk.id, 'analisar', ADMIN)).body as Ticket;
    expect(meta(analysed, 'primeira-resposta').cumpridoEm).not.toBeNull();
    expect(meta(analysed, 'primeira-resposta').violado).toBe(false);
    expect(analysed.slaPrazo).toBe(meta(analysed, 'resolucao').prazo);
    await c.step('posvendas', tk.id, 'atender', ADMIN);
    const waiting = (await c.step('posvendas', tk.id, 'aguardar-cliente', ADMIN)).body as Ticket;
    expect(waiting.slaSituacao).toBe('Pausado');
    expect(waiting.slaPrazo).toBeNull();
    expect(meta(waiting, 'resolucao').pausado).toBe(true);
    const resumed = (await c.step('posvendas', tk.id, 'retomar', ADMIN)).body as Ticket;
    expect(resumed.slaSituacao).toBe('Em dia');
    expect(Date.parse(resumed.slaPrazo!)).toBeGreaterThanOrEqual(Date.parse(analysed.slaPrazo!));
    expect(resumed.slaPausaMin).toBeGreaterThanOrEqual(0);
    const done = (await c.step('posvendas', tk.id, 'concluir', ADMIN, { comment: 'Trocada a vedação.' })).body as Ticket;
    expect(done.slaSituacao).toBe('Atendido');
    expect(done.slaPrazo).toBeNull();
    expect(meta(done, 'resolucao').cumpridoEm).not.toBeNull();
    // Listed and filterable.
    const list = await c.get(`/api/v1/posvendas?slaSituacao=Atendido&id=${tk.id}`);
    expect(list.status).toBe(200);
    expect((list.body as Ticket[]).map((x) => x.id)).toEqual([tk.id]);
  });

  it('marks an old ticket Violado and sends breach and escalation exactly once with two concurrent job runs', async () => {
    const old = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const tk = await newTicket({ prioridade: 'Crítica', abertura: old });
    expect(tk.slaSituacao).toBe('Violado');
    expect(meta(tk, 'primeira-resposta').violado).toBe(true);
    await Promise.all([slaTick(t.api.db, SCHEMAS), slaTick(t.api.db, SCHEMAS)]);
    await slaTick(t.api.db, SCHEMAS);
    const mails = await mailsAbout(tk.id);
    const breach = mails.filter((m) => /SLA violado/.test(m.assunto));
    const escalation = mails.filter((m) => /Escalonamento/.test(m.assunto));
    // First response and resolution both breached: one breach and one escalation naming both
    // targets (issue 36: never two messages with the same subject for one record), each target claimed once.
    expect(breach).toHaveLength(1);
    expect(escalation).toHaveLength(1);
    expect(breach[0].texto).toMatch(/Os prazos de "Primeira resposta" \(venceu em .*\) e "Resolução" \(venceu em .*\) não foram cumpridos\./);
    expect(breach[0].para).toContain(POS);
    expect(escalation[0].para).toContain(MARIANA);
    // …and the holder's manager (Pós-Vendas' `gestor` in the user directory), not the holder.
    expect(escalation[0].para).toContain(ADMIN);
    expect(escalation[0].para).not.toContain(POS);
    expect(escalation[0].html).toMatch(/Abrir no portal/);
    expect(breach[0].texto).toMatch(/venceu em \d{2}\/\d{2}\/\d{4}/);
    const claims = await sql<{ n: string }>`select count(*) as n from sla_evento where recurso = 'posvendas' and registro_id = ${tk.id}`.execute(t.api.db);
    expect(Number(claims.rows[0].n)).toBe(4);
  });

  it("never tells a client of the company's clock: a late client approval is told to whoever sent it (issue 36)", async () => {
    const doc = (await sql<{ id: number }>`select id from projeto where "Situacao" = 'VI' and obra = '101' order by id limit 1`.execute(t.api.db)).rows[0];
    expect(doc, 'a demo document in internal review on site 101').toBeTruthy();
    const sentToClient = await c.step('projetos', doc.id, 'enviar-cliente', ADMIN);
    expect(sentToClient.status, JSON.stringify(sentToClient.body)).toBe(200);
    const late = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    await sql`update projeto set "prazoAprovacao" = ${late}, "slaMetas" = null where id = ${doc.id}`.execute(t.api.db);
    await sql`delete from sla_evento where recurso = 'projetos' and registro_id = ${doc.id}`.execute(t.api.db);
    await slaTick(t.api.db, SCHEMAS);
    const sent = (
      await sql<{ para: string[]; assunto: string }>`
        select para, assunto from mensagem where referencia = ${`projetos/${doc.id}`} and assunto like '%SLA%' order by id`.execute(t.api.db)
    ).rows;
    const breach = sent.filter((m) => /SLA violado/.test(m.assunto));
    expect(breach).toHaveLength(1);
    expect(breach[0].para).toEqual([ADMIN]); // who sent it to the client, not the client approvers
    for (const m of sent) expect(m.para, m.assunto).not.toContain('cliente@portal.local');
    const clients = await sql<{ email: string }>`select lower(email) as email from usuario where tipo = 'cliente'`.execute(t.api.db);
    const external = new Set(clients.rows.map((r) => r.email));
    for (const m of sent) for (const to of m.para) expect(external.has(to), `${m.assunto} → ${to}`).toBe(false);
  });

  it('sends the reminder once when 20% of the time is left, and the job marks the breach of an untouched ticket', async () => {
    const abertura = new Date();
    const tk = await newTicket({ prioridade: 'Baixa', abertura: abertura.toISOString() });
    const cal = await loadCalendar(t.api.db);
    const later = addBusinessMinutes(cal, abertura, 16 * 60 * 0.85); // 15% of the first response left
    await Promise.all([slaTick(t.api.db, SCHEMAS, later), slaTick(t.api.db, SCHEMAS, later)]);
    let mails = await mailsAbout(tk.id);
    expect(mails.filter((m) => /Lembrete de SLA/.test(m.assunto))).toHaveLength(1);
    expect(mails[0].para).toContain(POS);
    const past = addBusinessMinutes(cal, abertura, 16 * 60 + 30);
    await slaTick(t.api.db, SCHEMAS, past);
    const after = (await c.get(`/api/v1/posvendas/${tk.id}`)).body as Ticket;
    expect(after.slaSituacao).toBe('Violado');
    mails = await mailsAbout(tk.id);
    expect(mails.filter((m) => /SLA violado/.test(m.assunto))).toHaveLength(1);
    expect(mails.filter((m) => /Escalonamento/.test(m.assunto))).toHaveLength(1);
  });

  it('computes the SLA of existing records (migration backfill and the job) from their history', async () => {
    const tk = await newTicket({ prioridade: 'Alta', abertura: new Date().toISOString() });
    await c.step('posvendas', tk.id, 'analisar', ADMIN);
    const before = (await c.get(`/api/v1/posvendas/${tk.id}`)).body as Ticket;
    await sql`update posvenda set "slaMetas" = null, "slaPrazo" = null, "slaSituacao" = null where id = ${tk.id}`.execute(t.api.db);
    await t.api.db.transaction().execute((trx) => backfillSla(trx, SCHEMAS));
    const after = (await c.get(`/api/v1/posvendas/${tk.id}`)).body as Ticket;
    expect(after.slaMetas).toEqual(before.slaMetas);
    expect(after.slaSituacao).toBe(before.slaSituacao);
    // Demo tickets have theirs too.
    const seeded = await sql<{ n: string }>`select count(*) as n from posvenda where "slaMetas" is null`.execute(t.api.db);
    await slaTick(t.api.db, SCHEMAS);
    const left = await sql<{ n: string }>`select count(*) as n from posvenda where "slaMetas" is null`.execute(t.api.db);
    expect(Number(left.rows[0].n)).toBe(0);
    expect(Number(seeded.rows[0].n)).toBeGreaterThanOrEqual(0);
  });

  it('lets the administrators change the targets (version, 409) and refuses bad policies with pt-BR messages, storing nothing', async () => {
    const got = await c.get('/api/v1/sla/posvendas');
    expect(got.status).toBe(200);
    expect(got.body.canEdit).toBe(true);
    const v = got.body.version as number;
    const sla = got.body.sla;
    const put = (body: unknown, as = ADMIN) =>
      t.api.request('/api/v1/sla/posvendas', { method: 'PUT', as, json: body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const bad = async (mutate: (s: SlaDecl) => void, key: RegExp, msg: RegExp) => {
      const s = structuredClone(sla);
      mutate(s);
      const r = await put({ version: v, sla: s });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors).join(' ')).toMatch(key);
      expect(JSON.stringify(r.body)).toMatch(msg);
    };
    await bad((s) => (s.policies[0].when = { naoExiste: 'x' }), /policies\.0\.when\.naoExiste/, /Campo desconhecido/);
    await bad((s) => (s.policies[0].targets[0].amount = -2), /policies\.0\.targets\.0\.amount/, /maior que zero/);
    await bad((s) => (s.policies[0].targets[0].amount = 0), /policies\.0\.targets\.0\.amount/, /maior que zero/);
    await bad((s) => (s.pauseIn = ['Esperando Godot']), /pauseIn/, /Situação inexistente/);
    await bad((s) => (s.policies[0].targets[1].fulfilIn = ['Arquivado']), /fulfilIn/, /Situação inexistente/);
    await bad((s) => (s.policies[0].when = { prioridade: 'Altíssima' }), /when\.prioridade/, /Valor inexistente/);
    expect((await c.get('/api/v1/sla/posvendas')).body.version).toBe(v);

    expect((await put({ version: v, sla }, POS)).status).toBe(403);
    const s = structuredClone(sla);
    s.policies[3].targets[0].amount = 1; // low priority: first response in 1 business hour
    const ok = await put({ version: v, sla: s });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(v + 1);
    expect((await put({ version: v, sla: s })).status).toBe(409);
    const tk = await newTicket({ prioridade: 'Baixa', abertura: new Date().toISOString() });
    const cal = await loadCalendar(t.api.db);
    expect(Date.parse(meta(tk, 'primeira-resposta').prazo!)).toBe(
      addBusinessMinutes(cal, new Date((tk as unknown as { abertura: string }).abertura), 60).getTime(),
    );
    expect(schemaByResource('posvendas')?.sla).toBeDefined();
  });

  it('applies to CRE approval (the document deadline), SGI treatment and contract stages', async () => {
    const proj = await sql<{ id: number; slaMetas: unknown; prazoAprovacao: string | null; Situacao: string }>`
      select id, "slaMetas", "prazoAprovacao", "Situacao" from projeto where "Situacao" = 'PAP' and "prazoAprovacao" is not null limit 1`.execute(t.api.db);
    await slaTick(t.api.db, SCHEMAS);
    if (proj.rows[0]) {
      const p = (await c.get(`/api/v1/projetos/${proj.rows[0].id}`)).body;
      expect(p.slaMetas.map((m: Meta) => m.meta)).toEqual(['aprovacao-cliente']);
      expect(p.slaMetas[0].prazo.slice(0, 10) >= p.prazoAprovacao).toBe(true);
    }
    const k = (await c.get('/api/v1/contratos?status=Revisão&_end=1')).body[0];
    const kk = (await c.get(`/api/v1/contratos/${k.id}`)).body;
    expect(kk.slaMetas.map((m: Meta) => m.meta)).toEqual(['revisao']);
    expect(kk.slaSituacao).toMatch(/Em dia|Violado/);
    // SGI action plans: due at the end of their "Prazo final", met when concluded.
    const plano = (await c.get(`/api/v1/planos-acao?status=${encodeURIComponent('Em execução')}&_end=1`)).body[0];
    expect(plano?.prazo, 'a demo plan in execution with a deadline').toBeTruthy();
    const pp = (await c.get(`/api/v1/planos-acao/${plano.id}`)).body;
    expect(pp.slaMetas.map((m: Meta) => m.meta)).toEqual(['prazo-plano']);
    expect(pp.slaMetas[0].prazo.slice(0, 10) >= pp.prazo).toBe(true);
    expect(pp.slaSituacao).toBe('Violado'); // its deadline (2025) has passed
  });
});
