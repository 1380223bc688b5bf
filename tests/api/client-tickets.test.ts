/**
 * docs/access.md decision 30, the client's side of post-sales (issue 23), on both databases: a client
 * reads its sites' tickets (never another site's, never the internal fields, costs nor surveys),
 * the client-visible interactions of those tickets, and replies on them; a reply is always
 * client-visible, never on a concluded or cancelled ticket, and e-mails the ticket's responsável.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { newTicket } from './ticket-helpers';

type Row = Record<string, unknown> & { id: number; version: number };

const POS = 'posvendas@portal.local';
const CLI = 'cliente@portal.local'; // site 101
const CLI_102 = 'cliente.novo@portal.local'; // site 102
const INTERNAL = ['comentario', 'macroCategoriaCausaRaiz', 'areaCausadora', 'setorCausador'];

describe.each(BACKENDS)('client tickets (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.api.db)).rows[0].n);

  /** A new ticket on a site, answered by post-sales (an internal note and a client-visible reply). */
  const ticket = async (obra: string, titulo: string) => {
    const { ticket: tk, interactions } = await newTicket(c, titulo, {
      obra,
      fields: {
        contato: 'Márcia Cliente',
        emailContato: 'marcia.contato@cliente.example',
        descricao: 'Goteira na cobertura do galpão após a chuva.',
        comentario: 'Suspeita de falha de montagem: não comentar com o cliente.',
      },
      interactions: [
        { tipo: 'Atualização interna', texto: 'Custo estimado de R$ 4.000 por conta da montagem.' },
        { tipo: 'Contato com cliente', visivelCliente: true, texto: 'Visita técnica agendada para quinta-feira.' },
      ],
    });
    return { id: tk.id as number, note: interactions[0] as Row, reply: interactions[1] as Row };
  };

  it("lists only its sites' tickets, without internal fields, and not another site's ticket", async () => {
    const mine = await ticket('101', 'Goteira na cobertura (obra 101)');
    const other = await ticket('102', 'Goteira na cobertura (obra 102)');
    const list = await c.get('/api/v1/posvendas?_end=1000', CLI);
    expect(list.status).toBe(200);
    const rows = list.body as Row[];
    expect(rows.map((r) => r.id)).toContain(mine.id);
    expect(rows.map((r) => r.id)).not.toContain(other.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.obra === '101')).toBe(true);
    for (const r of rows) for (const f of INTERNAL) expect(r, f).not.toHaveProperty(f);

    const one = await c.get(`/api/v1/posvendas/${mine.id}`, CLI);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ titulo: 'Goteira na cobertura (obra 101)', descricao: 'Goteira na cobertura do galpão após a chuva.' });
    for (const f of INTERNAL) expect(one.body, f).not.toHaveProperty(f);
    // The staff responsável by name only (decision 29).
    expect(one.body.responsavel).toEqual({ nome: 'Pós-Vendas' });
    expect(JSON.stringify(one.body)).not.toContain('@portal.local');

    expect((await c.get(`/api/v1/posvendas/${other.id}`, CLI)).status).toBe(403);
    expect((await c.get(`/api/v1/posvendas/${mine.id}`, CLI_102)).status).toBe(403);
    // Costs and satisfaction surveys share the subject: the client reads none.
    expect((await c.get('/api/v1/custos-posvenda?_end=1000', CLI)).body).toEqual([]);
    expect((await c.get('/api/v1/pesquisas-satisfacao?_end=1000', CLI)).body).toEqual([]);
  });

  it("sees the client-visible interactions of its sites' tickets only", async () => {
    const mine = await ticket('101', 'Infiltração (obra 101)');
    const other = await ticket('102', 'Infiltração (obra 102)');
    const timeline = await c.get(`/api/v1/ticket-interacoes?ticket=${mine.id}&_end=100`, CLI);
    expect(timeline.status).toBe(200);
    expect((timeline.body as Row[]).map((r) => r.id)).toEqual([mine.reply.id]);
    expect((timeline.body as Row[])[0]).toMatchObject({ texto: 'Visita técnica agendada para quinta-feira.', visivelCliente: true });
    expect(JSON.stringify(timeline.body)).not.toContain('@portal.local');
    expect((await c.get(`/api/v1/ticket-interacoes/${mine.note.id}`, CLI)).status).toBe(403);
    expect((await c.get(`/api/v1/ticket-interacoes/${other.reply.id}`, CLI)).status).toBe(403);
    const all = (await c.get('/api/v1/ticket-interacoes?_end=1000', CLI)).body as Row[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.visivelCliente === true && r.obra === '101')).toBe(true);
    expect(all.map((r) => r.id)).not.toContain(other.reply.id);
  });

  it('a reply is stored client-visible whatever is sent, by the client, and e-mails the responsável', async () => {
    const mine = await ticket('101', 'Portão emperrado (obra 101)');
    const before = (await c.mails(POS, `posvendas/${mine.id}`)).length;
    const contactBefore = (await c.mails('marcia.contato@cliente.example', `posvendas/${mine.id}`)).length;
    const r = await c.post(
      '/api/v1/ticket-interacoes',
      {
        ticket: mine.id,
        visivelCliente: false,
        tipo: 'Atualização interna',
        texto: 'Quinta-feira às 9h está ótimo.',
        responsavel: person(POS),
        responsavelRegistro: person(POS),
        data: '2020-01-01T00:00:00Z',
        respostaA: mine.reply.id,
      },
      CLI,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const stored = (await c.get(`/api/v1/ticket-interacoes/${r.body.id}`, POS)).body as Row;
    expect(stored).toMatchObject({
      ticket: mine.id,
      visivelCliente: true,
      tipo: 'Comentário',
      obra: '101',
      respostaA: mine.reply.id,
      texto: 'Quinta-feira às 9h está ótimo.',
    });
    expect((stored.responsavelRegistro as { mail: string }).mail).toBe(CLI);
    expect((stored.responsavel as { mail: string }).mail).toBe(CLI);
    expect(String(stored.data) >= '2026').toBe(true);
    // The client reads its reply in the timeline; it cannot edit it afterwards.
    expect(((await c.get(`/api/v1/ticket-interacoes?ticket=${mine.id}&_end=100`, CLI)).body as Row[]).map((x) => x.id)).toContain(r.body.id);
    expect((await c.patch(`/api/v1/ticket-interacoes/${r.body.id}`, { version: stored.version, texto: 'Alterado.' }, CLI)).status).toBe(403);

    const mails = await c.mails(POS, `posvendas/${mine.id}`);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.assunto).toMatch(/^\[Portal\] Ticket nº \d+: resposta do cliente$/);
    expect(mails.at(-1)!.texto).toContain('Quinta-feira às 9h está ótimo.');
    // The client's own reply does not go back to the contact as a "new answer".
    expect((await c.mails('marcia.contato@cliente.example', `posvendas/${mine.id}`)).length).toBe(contactBefore);
  });

  it('a reply on a ticket waiting for the client puts it back in service, in its history, and its SLA clock runs again', async () => {
    const mine = await ticket('101', 'Infiltração na laje (obra 101)');
    await c.step('posvendas', mine.id, 'analisar', POS);
    await c.step('posvendas', mine.id, 'atender', POS);
    const waiting = await c.step('posvendas', mine.id, 'aguardar-cliente', POS, { comment: 'Aguardando fotos do cliente.' });
    expect(waiting.body.status).toBe('Aguardando cliente');
    const resolucao = (row: Row) => (row.slaMetas as { meta: string; pausado?: boolean }[]).find((m) => m.meta === 'resolucao');
    expect(resolucao((await c.get(`/api/v1/posvendas/${mine.id}`, POS)).body as Row)?.pausado).toBe(true);
    // A staff note does not end the wait; the client's answer does.
    await c.post('/api/v1/ticket-interacoes', { ticket: mine.id, tipo: 'Atualização interna', texto: 'Cobrar as fotos.', responsavel: person(POS) }, POS);
    expect(((await c.get(`/api/v1/posvendas/${mine.id}`, POS)).body as Row).status).toBe('Aguardando cliente');
    const r = await c.post('/api/v1/ticket-interacoes', { ticket: mine.id, texto: 'Seguem as fotos da laje.' }, CLI);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const after = (await c.get(`/api/v1/posvendas/${mine.id}`, POS)).body as Row;
    expect(after.status).toBe('Em atendimento');
    expect(resolucao(after)?.pausado ?? false).toBe(false);
    const history = (await c.get(`/api/v1/posvendas/${mine.id}/historico`, POS)).body as { transition?: { name: string }; comment?: string }[];
    const last = history.find((h) => h.transition?.name === 'retomar');
    expect(last?.comment).toBe('Resposta do cliente no portal.');
    // A second answer while in service moves nothing.
    const again = await c.post('/api/v1/ticket-interacoes', { ticket: mine.id, texto: 'E mais uma foto.' }, CLI);
    expect(again.status).toBe(201);
    expect(((await c.get(`/api/v1/posvendas/${mine.id}`, POS)).body as Row).version).toBe(after.version);
  });

  it("is refused on another site's ticket and on a concluded or cancelled ticket, storing nothing", async () => {
    const other = await ticket('102', 'Piso trincado (obra 102)');
    const done = await ticket('101', 'Piso trincado (obra 101)');
    await c.step('posvendas', done.id, 'analisar', POS);
    expect((await c.step('posvendas', done.id, 'concluir', POS, { comment: 'Junta refeita.' })).body.status).toBe('Concluído');
    const cancelled = await ticket('101', 'Pedido duplicado (obra 101)');
    expect((await c.step('posvendas', cancelled.id, 'cancelar', POS, { comment: 'Duplicado.' })).body.status).toBe('Cancelado');
    const n = await count('ticketInteracao');
    const mails = await count('mensagem');

    const foreign = await c.post('/api/v1/ticket-interacoes', { ticket: other.id, texto: 'Também temos o problema.' }, CLI);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Só quem atende o ticket (ou um cliente da obra do ticket) registra interações nele.');
    const foreign2 = await c.post('/api/v1/ticket-interacoes', { ticket: done.id, texto: 'Resposta de outro cliente.' }, CLI_102);
    expect(foreign2.status).toBe(403);
    for (const id of [done.id, cancelled.id]) {
      const closed = await c.post('/api/v1/ticket-interacoes', { ticket: id, texto: 'O problema voltou.' }, CLI);
      expect(closed.status).toBe(403);
      expect(closed.body.message).toMatch(/^Este ticket está concluído ou cancelado e não recebe novas interações/);
    }
    expect(await count('ticketInteracao')).toBe(n);
    expect(await count('mensagem')).toBe(mails);
  });

  it('interactions follow their ticket to another site', async () => {
    const moved = await ticket('101', 'Ticket aberto na obra errada');
    const now = (await c.get(`/api/v1/posvendas/${moved.id}`, POS)).body as Row;
    const r = await c.patch(`/api/v1/posvendas/${moved.id}`, { version: now.version, obra: '102' }, POS);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await c.get(`/api/v1/ticket-interacoes/${moved.reply.id}`, CLI)).status).toBe(403);
    expect((await c.get(`/api/v1/ticket-interacoes/${moved.reply.id}`, CLI_102)).status).toBe(200);
  });

  it('the demo shows cliente@portal.local an open ticket of site 101 with a staff reply it may answer', async () => {
    const open = (await c.get('/api/v1/posvendas?status=Em%20atendimento&_end=100', CLI)).body as Row[];
    const withReply = [];
    for (const k of open) {
      const rows = (await c.get(`/api/v1/ticket-interacoes?ticket=${k.id}&_end=100`, CLI)).body as Row[];
      if (rows.some((x) => x.visivelCliente === true)) withReply.push(k.id);
    }
    expect(withReply.length).toBeGreaterThan(0);
  });
});
