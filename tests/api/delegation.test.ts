/**
 * Delegation during an absence (issue 25, docs/access.md decision 31): the absence's checks (400 per
 * field, nothing stored), the substitute reading and moving the absent person's items only within
 * the period, and the history recording "em nome de".
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { addDaysIso, todayIso } from '../../src/server/time';

const RESP = 'contratos.responsavel@portal.local'; // contratos, editor_contratos
const GESTOR = 'contratos.gestor@portal.local'; // contratos: the absent person
const VALID = 'contratos.validador@portal.local'; // contratos: validador of the demo contracts the absent person manages
const SUB = RESP; // the substitute: the responsible person's stage is not kept apart from the manager's
const PAULO = 'paulo.teixeira@portal.local'; // contratos
const LEITURA = 'leitura@portal.local'; // no role
const CLIENTE = 'cliente@portal.local';
const FORNECEDOR = 'fornecedor@portal.local';
const ADMIN = 'admin@portal.local';

const today = todayIso();
const day = (n: number) => addDaysIso(today, n);

describe.each(BACKENDS)('delegation during an absence (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const count = async () => Number((await sql<{ n: string }>`select count(*) as n from ausencia`.execute(t.api.db)).rows[0].n);
  const absence = (pessoa: string, substituto: string, inicio: string, fim: string, as = pessoa) =>
    c.post('/api/v1/ausencias', { pessoa: person(pessoa), substituto: person(substituto), inicio, fim, motivo: 'Férias' }, as);
  const newContract = async (numero: string, people: { responsavel?: string; gestor?: string; validador?: string } = {}) => {
    const r = await c.post(
      '/api/v1/contratos',
      {
        numero,
        tipo: 'Fornecimento',
        contraparte: CNPJ.trafoSul,
        objeto: 'Fornecimento de perfis metálicos',
        obra: '101',
        responsavel: person(people.responsavel ?? RESP),
        gestor: person(people.gestor ?? GESTOR),
        validador: person(people.validador ?? VALID),
        arquivos: pdf(),
      },
      RESP,
    );
    expect(r.status).toBe(201);
    const emitted = await c.step('contratos', r.body.id, 'emitir-juridico', people.responsavel ?? RESP);
    expect(emitted.body.status).toBe('Emitido para o Jurídico');
    return r.body.id as number;
  };

  it('refuses bad absences with a 400 per field in Portuguese, storing nothing', async () => {
    const before = await count();
    const cases: [string, Promise<{ status: number; body: { errors?: Record<string, string[]> } }>, string, RegExp][] = [
      ['fim before início', absence(GESTOR, SUB, day(5), day(2)), 'fim', /fim da ausência deve ser no mesmo dia do início ou depois/],
      ['substitute = the person', absence(GESTOR, GESTOR, day(1), day(2)), 'substituto', /outra pessoa/],
      ['a client as substitute', absence(GESTOR, CLIENTE, day(1), day(2)), 'substituto', /Clientes, fornecedores e escritórios/],
      ['a supplier as the absent person', absence(FORNECEDOR, SUB, day(1), day(2), ADMIN), 'pessoa', /Clientes, fornecedores e escritórios/],
      ['an unknown substitute', absence(GESTOR, 'ninguem@portal.local', day(1), day(2)), 'substituto', /não encontrada/],
      ['a substitute without the workflow role', absence(GESTOR, LEITURA, day(1), day(2)), 'substituto', /faltam os perfis Contratos/],
      ['a substitute lacking one of the roles', absence(RESP, GESTOR, day(1), day(2)), 'substituto', /faltam os perfis Editor de contratos,/],
    ];
    for (const [what, pending, field, message] of cases) {
      const r = await pending;
      expect([what, r.status]).toEqual([what, 400]);
      expect([what, r.body.errors?.[field]?.join(' ')]).toEqual([what, expect.stringMatching(message)]);
    }
    expect(await count()).toBe(before);

    // Overlap with another absence of the same person.
    const first = await absence(GESTOR, SUB, day(40), day(45));
    expect(first.status).toBe(201);
    const overlap = await absence(GESTOR, SUB, day(44), day(50));
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors.inicio[0]).toMatch(/Já existe uma ausência desta pessoa de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}/);
    // Editing an absence never collides with itself; moving it onto another does.
    const moved = await c.patch(`/api/v1/ausencias/${first.body.id}`, { version: first.body.version, fim: day(46) }, GESTOR);
    expect(moved.status).toBe(200);
    const second = await absence(GESTOR, SUB, day(60), day(61));
    expect(second.status).toBe(201);
    const onto = await c.patch(`/api/v1/ausencias/${second.body.id}`, { version: second.body.version, inicio: day(46) }, GESTOR);
    expect(onto.status).toBe(400);
    expect(onto.body.errors.inicio).toBeDefined();
    expect(await count()).toBe(before + 2);
    for (const id of [first.body.id, second.body.id]) expect((await c.del(`/api/v1/ausencias/${id}`, GESTOR)).status).toBe(200);
  });

  it('lets each staff member manage their own absences only; an external user none', async () => {
    const other = await absence(GESTOR, SUB, day(70), day(71), RESP);
    expect(other.status).toBe(403);
    expect((await absence(CLIENTE, SUB, day(70), day(71))).status).toBe(403);
    const own = await absence(GESTOR, SUB, day(70), day(71));
    expect(own.status).toBe(201);
    // The substitute reads it, cannot change it; someone else does not see it.
    expect((await c.get(`/api/v1/ausencias/${own.body.id}`, SUB)).status).toBe(200);
    expect((await c.patch(`/api/v1/ausencias/${own.body.id}`, { version: own.body.version, fim: day(72) }, SUB)).status).toBe(403);
    expect((await c.get(`/api/v1/ausencias/${own.body.id}`, LEITURA)).status).toBe(403);
    const listed = await c.get('/api/v1/ausencias', LEITURA);
    expect(listed.body.map((a: { id: number }) => a.id)).not.toContain(own.body.id);
    // The person defaults to the signed-in user.
    const mine = await c.post('/api/v1/ausencias', { substituto: person(SUB), inicio: day(80), fim: day(81) }, GESTOR);
    expect(mine.status).toBe(201);
    expect(mine.body.pessoa.mail).toBe(GESTOR);
    for (const id of [own.body.id, mine.body.id]) expect((await c.del(`/api/v1/ausencias/${id}`, ADMIN)).status).toBe(200);
  });

  it("lets the substitute read and move the absent person's items only during the period, recorded em nome de", async () => {
    const k = await newContract('DLG-001');
    const refused = async () => {
      const r = await c.step('contratos', k, 'emitir-verificador', SUB);
      expect(r.status).toBe(403);
      expect(await c.names('contratos', k, SUB)).not.toContain('emitir-verificador');
    };
    await refused(); // no absence
    const future = await absence(GESTOR, SUB, day(10), day(12));
    expect(future.status).toBe(201);
    await refused(); // before the period
    const past = await absence(GESTOR, SUB, day(-10), day(-5));
    expect(past.status).toBe(201);
    await refused(); // after the period

    const now = await absence(GESTOR, SUB, day(-1), day(3));
    expect(now.status).toBe(201);
    // The substitute reads it (and sees it in the list, through the rules as SQL) and may move it.
    expect((await c.get(`/api/v1/contratos/${k}`, SUB)).status).toBe(200);
    const list = await c.get(`/api/v1/contratos?status=${encodeURIComponent('Emitido para o Jurídico')}&_start=0&_end=200`, SUB);
    expect(list.body.map((x: { id: number }) => x.id)).toContain(k);
    expect(await c.names('contratos', k, SUB)).toEqual(expect.arrayContaining(['emitir-verificador', 'devolver', 'solicitar-cancelamento']));
    // The substitute's queue says whose item it is (issue 36).
    const queue = await c.get('/api/v1/pendencias?resource=contratos&_end=200', SUB);
    const held = (queue.body as { id: number; emNomeDe?: string }[]).find((i) => i.id === k);
    expect(held?.emNomeDe).toEqual(expect.any(String));
    expect(held!.emNomeDe).not.toBe(SUB);
    // An edit in the absent person's stage is theirs too, recorded em nome de.
    const current = await c.get(`/api/v1/contratos/${k}`, SUB);
    const edited = await c.patch(`/api/v1/contratos/${k}`, { version: current.body.version, observacoes: 'Conferido pelo substituto.' }, SUB);
    expect(edited.status).toBe(200);
    const step = await c.step('contratos', k, 'emitir-verificador', SUB);
    expect(step.status).toBe(200);
    expect(step.body.status).toBe('Emitido para o verificador');

    const hist = await c.get(`/api/v1/contratos/${k}/historico`, SUB);
    expect(hist.body[0]).toMatchObject({ action: 'transition', user: SUB, emNomeDe: GESTOR, transition: { name: 'emitir-verificador' } });
    expect(hist.body[1]).toMatchObject({ action: 'update', user: SUB, emNomeDe: GESTOR });
    // The responsible person's own step carries no "em nome de".
    const own = hist.body.find((h: { transition?: { name: string } }) => h.transition?.name === 'emitir-juridico');
    expect(own.user).toBe(RESP);
    expect(own.emNomeDe).toBeUndefined();

    // Acting in one's own right during the absence is not recorded em nome de (SUB is this contract's validador).
    const k2 = await newContract('DLG-002', { validador: SUB });
    expect((await c.step('contratos', k2, 'emitir-verificador', GESTOR)).status).toBe(200);
    expect((await c.step('contratos', k2, 'finalizar', SUB)).status).toBe(200);
    const hist2 = await c.get(`/api/v1/contratos/${k2}/historico`, SUB);
    expect(hist2.body[0]).toMatchObject({ user: SUB, transition: { name: 'finalizar' } });
    expect(hist2.body[0].emNomeDe).toBeUndefined();

    // A step limited to a person (`by: ['gestor']`) accepts the substitute too.
    const k3 = await newContract('DLG-003');
    const cancel = await c.step('contratos', k3, 'solicitar-cancelamento', SUB, { comment: 'Fornecedor desistiu.' });
    expect(cancel.status).toBe(200);
    expect((await c.get(`/api/v1/contratos/${k3}/historico`, SUB)).body[0]).toMatchObject({ emNomeDe: GESTOR });

    // Someone who stands in for nobody still cannot.
    expect((await c.step('contratos', k3, 'devolver', LEITURA, { comment: 'x' })).status).toBe(403);

    // The absence ends (moved to yesterday): from the next request on the substitute is refused again.
    const ended = await c.patch(`/api/v1/ausencias/${now.body.id}`, { version: now.body.version, inicio: day(-3), fim: day(-1) }, GESTOR);
    expect(ended.status).toBe(200);
    const k4 = await newContract('DLG-004');
    expect((await c.step('contratos', k4, 'emitir-verificador', SUB)).status).toBe(403);
    expect(await c.names('contratos', k4, SUB)).toEqual([]);
    for (const id of [future.body.id, past.body.id, now.body.id]) expect((await c.del(`/api/v1/ausencias/${id}`, GESTOR)).status).toBe(200);
  });

  it('keeps apart the stages the workflow declares for two people: the absence and the engine refuse (issue 36)', async () => {
    t.api.addUser({ email: PAULO, name: 'Paulo Teixeira', roles: ['contratos', 'materiais'], tipo: 'colaborador' });
    const before = await count();
    // The demo contracts Gabriela manages have Vítor as validador: he cannot stand in for her.
    const refused = await absence(GESTOR, VALID, day(1), day(5));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.substituto[0]).toMatch(
      /^Vítor Validador já é o validador do contrato CT-[\w-]+; a mesma pessoa não pode cumprir as duas etapas\.$/,
    );
    expect(refused.body.message).toBe(refused.body.errors.substituto[0]);
    // The same on an edit that names him; an absence already over is not refused. (Paulo validates no contract of hers.)
    const other = await absence(GESTOR, PAULO, day(1), day(5));
    expect(other.status).toBe(201);
    const renamed = await c.patch(`/api/v1/ausencias/${other.body.id}`, { version: other.body.version, substituto: person(VALID) }, GESTOR);
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors.substituto.join(' ')).toMatch(/já é o validador do contrato/);
    const over = await absence(GESTOR, VALID, day(-20), day(-15));
    expect(over.status).toBe(201);
    // Materials: whoever quantified a list does not verify it (Vinícius away, the quantifier of his lists as substitute).
    const lists = await absence('materiais.verificador@portal.local', 'materiais.quantificador@portal.local', day(1), day(5));
    expect(lists.status).toBe(400);
    expect(lists.body.errors.substituto[0]).toMatch(/já é o quantificador da lista de materiais .+; a mesma pessoa não pode cumprir as duas etapas\./);
    expect(await count()).toBe(before + 2);

    // A contract written during the absence naming the substitute as validador: the engine refuses
    // the manager's step "em nome de", does not offer it, and the inbox does not list it.
    const current = await c.get(`/api/v1/ausencias/${other.body.id}`, GESTOR);
    const started = await c.patch(`/api/v1/ausencias/${other.body.id}`, { version: current.body.version, inicio: day(-1) }, GESTOR);
    expect(started.status).toBe(200); // the absence with a substitute who may stand in runs from yesterday
    const k = await newContract('DLG-SOD', { validador: PAULO });
    const step = await c.step('contratos', k, 'emitir-verificador', PAULO);
    expect(step.status).toBe(403);
    expect(step.body.message).toBe(
      'Você já é o validador do contrato DLG-SOD e não pode "Emitir para o verificador" em nome de Gabriela Gestora: a mesma pessoa não pode cumprir as duas etapas.',
    );
    expect(await c.names('contratos', k, PAULO)).not.toContain('emitir-verificador');
    const queue = await c.get('/api/v1/pendencias?resource=contratos&_end=200', PAULO);
    expect((queue.body as { id: number }[]).map((i) => i.id)).not.toContain(k);
    // A contract with another validador stays the substitute's to move.
    const k2 = await newContract('DLG-SOD-2');
    expect((await c.step('contratos', k2, 'emitir-verificador', PAULO)).status).toBe(200);
    // The manager herself still may.
    expect((await c.step('contratos', k, 'emitir-verificador', GESTOR)).status).toBe(200);
    for (const id of [other.body.id, over.body.id]) expect((await c.del(`/api/v1/ausencias/${id}`, GESTOR)).status).toBe(200);
  });
});
