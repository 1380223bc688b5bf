/**
 * The search across every module (issue 39), on both databases: codes exactly and by prefix (a
 * contract's number, an SGI code, "RDO 1", "245/2026", "RNC 2026-0003"), a CNPJ with or without
 * punctuation, Portuguese words by stem and without accents, small typos, results as you type,
 * ranking (exact code, relevance, recency), the index kept in the write's transaction (create,
 * update, transition, trash, restore, a spreadsheet import), the module filter and bad input (never
 * a 5xx). Permissions: busca-acesso.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SearchAnswer } from '../../resources/search';
import { SCHEMAS } from '../../schemas';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { syncSearchIndex } from '../../src/server/search/sync';
import { todayIso } from '../../src/server/time';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { newTicket } from './ticket-helpers';
import { dryRun, importNow, rowsOf, xlsx } from './import-helpers';

type Row = { id: number; version: number; [k: string]: unknown };
const ADMIN = 'admin@portal.local';

describe.each(ENGINE_BACKENDS)('search across every module (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const find = async (q: string, as = ADMIN, extra = '') => {
    const r = await c.get(`/api/v1/busca?q=${encodeURIComponent(q)}${extra}`, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as SearchAnswer;
  };
  const ids = (a: SearchAnswer, recurso?: string) => a.resultados.filter((h) => !recurso || h.recurso === recurso).map((h) => h.id);
  let crane: Row; // "O guindaste quebrou…"
  let action: Row; // "Ação corretiva…"
  let older: Row;
  let newer: Row;

  beforeAll(async () => {
    crane = (
      await newTicket(c, `Guindaste parado ${backend}`, {
        fields: { descricao: 'O guindaste quebrou quando íamos concretar a laje do bloco B.', contato: 'Joana Albuquerque Ferraz' },
      })
    ).ticket as Row;
    action = (await newTicket(c, `Ação corretiva no portão ${backend}`, { fields: { descricao: 'Trocar as dobradiças do portão.' } })).ticket as Row;
    older = (await newTicket(c, `Xilofone velho ${backend}`, { fields: { descricao: 'Ruído de xilofone na cobertura.' } })).ticket as Row;
    newer = (await newTicket(c, `Xilofone novo ${backend}`, { fields: { descricao: 'Ruído de xilofone na cobertura.' } })).ticket as Row;
  });

  it("finds a contract by its number exactly and by the number's beginning, exact code first", async () => {
    const exact = await find('CT-2025-003');
    expect(exact.resultados[0]).toMatchObject({ recurso: 'contratos', titulo: 'CT-2025-003' });
    const prefix = await find('CT-2025');
    const contracts = prefix.resultados.filter((h) => h.recurso === 'contratos');
    expect(contracts.length).toBeGreaterThanOrEqual(5);
    expect(prefix.resultados.slice(0, 5).every((h) => h.recurso === 'contratos')).toBe(true);
    // Without punctuation, and in lower case, the same.
    expect((await find('ct2025003')).resultados[0]).toMatchObject({ recurso: 'contratos', titulo: 'CT-2025-003' });
  });

  it('finds a record by a code typed as people write it: "245/2026", and "RNC <year>-0003" (a type word and the code without its area)', async () => {
    const contract = async (numero: string, objeto: string) => {
      const r = await c.post('/api/v1/contratos', {
        numero,
        tipo: 'Fornecimento',
        contraparte: CNPJ.trafoSul,
        objeto,
        obra: '101',
        valor: 1000,
        responsavel: person(ADMIN, 'Administrador'),
        gestor: person('contratos.gestor@portal.local', 'Gabriela Gestora'),
        validador: person('contratos.validador@portal.local', 'Vítor Validador'),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as Row;
    };
    // Besides the record: a number that starts the same, and a text with both numbers in it.
    const target = await contract('245/2026', 'Fornecimento de cabos do bloco A.');
    await contract('245/2026-A', 'Aditivo do fornecimento de cabos.');
    await newTicket(c, `Sala 245 ${backend}`, { fields: { descricao: 'Goteira na sala 245 desde março de 2026.' } });
    for (const q of ['245/2026', '245-2026', '245 2026', 'CT 245/2026']) {
      expect((await find(q)).resultados[0], q).toMatchObject({ recurso: 'contratos', id: target.id, titulo: '245/2026' });
    }

    // SGI codes are AREA-YEAR-NUMBER (QUA-2026-0003); people say "RNC 2026-0003". An audit finding
    // with the same year and number (AUD-…-0003) must come after the non-conformity.
    const year = todayIso().slice(0, 4); // the year the numbering uses
    const accepted = async (area: string, prefixo: string, tipo: string, titulo: string) => {
      await sql`insert into sequencia (chave, valor) values (${`ticketSgi:${prefixo}:${year}`}, 2)
        on conflict (chave) do update set valor = 2`.execute(t.api.db);
      const r = await c.post('/api/v1/tickets-sgi', {
        area,
        tipo,
        severidade: 'Média',
        origem: 'Fornecedor',
        titulo,
        dataOcorrencia: '2026-10-01',
        fornecedor: CNPJ.montagensIdeal,
        descricao: 'Peças entregues fora da especificação.',
        relator: person('sm@portal.local', 'Site Manager'),
        responsavel: person('renata.costa@portal.local', 'Renata Costa'),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      let row = r.body as Row;
      for (const [step, as] of [
        ['enviar-triagem', ADMIN],
        ['aceitar', 'sgi@portal.local'],
      ]) {
        const s = await c.step('tickets-sgi', row.id, step, as);
        expect(s.status, JSON.stringify(s.body)).toBe(200);
        row = s.body as Row;
      }
      expect(row.codigo).toBe(`${prefixo}-${year}-0003`);
      return row;
    };
    const rnc = await accepted('Qualidade', 'QUA', 'RNC', `Solda fora do procedimento ${backend}`);
    const audit = await accepted('Auditoria', 'AUD', 'Constatação de auditoria', `Calibração vencida ${backend}`);
    for (const q of [`RNC ${year}-0003`, `QUA-${year}-0003`, `qua ${year} 0003`]) {
      const a = await find(q);
      expect(a.resultados[0], q).toMatchObject({ recurso: 'tickets-sgi', id: rnc.id });
    }
    expect(ids(await find(`SGI ${year}-0003`), 'tickets-sgi')).toEqual(expect.arrayContaining([rnc.id, audit.id]));
    expect((await find(`AUD-${year}-0003`)).resultados[0]).toMatchObject({ recurso: 'tickets-sgi', id: audit.id });
    // The seeded ones: QUA-2025-0001 is a non-conformity, AUD-2025-0001 and SEG-2025-0001 are not.
    expect((await find('RNC 2025-0001')).resultados[0]).toMatchObject({ recurso: 'tickets-sgi', codigo: 'QUA-2025-0001' });
  });

  it('finds a daily report by "RDO <number>" and a company by its CNPJ with or without punctuation', async () => {
    const rdo = await find('RDO 1');
    expect(rdo.resultados.length).toBeGreaterThan(0);
    expect(rdo.resultados[0]).toMatchObject({ recurso: 'diarios', codigo: '1' });
    for (const q of ['12.345.678/0001-95', CNPJ.montagensIdeal]) {
      const a = await find(q, ADMIN, '&limite=20');
      expect(a.resultados[0].recurso, q).toMatch(/^(empresas|contratos)$/);
      expect(
        a.resultados.some((h) => h.recurso === 'empresas' && h.titulo === 'Montagens Ideal Ltda.'),
        q,
      ).toBe(true);
    }
    // The CNPJ's beginning.
    expect((await find('12345678', ADMIN, '&limite=20')).resultados.some((h) => h.titulo === 'Montagens Ideal Ltda.')).toBe(true);
    // A contract by its counterparty's name (staff read the company registry).
    expect((await find('Montagens Ideal', ADMIN, '&modulo=contratos')).resultados.length).toBeGreaterThan(0);
  });

  it('matches Portuguese words by stem, without accents, with small typos and as they are typed', async () => {
    for (const q of ['concretagem', 'guidaste', 'guind', 'GUINDASTE', 'Albuquerque', 'joana ferraz']) {
      expect(ids(await find(q), 'posvendas'), q).toContain(crane.id);
    }
    for (const q of ['acao corretiva', 'Ação', 'ACAO', 'portao']) expect(ids(await find(q), 'posvendas'), q).toContain(action.id);
    const snippet = (await find('guidaste')).resultados.find((h) => h.id === crane.id && h.recurso === 'posvendas')!;
    expect(snippet.trecho?.campo).toBe('Descrição');
    expect(snippet.trecho?.partes.filter((p) => p.destaque).map((p) => p.texto)).toContain('guindaste');
    expect(snippet).toMatchObject({ modulo: 'Tickets de pós-venda', obra: { id: '101' }, estado: { valor: crane.status } });
  });

  it('ranks equal matches by the latest change', async () => {
    const a = await find(`xilofone ${backend}`, ADMIN, '&modulo=posvendas');
    expect(ids(a).slice(0, 2)).toEqual([newer.id, older.id]);
    const touched = await c.patch(`/api/v1/posvendas/${older.id}`, { version: older.version, prazo: '2026-12-20' }, 'posvendas@portal.local');
    expect(touched.status, JSON.stringify(touched.body)).toBe(200);
    expect(ids(await find(`xilofone ${backend}`, ADMIN, '&modulo=posvendas')).slice(0, 2)).toEqual([older.id, newer.id]);
  });

  it('keeps the index in the write: update, transition, trash and restore', async () => {
    const now = (await c.get(`/api/v1/posvendas/${action.id}`)).body as Row;
    const edited = await c.patch(
      `/api/v1/posvendas/${action.id}`,
      { version: now.version, descricao: 'Trocar as dobradiças e o trinco zebrado.' },
      'posvendas@portal.local',
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(ids(await find('zebrado'))).toContain(action.id);
    expect(ids(await find('dobradicas trinco'))).toContain(action.id);

    const steps = await c.names('posvendas', action.id, 'posvendas@portal.local');
    expect(steps.length).toBeGreaterThan(0);
    const moved = await c.step('posvendas', action.id, steps[0], 'posvendas@portal.local', { comment: 'Andamento.' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const hit = (await find('zebrado')).resultados.find((h) => h.id === action.id)!;
    expect(hit.estado?.valor).toBe(moved.body.status);

    expect((await c.del(`/api/v1/posvendas/${action.id}`)).status).toBe(200);
    expect(ids(await find('zebrado'))).not.toContain(action.id);
    const entry = await sql<{ id: number }>`select id from lixeira where recurso = 'posvendas' and registro_id = ${action.id}`.execute(t.api.db);
    expect((await c.post(`/api/v1/lixeira/${entry.rows[0].id}/restaurar`, {})).status).toBe(200);
    expect(ids(await find('zebrado'))).toContain(action.id);
  });

  it('keeps the index in an import: a created record is found at once by its words, an updated one by its new words only', async () => {
    const header = ['Nº do contrato', 'Tipo', 'Fornecedor / cliente', 'Obra', 'Objeto', 'Valor', 'Início da vigência', 'Responsável', 'Gestor', 'Validador'];
    const row = (objeto: string) => [
      'IMP-BUSCA-01',
      'Locação',
      'Concreta Pré-Moldados',
      '101',
      objeto,
      '1.234,56',
      new Date(Date.UTC(2026, 1, 1)),
      'Administrador <admin@portal.local>',
      'sm@portal.local',
      'admin@portal.local',
    ];
    const load = async (objeto: string, name: string) => {
      const d = await dryRun(t.api, 'contratos', await xlsx(header, [row(objeto)]), name);
      expect(d.erros, JSON.stringify(await rowsOf(t.api, d.id, 'simulacao'))).toBe(0);
      return importNow(t.api, d.id);
    };
    expect(ids(await find('tucano'))).toEqual([]);
    expect(await load('Locação de retroescavadeira tucano', 'busca-1.xlsx')).toMatchObject({ situacao: 'concluida', criadas: 1 });
    const created = (await find('tucano')).resultados;
    expect(created.map((h) => [h.recurso, h.titulo])).toEqual([['contratos', 'IMP-BUSCA-01']]);
    expect((await find('IMP-BUSCA-01')).resultados[0]).toMatchObject({ recurso: 'contratos', id: created[0].id });

    expect(await load('Locação de retroescavadeira pelicano', 'busca-2.xlsx')).toMatchObject({ situacao: 'concluida', atualizadas: 1 });
    expect(ids(await find('pelicano'), 'contratos')).toEqual([created[0].id]);
    expect(ids(await find('tucano'))).toEqual([]);
    expect(ids(await find('retroescavadeira'), 'contratos')).toContain(created[0].id);
  });

  it('filters by module and says which modules had results', async () => {
    const all = await find('cobertura', ADMIN, '&limite=50');
    expect(new Set(all.resultados.map((h) => h.recurso)).size).toBeGreaterThan(1);
    expect(all.modulos.map((m) => m.recurso)).toEqual(expect.arrayContaining(['posvendas']));
    const only = await find('cobertura', ADMIN, '&modulo=posvendas&limite=2');
    expect(only.resultados.every((h) => h.recurso === 'posvendas')).toBe(true);
    expect(only.modulos).toEqual([expect.objectContaining({ recurso: 'posvendas', quantidade: 2, mais: true })]);
    const two = await find('cobertura', ADMIN, '&modulo=posvendas,contratos&limite=50');
    expect(two.resultados.every((h) => ['posvendas', 'contratos'].includes(h.recurso))).toBe(true);
  });

  it('rebuilds by itself only the modules whose declared search fields changed (fingerprint)', async () => {
    expect((await syncSearchIndex(t.api.db, SCHEMAS)).rebuilt).toEqual([]);
    const changed = SCHEMAS.map((s) =>
      s.name === 'feriado' ? { ...s, fields: s.fields.map((f) => (f.name === 'cidade' ? { ...f, search: 'A' as const } : f)) } : s,
    );
    const r = await syncSearchIndex(t.api.db, changed);
    expect(r.rebuilt.map((x) => x.entidade)).toEqual(['feriado']);
    expect(r.rebuilt[0].registros).toBeGreaterThan(0);
    expect((await syncSearchIndex(t.api.db, changed)).rebuilt).toEqual([]);
    expect((await syncSearchIndex(t.api.db, SCHEMAS)).rebuilt.map((x) => x.entidade)).toEqual(['feriado']);
  });

  it('answers bad input with a clear 400 or an empty answer, never a 5xx', async () => {
    for (const q of ['', '   ', '%', '_', '\\', '&', '|', '!', ':*', "'", '"', '(', ')', '<->', '&|!:*%_\\', 'a', '%_%', "'; drop table obra; --"]) {
      const r = await c.get(`/api/v1/busca?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(Array.isArray(r.body.resultados), q).toBe(true);
    }
    expect((await find('&|!')).aviso).toBe('Digite letras ou números para buscar.');
    expect((await find('guindaste & laje | !x:*')).resultados.length).toBeGreaterThan(0);
    const long = await c.get(`/api/v1/busca?q=${'a'.repeat(2000)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.q[0]).toMatch(/longo demais/);
    const unknown = await c.get('/api/v1/busca?q=obra&modulo=naoexiste');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.modulo[0]).toBe('Módulo desconhecido: "naoexiste".');
    for (const l of ['0', '51', 'abc', '1.5', '-1']) expect((await c.get(`/api/v1/busca?q=obra&limite=${l}`)).status, l).toBe(400);
    expect((await c.get('/api/v1/busca?q=obra&q=laje')).status).toBe(400);
    expect((await c.get('/api/v1/busca?q=a%00b')).status).toBe(400);
    expect((await t.api.request('/api/v1/busca?q=obra', { as: null })).status).toBe(401);
  });
});
