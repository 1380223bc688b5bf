import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { isJsonField } from '../db/columns';
import { validateBody } from '../crud/validate';

/** Insert rows as they are (validated first), in batches, in one transaction per entity. */
export async function insertRows(db: Db, schema: EntitySchema, rows: Record<string, unknown>[], by = 'seed@portal.local') {
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((raw, j) => {
      const { values, errors } = validateBody({ ...schema, fields: schema.fields.map((f) => ({ ...f, readOnly: false })) }, raw);
      if (Object.keys(errors).length) {
        throw new Error(`Dado de demonstração inválido em ${schema.name}[${i + j}]: ${JSON.stringify(errors)}`);
      }
      const out: Record<string, unknown> = { created_by: by, updated_by: by };
      for (const [k, v] of Object.entries(values)) {
        const f = schema.fields.find((x) => x.name === k)!;
        out[k] = isJsonField(f) && v !== null ? sql`cast(${JSON.stringify(v)} as jsonb)` : v;
      }
      return out;
    });
    if (batch.length) await db.insertInto(schema.name).values(batch).execute();
  }
}

/** First start only: the demo data, idempotently (a marker records that it ran). */
export async function seedDemo(db: Db, schemas: EntitySchema[], data: Record<string, Record<string, unknown>[]>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS _seed (nome text primary key, em timestamptz not null default now())`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(4243)`.execute(trx);
    const done = await sql`SELECT 1 FROM _seed WHERE nome = 'demo'`.execute(trx);
    if (done.rows.length) return false;
    for (const schema of schemas) {
      const rows = data[schema.name];
      if (rows?.length) await insertRows(trx, schema, rows);
    }
    await sql`INSERT INTO _seed (nome) VALUES ('demo')`.execute(trx);
    return true;
  });
}
