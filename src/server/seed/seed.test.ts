import { sql } from 'kysely';
import { schemaByName } from '../../../schemas/index';
import { openDatabase } from '../db/open';
import { demoData } from './demo-data';
import { advanceSequences } from './seed';

describe('seedDemo()', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('inserts every demo row into the empty database', async () => {
    expect(database.seeded).toBe(true);
    const data = demoData();
    for (const name of ['contrato', 'material', 'projeto', 'ticketSgi', 'planoAcao', 'relatoEtica', 'posvenda', 'osField', 'osAutomacao', 'diario', 'usuario']) {
      const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
      expect(Number(r.rows[0].n), name).toBe(data[name].length);
    }
  });

  it('moves the SGI code counters past the seeded codes, never back', async () => {
    const codes = demoData().ticketSgi.map((t) => t.codigo as string | undefined).filter((c): c is string => !!c);
    const expected = new Map<string, number>();
    for (const c of codes) {
      const [prefix, year, n] = c.split('-');
      const key = `ticketSgi:${prefix}:${year}`;
      expected.set(key, Math.max(expected.get(key) ?? 0, Number(n)));
    }
    const counters = async () => {
      const r = await sql<{ chave: string; valor: number }>`select chave, valor from sequencia where chave like 'ticketSgi:%' order by chave`.execute(database.db);
      return new Map(r.rows.map((x) => [x.chave, Number(x.valor)]));
    };
    expect(await counters()).toEqual(expected);

    const sgi = schemaByName('ticketSgi')!;
    await sql`update sequencia set valor = 40 where chave = 'ticketSgi:QUA:2025'`.execute(database.db);
    await advanceSequences(database.db, sgi, [{ codigo: 'QUA-2025-0003' }, { codigo: 'SEG-2024-0007' }, { codigo: 'sem código' }]);
    const after = await counters();
    expect(after.get('ticketSgi:QUA:2025')).toBe(40);
    expect(after.get('ticketSgi:SEG:2024')).toBe(7);
  });
});
