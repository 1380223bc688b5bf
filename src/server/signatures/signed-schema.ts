/**
 * The schema a signature's content is taken of (content-hash.ts): the entity's code schema with the
 * administrators' current overlay (schemas/overlay.ts), read from `schema_overlay` on the caller's
 * connection, so inside a transaction it is the overlay that transaction sees. It is the schema the
 * server validates writes with, custom fields included.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { CODE_SCHEMAS } from '../../../schemas';
import { effectiveSchema, type SchemaOverlay } from '../../../schemas/overlay';
import type { Db } from '../db/connect';
import { contentHash } from './content-hash';

/** The effective schema of `schema`'s resource (code or effective schema given: the overlay is applied once, to the code one). */
export async function signedSchema(db: Db, schema: EntitySchema): Promise<EntitySchema> {
  const base = CODE_SCHEMAS.find((s) => s.resource === schema.resource) ?? schema;
  const r = await sql<{ overlay: SchemaOverlay }>`
    select overlay from schema_overlay where resource = ${schema.resource} order by version desc limit 1`.execute(db);
  return effectiveSchema(base, r.rows[0]?.overlay);
}

/** The hash of the record's content, custom fields included (what a signature stores and is checked against). */
export async function storedContentHash(db: Db, schema: EntitySchema, row: Record<string, unknown>): Promise<string> {
  return contentHash(await signedSchema(db, schema), row);
}
