import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { SCHEMAS, schemaByResource } from '../../schemas';
import { loadCalendar } from '../../src/server/sla/calendar-config';
import { addBusinessMinutes } from '../../src/server/sla/calendar';
import { slaTick, slaTickSchema } from '../../src/server/sla/jobs';
import { flushNotices } from '../../src/server/sla/notices';
import { posvenda } from '../../schemas/posvenda';
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

describe.each(ENGINE_BACKENDS)('SLA (%s)', (backend) => {
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
  /** The SLA messages queued after message `after`, one line per record and kind of event (issue 36: one message per person). */
  type Line = { to: string; subject: string; title: string; detail: string; url: string; kind: 'lembrete' | 'violacao' | 'escalonamento' };
  const lastMail = async () => Number((await sql<{ n: string | null }>`select max(id) as n from mensagem`.execute(t.api.db)).rows[0].n ?? 0);
  const slaMails = async (after = 0) =>
    (
      await sql<{ para: string[]; assunto: string; texto: string; html: string | null; referencia: string | null }>`
        select para, assunto, texto, html, referencia from mensagem where id > ${after} and assunto like '%SLA%' order by id`.execute(t.api.db)
    ).rows.map((m) => ({ ...m, para: typeof m.para === 'string' ? (JSON.parse(m.para) as string[]) : m.para }));
  const linesOf = (m: { para: string[]; assunto: string; texto: string }): Line[] => {
    const rows = m.texto.split('\n');
    return rows.flatMap((row, i) => {
      if (!row.startsWith('- ')) return [];
      const detail = rows[i + 1].trim();
      const kind = detail.startsWith('Escalonamento:') ? 'escalonamento' : /não (foi|foram) cumprid/.test(detail) ? 'violacao' : 'lembrete';
      return [{ to: m.para.join(','), subject: m.assunto, title: row.slice(2), detail, url: rows[i + 2].trim(), kind } as Line];
    });
  };
  const linesAbout = async (resource: string, id: number, after = 0) =>
    (await slaMails(after)).flatMap(linesOf).filter((l) => new RegExp(`/${resource}/${id}$`).test(l.url));

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

  it('marks an old ticket Violado and tells the holder and the escalation once each, even with two concurrent passes', async () => {
    const before = await lastMail();
    const old = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const tk = await newTicket({ prioridade: 'Crítica', abertura: old });
    expect(tk.slaSituacao).toBe('Violado');
    expect(meta(tk, 'primeira-resposta').violado).toBe(true);
    // Written already late: told at once, one message per person about this ticket.
    const atOnce = (await slaMails(before)).filter((m) => m.referencia === `posvendas/${tk.id}`);
    for (const m of atOnce) expect(m.para).toHaveLength(1);
    expect(atOnce.find((m) => m.para[0] === POS)?.assunto).toBe('[Portal] SLA violado: Ticket de pós-venda Vazamento no painel');
    expect(atOnce.find((m) => m.para[0] === MARIANA)?.assunto).toBe('[Portal] Escalonamento de SLA: Ticket de pós-venda Vazamento no painel');
    expect(atOnce.find((m) => m.para[0] === MARIANA)?.html).toMatch(/Abrir no portal/);
    await Promise.all([slaTick(t.api.db, SCHEMAS), slaTick(t.api.db, SCHEMAS)]);
    await slaTick(t.api.db, SCHEMAS);
    const lines = await linesAbout('posvendas', tk.id, before);
    const breach = lines.filter((l) => l.kind === 'violacao');
    const escalation = lines.filter((l) => l.kind === 'escalonamento');
    // First response and resolution both breached: one line naming both targets (never two
    // messages with the same subject for one record), each target claimed once.
    expect(breach.map((l) => l.to)).toEqual([POS]);
    expect(breach[0].detail).toMatch(
      /^Os prazos de "Primeira resposta" \(venceu em \d{2}\/\d{2}\/\d{4}.*\) e "Resolução" \(venceu em .*\) não foram cumpridos\./,
    );
    // The escalation: the module's administrators and the holder's manager (Pós-Vendas' `gestor`), not the holder; once each.
    const escalated = escalation.map((l) => l.to);
    expect(escalated).toEqual(expect.arrayContaining([MARIANA, ADMIN]));
    expect(escalated).not.toContain(POS);
    expect(new Set(escalated).size).toBe(escalated.length);
    expect(escalation[0].detail).toMatch(/Responsável: posvendas@portal\.local/);
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
    const before = await lastMail();
    await slaTick(t.api.db, SCHEMAS);
    const lines = await linesAbout('projetos', doc.id, before);
    expect(lines.filter((l) => l.kind === 'violacao').map((l) => l.to)).toEqual([ADMIN]); // who sent it to the client, not the client approvers
    const clients = await sql<{ email: string }>`select lower(email) as email from usuario where tipo = 'cliente'`.execute(t.api.db);
    const external = new Set([...clients.rows.map((r) => r.email), 'cliente@portal.local']);
    for (const m of await slaMails(before)) for (const to of m.para) expect(external.has(to), `${m.assunto} → ${to}`).toBe(false);
  });

  it('sends the reminder once when 20% of the time is left, and the job marks the breach of an untouched ticket', async () => {
    const before = await lastMail();
    const abertura = new Date();
    const tk = await newTicket({ prioridade: 'Baixa', abertura: abertura.toISOString() });
    const cal = await loadCalendar(t.api.db);
    const later = addBusinessMinutes(cal, abertura, 16 * 60 * 0.85); // 15% of the first response left
    await Promise.all([slaTick(t.api.db, SCHEMAS, later), slaTick(t.api.db, SCHEMAS, later)]);
    let lines = await linesAbout('posvendas', tk.id, before);
    expect(lines.filter((l) => l.kind === 'lembrete').map((l) => l.to)).toEqual([POS]);
    expect(lines[0].detail).toMatch(/^O prazo de "Primeira resposta" vence em \d{2}\/\d{2}\/\d{4}/);
    const past = addBusinessMinutes(cal, abertura, 16 * 60 + 30);
    await slaTick(t.api.db, SCHEMAS, past);
    const after = (await c.get(`/api/v1/posvendas/${tk.id}`)).body as Ticket;
    expect(after.slaSituacao).toBe('Violado');
    lines = await linesAbout('posvendas', tk.id, before);
    expect(lines.filter((l) => l.kind === 'lembrete')).toHaveLength(1);
    expect(lines.filter((l) => l.kind === 'violacao').map((l) => l.to)).toEqual([POS]);
    expect(lines.filter((l) => l.kind === 'escalonamento').filter((l) => l.to === MARIANA)).toHaveLength(1);
  });

  it('one message per person per pass, listing all their items; never twice for one event with two passes at once (issue 36)', async () => {
    const cal = await loadCalendar(t.api.db);
    const abertura = new Date();
    const tks = [
      await newTicket({ prioridade: 'Média', abertura: abertura.toISOString() }),
      await newTicket({ prioridade: 'Média', abertura: abertura.toISOString() }),
    ];
    tks.push(await newTicket({ prioridade: 'Média', abertura: abertura.toISOString(), titulo: 'Porta do painel empenada' }));
    // 8 business hours for the first response: all three late at the same pass.
    const late = addBusinessMinutes(cal, abertura, 8 * 60 + 30);
    const before = await lastMail();
    const runs = await Promise.all([slaTick(t.api.db, SCHEMAS, late), slaTick(t.api.db, SCHEMAS, late)]);
    expect(runs.filter((r) => r.skipped)).toHaveLength(1); // one pass at a time: the other leaves the work to it
    const mails = await slaMails(before);
    // One message per person, each to that person alone.
    const to = mails.map((m) => m.para);
    for (const list of to) expect(list).toHaveLength(1);
    expect(new Set(to.flat()).size).toBe(to.length);
    // Pós-Vendas' message lists the three tickets, each once.
    const pos = mails.find((m) => m.para[0] === POS)!;
    expect(pos.assunto).toMatch(/^\[Portal\] Prazos de SLA: \d+ itens com prazo vencido/);
    expect(pos.texto).toMatch(/\d+ itens com prazo vencido/);
    for (const tk of tks) expect(linesOf(pos).filter((l) => l.url.endsWith(`/posvendas/${tk.id}`) && l.kind === 'violacao')).toHaveLength(1);
    expect(linesOf(pos).some((l) => l.title === 'Ticket de pós-venda Porta do painel empenada')).toBe(true);
    // The escalations of the three reach Mariana in one message too.
    const mariana = mails.filter((m) => m.para[0] === MARIANA);
    expect(mariana).toHaveLength(1);
    for (const tk of tks) expect(linesOf(mariana[0]).filter((l) => l.url.endsWith(`/posvendas/${tk.id}`) && l.kind === 'escalonamento')).toHaveLength(1);
    // Nothing is told again, whatever runs next.
    const again = await lastMail();
    await Promise.all([slaTick(t.api.db, SCHEMAS, late), slaTick(t.api.db, SCHEMAS, late)]);
    for (const tk of tks) expect(await linesAbout('posvendas', tk.id, again)).toEqual([]);
    // Without the lease (two processes inside one pass), the claims and the notices still leave once.
    const resolved = addBusinessMinutes(cal, abertura, 40 * 60 + 30); // the resolution (40 h) is late too
    const third = await lastMail();
    await Promise.all([slaTickSchema(t.api.db, posvenda, resolved), slaTickSchema(t.api.db, posvenda, resolved)]);
    await Promise.all([flushNotices(t.api.db), flushNotices(t.api.db)]);
    for (const tk of tks) {
      const lines = (await linesAbout('posvendas', tk.id, third)).filter((l) => l.to === POS);
      expect(lines.filter((l) => l.kind === 'violacao')).toHaveLength(1);
    }
    expect(Number((await sql<{ n: string }>`select count(*) as n from sla_aviso`.execute(t.api.db)).rows[0].n)).toBe(0);
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
