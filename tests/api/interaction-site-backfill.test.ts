/**
 * Decision 30 on an existing database: ticket interactions written before they carried their
 * ticket's site get it when the column is added (src/server/modules/client-replies.ts
 * `backfillInteractionSites`), so a client sees the replies of its site's tickets written before.
 * Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EntitySchema } from '../../schemas/kinds';
import { CODE_SCHEMAS } from '../../schemas/index';
import { migrate } from '../../src/server/db/migrate';
// The migration steps as the server registers them.
import '../../src/server/modules/register';
import { ENGINE_BACKENDS } from './backends';
import { freshDatabase, type FreshDatabase } from './fresh-database';

/** The schemas as they were before: interactions had no `obra`. */
const before: EntitySchema[] = CODE_SCHEMAS.map((s) => (s.name === 'ticketInteracao' ? { ...s, fields: s.fields.filter((f) => f.name !== 'obra') } : s));

describe.each(ENGINE_BACKENDS)('interactions get their ticket site on an existing database (%s)', (backend) => {
  let d: FreshDatabase;
  beforeAll(async () => {
    d = await freshDatabase(backend, 'portal_bf');
    await migrate(d.db, before);
    await sql`insert into obra ("Id_Lista", nome) values ('101', 'Obra 101'), ('102', 'Obra 102')`.execute(d.db);
    await sql`insert into posvenda (id, titulo, obra) values (1, 'Disjuntor', '101'), (2, 'Porta', '102'), (3, 'Sem obra', null)`.execute(d.db);
    await sql`insert into "ticketInteracao" (id, ticket, texto) values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c'), (4, 3, 'd')`.execute(d.db);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
    await d?.drop();
  });

  it('fills each interaction with its ticket site once, when the column arrives', async () => {
    const r = await migrate(d.db, [...CODE_SCHEMAS]);
    expect(r.applied).toBeGreaterThan(0);
    const rows = await sql<{ id: string; obra: string | null }>`select id, obra from "ticketInteracao" order by id`.execute(d.db);
    expect(rows.rows.map((x) => [Number(x.id), x.obra])).toEqual([
      [1, '101'],
      [2, '101'],
      [3, '102'],
      [4, null],
    ]);
    // A later start changes nothing (the step only runs when the column is new).
    await sql`update "ticketInteracao" set obra = null where id = 3`.execute(d.db);
    await migrate(d.db, [...CODE_SCHEMAS]);
    const again = await sql<{ obra: string | null }>`select obra from "ticketInteracao" where id = 3`.execute(d.db);
    expect(again.rows[0].obra).toBeNull();
  }, 120_000);
});
