/**
 * docs/access.md decision 30 (staff roles walked through their day) and the ethics channel, on both
 * databases: the schedule read by whoever reads the site's RDOs (dates and the delay warning stay
 * with planners), the demo planner, post-sales registering tickets, ticket interactions only by
 * the ticket's editors and never on a closed ticket (a client-visible reply e-mails the contact),
 * work-order daily reports created as drafts, approved by the area's administrator and read by
 * their writer, technicians' own checklist drafts, and ethics reports no one but acesso_total deletes.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { DEMO_ACCOUNTS } from '../../src/server/identity/seed';

type Row = Record<string, unknown> & { id: number; version: number };

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const SUB = 'sm.substituto@portal.local';
const CONTROL = 'controladoria@portal.local';
const PLANNER = 'planejamento@portal.local';
const POS = 'posvendas@portal.local';
const FIELD = 'field@portal.local';
const ETICA = 'etica@portal.local';
const LEITURA = 'leitura@portal.local';
const MKT = 'mkt.d30@portal.local';
const POS_READ = 'posvendas.leitura.d30@portal.local';
const RDO_102 = 'rdo102.d30@portal.local';
const FIELD_ADMIN = 'admin.field.d30@portal.local';
const AUTO_ADMIN = 'admin.automacao.d30@portal.local';
const FIELD2 = 'field2.d30@portal.local';

describe.each(BACKENDS)('docs/access.md decision 30 (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const users = () => {
    t.api.addUser({ email: MKT, name: 'Marcos Marketing', roles: ['mkt_read'] });
    t.api.addUser({ email: POS_READ, name: 'Lia Leitura', roles: ['pos_vendas_leitura'] });
    t.api.addUser({ email: RDO_102, name: 'Rui Obra 102', roles: ['rdo_by_obra'], obra: ['102'] });
    t.api.addUser({ email: FIELD_ADMIN, name: 'Fábio Admin', roles: ['admin_field'], obra: ['101'] });
    t.api.addUser({ email: AUTO_ADMIN, name: 'Aline Admin', roles: ['admin_automacao'], obra: ['101'] });
    t.api.addUser({ email: FIELD2, name: 'Felipe Campo', roles: ['field'], obra: ['101'] });
  };
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.api.db)).rows[0].n);

  describe('schedule', () => {
    it("is read by whoever reads the site's RDOs, as the whole site's schedule, read-only", async () => {
      users();
      const planner = await c.get('/api/v1/obras/101/cronograma', PLANNER);
      expect(planner.status).toBe(200);
      expect(planner.body).toMatchObject({ podeEditar: true, podeAvisar: true });
      const whole = await c.get('/api/v1/obras/101/curva-s', PLANNER);
      expect(whole.status).toBe(200);
      expect(whole.body.realizado).not.toBeNull();
      for (const who of [SM, SUB, CONTROL, MKT, ADMIN]) {
        const r = await c.get('/api/v1/obras/101/cronograma', who);
        expect(r.status, who).toBe(200);
        // The same items and progress as the planner's (the whole site).
        expect(
          (r.body.itens as Row[]).map((i) => [i.codigo, i.avanco]),
          who,
        ).toEqual((planner.body.itens as Row[]).map((i) => [i.codigo, i.avanco]));
        const curve = await c.get('/api/v1/obras/101/curva-s?intervalo=semana', who);
        expect(curve.status, who).toBe(200);
        expect(curve.body.realizado, who).toEqual(whole.body.realizado);
      }
      // Readers who are not planners get no editing controls.
      for (const who of [SM, SUB, CONTROL, MKT]) {
        const r = await c.get('/api/v1/obras/101/cronograma', who);
        expect(r.body, who).toMatchObject({ podeEditar: false, podeAvisar: false });
        expect(
          (r.body.itens as Row[]).every((i) => i.editavel === false),
          who,
        ).toBe(true);
      }
      // rdo_by_obra reads the schedule of its own sites only; no RDO reading, no schedule.
      expect((await c.get('/api/v1/obras/102/curva-s', RDO_102)).status).toBe(200);
      for (const [who, obra] of [
        [RDO_102, '101'],
        [LEITURA, '101'],
        [POS, '101'],
      ] as const) {
        const r = await c.get(`/api/v1/obras/${obra}/curva-s`, who);
        expect(r.status, who).toBe(403);
        expect(r.body.message).toBe('Você não tem permissão para ver o cronograma desta obra.');
        expect((await c.get(`/api/v1/obras/${obra}/cronograma`, who)).status, who).toBe(403);
      }
    });

    it('planned dates and the delay warning stay with planejamento and admin_rdo', async () => {
      users();
      const items = (await c.get('/api/v1/obras/101/cronograma', PLANNER)).body.itens as (Row & { codigo: string; terminoPrevisto: string | null })[];
      const item = items.find((i) => i.codigo === '1.3.4') ?? items[0];
      const before = (await c.get(`/api/v1/eap-os/${item.id}`, ADMIN)).body as Row;
      for (const who of [SM, SUB, CONTROL, MKT]) {
        const r = await c.patch(`/api/v1/obras/101/cronograma/${item.id}`, { version: before.version, terminoPrevisto: '2031-01-31' }, who);
        expect(r.status, who).toBe(403);
        expect(r.body.message).toBe('Você não tem permissão para alterar as datas planejadas desta obra.');
        const w = await c.post('/api/v1/obras/101/aviso-atraso', {}, who);
        expect(w.status, who).toBe(403);
        expect(w.body.message).toBe('Você não tem permissão para enviar o aviso de atraso desta obra.');
      }
      expect((await c.get(`/api/v1/eap-os/${item.id}`, ADMIN)).body).toMatchObject({ version: before.version, terminoPrevisto: before.terminoPrevisto });
      const ok = await c.patch(`/api/v1/obras/101/cronograma/${item.id}`, { version: before.version, terminoPrevisto: '2031-01-31' }, PLANNER);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.terminoPrevisto).toBe('2031-01-31');
      expect((await c.post('/api/v1/obras/101/aviso-atraso', {}, PLANNER)).status).toBe(200);
    });
  });

  it('has a demo planner (planejamento@portal.local, staff, corporate login)', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === PLANNER);
    expect(account).toMatchObject({ roles: ['planejamento'], federated: true });
    const me = await c.get('/api/v1/me', PLANNER);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: PLANNER, roles: ['planejamento'], tipo: 'colaborador' });
  });

  describe('post-sales tickets and their interactions', () => {
    // The client as the demo tickets name it (whatever form the registry gives it).
    let cliente: unknown;
    const ticketBody = (titulo: string) => ({
      titulo,
      cliente,
      obra: '101',
      contato: 'Márcia Cliente',
      emailContato: 'marcia.contato@cliente.example',
      abertura: '2026-11-24T09:00:00-03:00',
      canal: 'Telefone',
      prioridade: 'Alta',
      categoria: 'Garantia',
      descricao: 'Cliente ligou: disjuntor do painel 3 desarma sem carga.',
      comentario: 'Registrado a partir de ligação telefônica.',
      status: 'Concluído',
    });
    const interaction = (ticket: number, extra: Record<string, unknown> = {}) => ({
      ticket,
      tipo: 'Contato com cliente',
      texto: 'Visita técnica agendada para quinta-feira.',
      responsavel: person(POS, 'Pós-Vendas'),
      ...extra,
    });

    it('pos_vendas registers a ticket (in its initial state); read-only roles do not', async () => {
      users();
      cliente = ((await c.get('/api/v1/posvendas?obra=101&_end=1', ADMIN)).body as Row[])[0].cliente;
      const r = await c.post('/api/v1/posvendas', ticketBody('Disjuntor desarmando (telefone)'), POS);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ status: 'Aberto', canal: 'Telefone', created_by: POS });
      expect(r.body.codigo).toBeGreaterThan(0);
      const before = await count('posvenda');
      for (const who of [POS_READ, CONTROL, MKT]) {
        const refused = await c.post('/api/v1/posvendas', ticketBody(`Tentativa de ${who}`), who);
        expect(refused.status, who).toBe(403);
        expect(refused.body.message).toMatch(/^Você não tem permissão/);
      }
      expect(await count('posvenda')).toBe(before);
    });

    it('an interaction is written by who may edit the ticket, never by a read-only role nor on a closed ticket', async () => {
      users();
      cliente = ((await c.get('/api/v1/posvendas?obra=101&_end=1', ADMIN)).body as Row[])[0].cliente;
      const open = (await c.post('/api/v1/posvendas', ticketBody('Painel 3: ruído no barramento'), POS)).body as Row;
      const closedId = open.id;
      await c.step('posvendas', closedId, 'analisar', POS);
      const done = await c.step('posvendas', closedId, 'concluir', POS, { comment: 'Barramento reapertado.' });
      expect(done.body.status).toBe('Concluído');
      const other = (await c.post('/api/v1/posvendas', ticketBody('Painel 4: lâmpada de sinalização'), POS)).body as Row;

      const before = await count('ticketInteracao');
      const mailsBefore = (await c.mails('marcia.contato@cliente.example', `posvendas/${other.id}`)).length;
      // Read-only roles: refused on an open ticket, and on a closed one with a client-visible reply and a file.
      for (const who of [CONTROL, POS_READ, MKT]) {
        const r = await c.post('/api/v1/ticket-interacoes', interaction(other.id, { visivelCliente: true, responsavel: person(who) }), who);
        expect(r.status, who).toBe(403);
        expect(r.body.message).toBe('Só quem atende o ticket (ou um cliente da obra do ticket) registra interações nele.');
      }
      const leak = await c.post('/api/v1/ticket-interacoes', interaction(closedId, { visivelCliente: true, responsavel: person(CONTROL) }), CONTROL);
      expect(leak.status).toBe(403);
      // Nobody, not even who may edit the ticket, writes on a concluded ticket: reopening is a transition.
      for (const who of [POS, ADMIN]) {
        const r = await c.post('/api/v1/ticket-interacoes', interaction(closedId), who);
        expect(r.status, who).toBe(403);
        expect(r.body.message).toMatch(/^Este ticket está concluído ou cancelado/);
      }
      expect(await count('ticketInteracao')).toBe(before);
      expect((await c.mails('marcia.contato@cliente.example', `posvendas/${other.id}`)).length).toBe(mailsBefore);

      // Post-sales answers: an internal note e-mails nobody; a client-visible reply e-mails the contact.
      const internal = await c.post(
        '/api/v1/ticket-interacoes',
        interaction(other.id, { tipo: 'Atualização interna', texto: 'Conferir estoque de lâmpadas.' }),
        POS,
      );
      expect(internal.status, JSON.stringify(internal.body)).toBe(201);
      expect((await c.mails('marcia.contato@cliente.example', `posvendas/${other.id}`)).length).toBe(mailsBefore);
      const reply = await c.post(
        '/api/v1/ticket-interacoes',
        interaction(other.id, { visivelCliente: true, texto: 'A lâmpada será trocada na quinta-feira.' }),
        POS,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const mails = await c.mails('marcia.contato@cliente.example', `posvendas/${other.id}`);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)!.assunto).toBe(`[Portal] Ticket nº ${String(other.codigo)}: nova resposta`);
      expect(mails.at(-1)!.texto).toContain('A lâmpada será trocada na quinta-feira.');
      expect(mails.at(-1)!.texto).toContain('Márcia Cliente');
      // Staff e-mail addresses never go to the contact (decision 29).
      expect(mails.at(-1)!.texto).not.toMatch(/@portal\.local/);

      // Editing an interaction of a concluded ticket is refused too; after reopening, the conversation goes on.
      const reopened = await c.step('posvendas', closedId, 'reabrir', POS, { comment: 'O ruído voltou.' });
      expect(reopened.body.status).toBe('Em atendimento');
      const after = await c.post('/api/v1/ticket-interacoes', interaction(closedId), POS);
      expect(after.status, JSON.stringify(after.body)).toBe(201);
      await c.step('posvendas', closedId, 'concluir', POS, { comment: 'Resolvido de novo.' });
      const edit = await c.patch(
        `/api/v1/ticket-interacoes/${after.body.id}`,
        { version: after.body.version, texto: 'Texto alterado depois da conclusão.' },
        POS,
      );
      expect(edit.status).toBe(403);
      expect((await c.get(`/api/v1/ticket-interacoes/${after.body.id}`, POS)).body.texto).toBe('Visita técnica agendada para quinta-feira.');
    });
  });

  describe('work-order daily reports (DiarioOs)', () => {
    const report = (extra: Record<string, unknown> = {}) => ({
      area: 'FIELD',
      obra: '101',
      data: '2026-11-23',
      executante: person(FIELD, 'Fábio Field'),
      equipe: [{ nome: 'Fábio Field', funcao: 'Técnico', horas: 8 }],
      ...extra,
    });

    it('are created as drafts whatever the body says, and the writer reads what they wrote', async () => {
      users();
      const r = await c.post('/api/v1/diarios-os', report({ status: 'Aprovado' }), FIELD);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.status).toBe('Rascunho');
      expect((await c.get(`/api/v1/diarios-os/${r.body.id}`, ADMIN)).body.status).toBe('Rascunho');
      // The writer reads it back, and lists only the reports they wrote.
      const mine = await c.get(`/api/v1/diarios-os/${r.body.id}`, FIELD);
      expect(mine.status).toBe(200);
      const list = await c.get('/api/v1/diarios-os?_end=1000', FIELD);
      expect(list.status).toBe(200);
      expect((list.body as Row[]).map((x) => x.id)).toContain(r.body.id);
      expect((list.body as Row[]).every((x) => x.created_by === FIELD)).toBe(true);
      // Another technician of the same area does not read it.
      expect((await c.get(`/api/v1/diarios-os/${r.body.id}`, FIELD2)).status).toBe(403);
      // The technician cannot approve it nor move it by editing.
      expect((await c.step('diarios-os', r.body.id, 'aprovar', FIELD)).status).toBe(403);
      const patched = await c.patch(`/api/v1/diarios-os/${r.body.id}`, { version: r.body.version, status: 'Aprovado' }, FIELD);
      expect(patched.status).toBe(400);
      expect(patched.body.errors.status).toBeDefined();
      expect((await c.get(`/api/v1/diarios-os/${r.body.id}`, ADMIN)).body.status).toBe('Rascunho');
    });

    it("approving is a transition of the area's administrator", async () => {
      users();
      const r = (await c.post('/api/v1/diarios-os', report(), FIELD)).body as Row;
      expect(await c.names('diarios-os', r.id, FIELD)).not.toContain('aprovar');
      expect((await c.step('diarios-os', r.id, 'aprovar', AUTO_ADMIN)).status).toBe(403);
      expect(await c.names('diarios-os', r.id, FIELD_ADMIN)).toContain('aprovar');
      const ok = await c.step('diarios-os', r.id, 'aprovar', FIELD_ADMIN);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.status).toBe('Aprovado');
      const hist = await c.get(`/api/v1/diarios-os/${r.id}/historico`, ADMIN);
      expect(JSON.stringify(hist.body)).toContain('Aprovado');
    });
  });

  it('a field technician updates their own checklist fills while in draft, not others nor concluded ones', async () => {
    users();
    const templates = await c.get('/api/v1/checklist-templates-field?_end=1', ADMIN);
    const body = { template: templates.body[0].id, obra: '101', data: '2026-11-23', executante: person(FIELD, 'Fábio Field') };
    const mine = (await c.post('/api/v1/checklists-field', body, FIELD)).body as Row;
    expect(mine.status).toBe('Em preenchimento');
    const upd = await c.patch(`/api/v1/checklists-field/${mine.id}`, { version: mine.version, data: '2026-11-24' }, FIELD);
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toBe('2026-11-24');
    const theirs = (await c.post('/api/v1/checklists-field', { ...body, executante: person(FIELD2) }, FIELD2)).body as Row;
    const foreign = await c.patch(`/api/v1/checklists-field/${theirs.id}`, { version: theirs.version, data: '2026-11-24' }, FIELD);
    expect(foreign.status).toBe(403);
    expect((await c.get(`/api/v1/checklists-field/${theirs.id}`, ADMIN)).body.data).toBe('2026-11-23');
    await sql`update "checklistPreenchidoField" set status = 'Concluído' where id = ${mine.id}`.execute(t.api.db);
    const concluded = (await c.get(`/api/v1/checklists-field/${mine.id}`, ADMIN)).body as Row;
    const late = await c.patch(`/api/v1/checklists-field/${mine.id}`, { version: concluded.version, data: '2026-11-25' }, FIELD);
    expect(late.status).toBe(403);
  });

  describe('ethics channel', () => {
    it('controladoria files a report and reads only its own; the list is a working screen, not a refusal', async () => {
      const list = await c.get('/api/v1/relatos-etica?_end=1000', CONTROL);
      expect(list.status).toBe(200);
      const r = await c.post(
        '/api/v1/relatos-etica',
        {
          anonimo: false,
          nomeRelator: 'Carla Controladoria',
          categoria: 'Fraude',
          assunto: 'Notas fiscais duplicadas',
          descricao: 'Duas notas com o mesmo número foram lançadas em outubro.',
        },
        CONTROL,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const after = await c.get('/api/v1/relatos-etica?_end=1000', CONTROL);
      expect((after.body as Row[]).map((x) => x.id)).toEqual([r.body.id]);
      expect((await c.get(`/api/v1/relatos-etica/${r.body.id}`, CONTROL)).status).toBe(200);
      const others = (await c.get('/api/v1/relatos-etica?_end=1000', ADMIN)).body as Row[];
      const foreign = others.find((x) => x.id !== r.body.id)!;
      expect((await c.get(`/api/v1/relatos-etica/${foreign.id}`, CONTROL)).status).toBe(403);
    });

    it('etica does not delete ethics reports (confidential records); acesso_total does', async () => {
      const me = await c.get('/api/v1/me', ETICA);
      expect(me.status).toBe(200);
      const [one, two] = (await c.get('/api/v1/relatos-etica?_end=2', ETICA)).body as Row[];
      const r = await c.del(`/api/v1/relatos-etica/${one.id}`, ETICA);
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/^Você não tem permissão/);
      expect((await c.get(`/api/v1/relatos-etica/${one.id}`, ETICA)).status).toBe(200);
      // etica still handles the reports (the workflow), it only does not erase them.
      expect((await c.get(`/api/v1/relatos-etica/${two.id}/transitions`, ETICA)).status).toBe(200);
      expect((await c.del(`/api/v1/relatos-etica/${two.id}`, ADMIN)).status).toBe(200);
      expect((await c.get(`/api/v1/relatos-etica/${two.id}`, ADMIN)).status).toBe(404);
    });
  });
});
