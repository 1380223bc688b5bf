/**
 * Cross-process cache notices (issue 27): a committed write of a table server processes cache
 * (people, absences, holidays, the calendar, the schema overlays) sends `NOTIFY portal_cache` with
 * the table's name from a trigger, so every process drops what it derived from it at once, instead
 * of polling. On PostgreSQL the write goes through another connection pool than the listener's
 * (as another server process would); on PGlite through the same instance (the in-process equivalent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CODE_SCHEMAS } from '../../schemas';
import { connect, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import '../../src/server/modules/register';
import { startEventListener, type EventListener } from '../../src/server/events/listener';
import { CACHED_TABLES } from '../../src/server/events/notify-sql';
import { setCrossProcessNotices, tableWritten } from '../../src/server/crud/write-events';
import { OVERLAY_TTL_HEARD_MS, SchemaRegistry } from '../../src/server/schema-config/registry';
import { ENGINE_BACKENDS } from './backends';
import { freshDatabase, type FreshDatabase } from './fresh-database';

describe.each(ENGINE_BACKENDS)('cache notices over LISTEN/NOTIFY (%s)', (backend) => {
  let writer: FreshDatabase;
  let reader: Database;
  let listener: EventListener;
  const heard: string[] = [];

  beforeAll(async () => {
    writer = await freshDatabase(backend, 'portal_cache');
    await migrate(writer.db, [...CODE_SCHEMAS]);
    // PostgreSQL: a second pool on the same database, as another server process; PGlite: the same instance.
    reader = backend === 'postgres' ? await connect({ databaseUrl: (writer.listenVia as { connectionString: string }).connectionString, poolSize: 2 }) : writer;
    listener = startEventListener(reader.listenVia, () => undefined, {
      log: () => undefined,
      onCacheNotice: (table) => {
        heard.push(table);
        tableWritten(table);
      },
    });
    await listener.ready;
  }, 120_000);

  afterAll(async () => {
    setCrossProcessNotices(false);
    await listener?.stop();
    if (reader && reader !== writer) await reader.close();
    await writer?.close();
    await writer?.drop();
  });

  /** Resolves with the ms until `table` was heard `n` times in all; rejects after `ms`. */
  const heardWithin = (table: string, n: number, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const poll = setInterval(() => {
        if (heard.filter((t) => t === table).length >= n) {
          clearInterval(poll);
          resolve(performance.now() - t0);
        } else if (performance.now() - t0 > ms) {
          clearInterval(poll);
          reject(new Error(`"${table}" ouvido ${heard.filter((t) => t === table).length} vez(es) em ${ms} ms; ouvidos: ${heard.join(', ')}`));
        }
      }, 5);
    });

  it('every cached table has its trigger', async () => {
    const r = await sql<{ tabela: string }>`
      select c.relname as tabela from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'portal_cache'`.execute(writer.db);
    expect(r.rows.map((x) => x.tabela).sort()).toEqual([...CACHED_TABLES].sort());
  });

  it('a committed write of each cached table is heard, once per transaction, with only the table name', async () => {
    heard.length = 0;
    await writer.db.transaction().execute(async (trx) => {
      await sql`insert into usuario (email, nome) values ('notice.one@portal.local', 'Um')`.execute(trx);
      await sql`insert into usuario (email, nome) values ('notice.two@portal.local', 'Dois')`.execute(trx);
    });
    expect(await heardWithin('usuario', 1, 1000)).toBeLessThan(1000);
    await sql`insert into feriado (data, nome) values ('2031-05-02', 'Feriado de teste')`.execute(writer.db);
    await heardWithin('feriado', 1, 1000);
    await sql`delete from feriado where data = '2031-05-02'`.execute(writer.db);
    await heardWithin('feriado', 2, 1000);
    await sql`update usuario set nome = 'Um de novo' where email = 'notice.one@portal.local'`.execute(writer.db);
    await heardWithin('usuario', 2, 1000);
    // Two inserts in one transaction: one notice (PostgreSQL folds identical ones), never a row's content.
    expect(heard.filter((t) => t === 'usuario')).toHaveLength(2);
    expect(heard.every((t) => (CACHED_TABLES as readonly string[]).includes(t))).toBe(true);
  });

  it('a rolled-back write is never heard', async () => {
    heard.length = 0;
    await writer.db
      .transaction()
      .execute(async (trx) => {
        await sql`update usuario set nome = 'Nunca' where email = 'notice.two@portal.local'`.execute(trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    // A later write of another table is heard: the rolled-back one, sent before it, would be too.
    await sql`insert into feriado (data, nome) values ('2031-05-03', 'Outro feriado')`.execute(writer.db);
    await heardWithin('feriado', 1, 1000);
    expect(heard).not.toContain('usuario');
  });

  it("another process's overlay change is seen at once, though the safety-net period is long", async () => {
    setCrossProcessNotices(true);
    const registry = new SchemaRegistry(reader.db, [...CODE_SCHEMAS]);
    await registry.fresh();
    expect(registry.version('obras')).toBe(0);
    heard.length = 0;
    await sql`insert into schema_overlay (resource, version, changed_by, change, overlay)
      values ('obras', 1, 'outro processo', '{}'::jsonb, '{}'::jsonb)`.execute(writer.db);
    const ms = await heardWithin('schema_overlay', 1, 1000);
    expect(ms).toBeLessThan(OVERLAY_TTL_HEARD_MS);
    await registry.fresh();
    expect(registry.version('obras')).toBe(1);
  });
});
