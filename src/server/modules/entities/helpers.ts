/** Small queries the entity rules share. */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { flattenExtra } from '../../db/columns';

/** A record as the API reads it (`_extra` fields flattened), or undefined. */
export async function rowOf(trx: Db, table: string, id: number): Promise<Record<string, unknown> | undefined> {
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(table)} t where id = ${id}`.execute(trx);
  return r.rows[0]?.row && flattenExtra(r.rows[0].row);
}

/** How many records of `table` point to `id` through `field` and are not in state `statusNot`. */
export async function countWhere(trx: Db, table: string, field: string, id: unknown, statusNot: string): Promise<number> {
  const r = await sql<{
    n: string;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(field)} = ${Number(id)} and status is distinct from ${statusNot}`.execute(trx);
  return Number(r.rows[0].n);
}
