import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySchema, Numbering } from '../../schemas/kinds';
import { nextNumber } from '../../src/server/crud/numbering';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

/**
 * The one numbering implementation (src/server/crud/numbering.ts) on a scratch table, with the
 * formats the entities declare, and through the API of the numbered entities, on each database.
 */
describe.each(ENGINE_BACKENDS)('numbering (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  // One scratch table for several formats: each test uses scope values of its own (an entity has one
  // numbering, whose counters are keyed by its table and scope values).
  const TABLE = `numeracao_${Math.random().toString(36).slice(2, 8)}`;
  const schemaWith = (n: Omit<Numbering, 'on'>): EntitySchema => ({
    name: TABLE,
    resource: 'numeracoes',
    label: 'Numeração',
    labelPlural: 'Numerações',
    gender: 'f',
    subject: 'Obra',
    titleField: 'codigo',
    fields: [
      { name: 'codigo', kind: 'text', label: 'Código', readOnly: true },
      { name: 'numero', kind: 'integer', label: 'Número', readOnly: true },
      { name: 'obra', kind: 'text', label: 'Obra' },
      { name: 'data', kind: 'date', label: 'Data' },
    ],
    numbering: { ...n, on: 'create' },
  });

  beforeAll(async () => {
    await sql`create table ${sql.table(TABLE)} (id serial primary key, codigo text, numero integer, obra text, data date)`.execute(t.api.db);
  });
  afterAll(async () => {
    if (t.api) await sql`drop table if exists ${sql.table(TABLE)}`.execute(t.api.db);
  });

  /** Takes the next number and stores it in one transaction, as the create path does. */
  const take = (schema: EntitySchema, record: Record<string, unknown>, today?: string, fail = false) =>
    t.api.db.transaction().execute(async (trx) => {
      const value = await nextNumber(trx, schema, record, today);
      await trx
        .insertInto(TABLE)
        .values({ ...record, [schema.numbering!.field]: value })
        .execute();
      if (fail) throw new Error('rolled back');
      return value;
    });

  it('{obra}-{#####}: zero-padded, restarting per site', async () => {
    const s = schemaWith({ field: 'codigo', format: '{obra}-{#####}' });
    expect(await take(s, { obra: '101' })).toBe('101-00001');
    expect(await take(s, { obra: '101' })).toBe('101-00002');
    expect(await take(s, { obra: '102' })).toBe('102-00001');
    expect(await take(s, { obra: '101' })).toBe('101-00003');
  });

  it('ET-{YYYY}-{#####}: restarting each year; {YYYY:data} takes the year of a date field', async () => {
    const s = schemaWith({ field: 'codigo', format: 'ET-{YYYY}-{#####}' });
    expect(await take(s, {}, '2025-12-31')).toBe('ET-2025-00001');
    expect(await take(s, {}, '2025-12-31')).toBe('ET-2025-00002');
    expect(await take(s, {}, '2026-01-01')).toBe('ET-2026-00001');
    const byDate = schemaWith({ field: 'codigo', format: 'D{YYYY:data}/{###}' });
    expect(await take(byDate, { data: '2024-05-01' }, '2023-02-02')).toBe('D2024/001');
    expect(await take(byDate, { data: '2024-11-30' }, '2023-02-02')).toBe('D2024/002');
    expect(await take(byDate, { data: null }, '2023-02-02')).toBe('D2023/001');
  });

  it('{#} of an integer field per site (not written in the number); a counter past its padding keeps growing', async () => {
    const s = schemaWith({ field: 'numero', format: '{#}', per: ['obra'] });
    expect(await take(s, { obra: 'A' })).toBe(1);
    expect(await take(s, { obra: 'A' })).toBe(2);
    expect(await take(s, { obra: 'B' })).toBe(1);
    const narrow = schemaWith({ field: 'codigo', format: 'N{##}' });
    await t.api.db.insertInto(TABLE).values({ codigo: 'N99' }).execute();
    expect(await take(narrow, {})).toBe('N100');
    expect(await take(narrow, {})).toBe('N101');
  });

  it('follows numbers already stored (seed, import) and gives back the number of a write that rolls back', async () => {
    const s = schemaWith({ field: 'codigo', format: 'IMP-{obra}-{####}' });
    // Codes of another format or scope that merely look alike do not count.
    await t.api.db
      .insertInto(TABLE)
      .values([{ codigo: 'IMP-7-0041' }, { codigo: 'IMP-7-0041x' }, { codigo: 'IMP-77-0900' }, { codigo: 'IMP-7-9x99' }])
      .execute();
    expect(await take(s, { obra: '7' })).toBe('IMP-7-0042');
    await expect(take(s, { obra: '7' }, undefined, true)).rejects.toThrow('rolled back');
    expect(await take(s, { obra: '7' })).toBe('IMP-7-0043');
    const n = schemaWith({ field: 'numero', format: '{#}', per: ['obra'] });
    await t.api.db.insertInto(TABLE).values({ obra: 'C', numero: 7 }).execute();
    expect(await take(n, { obra: 'C' })).toBe(8);
  });

  it('10 concurrent writers of one scope get distinct, consecutive numbers', async () => {
    const s = schemaWith({ field: 'codigo', format: '{obra}-{#####}' });
    const values = await Promise.all(Array.from({ length: 10 }, () => take(s, { obra: '900' })));
    expect([...values].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `900-${String(i + 1).padStart(5, '0')}`));
  });

  it('through the API: 10 ethics reports and 10 post-sales tickets created at once get consecutive protocols and numbers', async () => {
    const year = new Date().getFullYear();
    const reports = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post(
          '/api/v1/relatos-etica',
          { assunto: `Relato simultâneo ${i}`, categoria: 'Outros', descricao: 'Relato criado ao mesmo tempo que outros nove.' },
          'leitura@portal.local',
        ),
      ),
    );
    for (const r of reports) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const protocols = reports.map((r) => String(r.body.protocolo)).sort();
    expect(protocols[0]).toMatch(new RegExp(`^ET-${year}-\\d{5}$`));
    const first = Number(protocols[0].split('-')[2]);
    expect(protocols).toEqual(Array.from({ length: 10 }, (_, i) => `ET-${year}-${String(first + i).padStart(5, '0')}`));

    const [demo] = (await c.get('/api/v1/posvendas?obra=101&_end=1')).body as { cliente: unknown }[];
    const last = Number(((await c.get('/api/v1/posvendas?_sort=codigo&_order=desc&_end=1')).body as { codigo: number }[])[0].codigo);
    const tickets = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post('/api/v1/posvendas', {
          titulo: `Ticket simultâneo ${i}`,
          cliente: demo.cliente,
          obra: '101',
          abertura: '2026-11-24T09:00:00-03:00',
          prioridade: 'Média',
          categoria: 'Garantia',
          descricao: 'Aberto ao mesmo tempo que outros nove.',
          comentario: 'Teste de numeração.',
          codigo: 1,
          responsavel: person('posvendas@portal.local'),
        }),
      ),
    );
    for (const r of tickets) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(tickets.map((r) => Number(r.body.codigo)).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => last + 1 + i));
  });
});
