/**
 * Decision 30 on an existing database: ticket interactions written before they carried their
 * ticket's site get it when the column is added (src/server/modules/client-replies.ts
 * `backfillInteractionSites`), so a client sees the replies of its site's tickets written before.
 * Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { EntitySchema } from '../../schemas/kinds';
import { CODE_SCHEMAS } from '../../schemas/index';
import { connect, type Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
// The migration steps as the server registers them.
import '../../src/server/modules/register';
import { BACKENDS } from './backends';

/** The schemas as they were before: interactions had no `obra`. */
const before: EntitySchema[] = CODE_SCHEMAS.map((s) => (s.name === 'ticketInteracao' ? { ...s, fields: s.fields.filter((f) => f.name !== 'obra') } : s));

async function freshDatabase(backend: 'pglite' | 'postgres'): Promise<Database & { drop: () => Promise<void> }> {
  if (backend === 'pglite') return { ...(await connect({ memory: true })), drop: async () => {} };
  const server = process.env.TEST_DATABASE_URL!;
  const name = `portal_bf_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  const d = await connect({ databaseUrl: u.toString(), poolSize: 2 });
  return {
    ...d,
    drop: async () => {
      await d.close();
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

describe.each(BACKENDS)('interactions get their ticket site on an existing database (%s)', (backend) => {
  let d: Database & { drop: () => Promise<void> };
  beforeAll(async () => {
    d = await freshDatabase(backend);
    await migrate(d.db, before);
    await sql`insert into obra ("Id_Lista", nome) values ('101', 'Obra 101'), ('102', 'Obra 102')`.execute(d.db);
    await sql`insert into posvenda (id, titulo, obra) values (1, 'Disjuntor', '101'), (2, 'Porta', '102'), (3, 'Sem obra', null)`.execute(d.db);
    await sql`insert into "ticketInteracao" (id, ticket, texto) values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c'), (4, 3, 'd')`.execute(d.db);
  }, 120_000);
  afterAll(async () => {
    await d?.drop();
  });

  it('fills each interaction with its ticket site once, when the column arrives', async () => {
    const r = await migrate(d.db, [...CODE_SCHEMAS]);
    expect(r.applied).toBeGreaterThan(0);
    const rows = await sql<{ id: string; obra: string | null }>`select id, obra from "ticketInteracao" order by id`.execute(d.db);
    expect(rows.rows.map((x) => [Number(x.id), x.obra])).toEqual([[1, '101'], [2, '101'], [3, '102'], [4, null]]);
    // A later start changes nothing (the step only runs when the column is new).
    await sql`update "ticketInteracao" set obra = null where id = 3`.execute(d.db);
    await migrate(d.db, [...CODE_SCHEMAS]);
    const again = await sql<{ obra: string | null }>`select obra from "ticketInteracao" where id = 3`.execute(d.db);
    expect(again.rows[0].obra).toBeNull();
  }, 120_000);
});
