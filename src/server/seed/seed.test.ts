import { sql } from 'kysely';
import { schemaByName } from '../../../schemas/index';
import { openDatabase } from '../boot/open-database';
import { demoData } from './demo-data';
import { nextNumber } from '../crud/numbering';
import { SGI_AREA_PREFIX } from '../../../schemas/ticket-sgi';

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
    for (const name of [
      'contrato',
      'material',
      'projeto',
      'ticketSgi',
      'planoAcao',
      'relatoEtica',
      'posvenda',
      'osField',
      'osAutomacao',
      'diario',
      'usuario',
    ]) {
      const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
      expect(Number(r.rows[0].n), name).toBe(data[name].length);
    }
  });

  it("stamps demo tickets and RDOs with their own date and person, not the seeding's (issue 36)", async () => {
    const tickets = await sql<{ created_at: Date; abertura: Date; created_by: string; mail: string | null }>`
      select created_at, abertura, created_by, responsavel->>'mail' as mail from posvenda`.execute(database.db);
    expect(tickets.rows.length).toBeGreaterThan(0);
    for (const t of tickets.rows) {
      expect(new Date(t.created_at).toISOString()).toBe(new Date(t.abertura).toISOString());
      if (t.mail) expect(t.created_by).toBe(t.mail.toLowerCase());
    }
    const rdos = await sql<{ dia: string; data: string; created_by: string; mail: string }>`
      select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia, to_char(data, 'YYYY-MM-DD') as data,
             created_by, "siteManager"->>'mail' as mail from diario`.execute(database.db);
    for (const r of rdos.rows) expect([r.dia, r.created_by]).toEqual([r.data, r.mail.toLowerCase()]);
  });

  it('numbers after the seeded codes, and never moves a counter back', async () => {
    const sgi = schemaByName('ticketSgi')!;
    const codes = demoData()
      .ticketSgi.map((t) => t.codigo as string | undefined)
      .filter((c): c is string => !!c);
    // The next code of each area of 2025 follows the highest seeded one (QUA-2025-0002 → QUA-2025-0003).
    const next = (area: string) => database.db.transaction().execute((trx) => nextNumber(trx, sgi, { area }, '2025-08-01'));
    for (const [area, prefix] of Object.entries(SGI_AREA_PREFIX)) {
      const seeded = Math.max(0, ...codes.filter((c) => c.startsWith(`${prefix}-2025-`)).map((c) => Number(c.split('-')[2])));
      expect(await next(area), area).toBe(`${prefix}-2025-${String(seeded + 1).padStart(4, '0')}`);
    }
    // A counter ahead of the stored codes (records deleted since) is not moved back.
    await sql`update sequencia set valor = 40 where chave = 'ticketSgi:QUA:2025'`.execute(database.db);
    expect(await next('Qualidade')).toBe('QUA-2025-0041');
  });
});
