/**
 * Keeping the search index in step with the declared search fields (issue 39). Each entity's
 * statements (document.ts) are stored in `busca_fonte` with their fingerprint (a hash of the SQL,
 * which follows from the schema's `search` declarations and custom fields); when the fingerprint
 * changes — a new version of the code, an administrator marking a custom field searchable — the
 * statement is replaced and that entity is rebuilt, in one transaction. Run at every start after the
 * migration and the seed (src/server/boot/open-database.ts), by `npm run search:rebuild` (every
 * entity, whatever the fingerprints), and by the search itself when the effective schemas changed
 * since it last looked (an overlay saved by any process).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { effectiveSchema } from '../../../schemas/overlay';
import type { Db } from '../db/connect';
import { ident } from '../db/columns';
import { loadOverlays } from '../schema-config/store';
import { DOCUMENT_VERSION, searchSource, type SearchSource } from './document';

const LOCK = 4244;

/** The function that indexes one record of an entity (the trigger of tables.ts calls it). */
export const functionOf = (entidade: string) => ident(`portal_busca_${entidade}`);

export const fingerprintOf = (s: SearchSource) =>
  createHash('sha256')
    .update(JSON.stringify([DOCUMENT_VERSION, s.recurso, s.comando, s.rebuild]))
    .digest('hex');

export interface SyncResult {
  /** Entities whose index was rebuilt, with the rows indexed. */
  rebuilt: { entidade: string; registros: number; ms: number }[];
  /** Entities taken out of the index (nothing left to search). */
  removed: string[];
}

async function rebuildOne(trx: Db, src: SearchSource): Promise<number> {
  let n = 0;
  for (const [i, stmt] of src.rebuild.entries()) {
    const r = await sql.raw(stmt).execute(trx);
    if (i === 1) n = Number(r.numAffectedRows ?? 0);
  }
  return n;
}

/**
 * Brings `busca_fonte` and the index to these schemas: every entity whose fingerprint changed (or
 * all, with `force`) is rebuilt. Serialised across processes by an advisory lock.
 */
export async function syncSearchIndex(db: Db, schemas: readonly EntitySchema[], opts: { force?: boolean; only?: string[] } = {}): Promise<SyncResult> {
  const sources = schemas.map(searchSource).filter((s): s is SearchSource => !!s);
  const wanted = opts.only ? sources.filter((s) => opts.only!.includes(s.entidade) || opts.only!.includes(s.recurso)) : sources;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK})`.execute(trx);
    const have = new Map(
      // A statement without its function (written by an earlier version) counts as changed.
      (await sql<{ entidade: string; impressao: string }>`SELECT entidade, impressao FROM busca_fonte WHERE funcao IS NOT NULL`.execute(trx)).rows.map((r) => [
        r.entidade,
        r.impressao,
      ]),
    );
    const result: SyncResult = { rebuilt: [], removed: [] };
    for (const src of wanted) {
      const print = fingerprintOf(src);
      if (!opts.force && have.get(src.entidade) === print) continue;
      const t0 = performance.now();
      await sql`DELETE FROM busca_fonte WHERE entidade = ${src.entidade} OR recurso = ${src.recurso}`.execute(trx);
      const fn = functionOf(src.entidade);
      await sql.raw(`CREATE OR REPLACE FUNCTION ${fn}(bigint) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN ${src.comando}; END $fn$`).execute(trx);
      await sql`INSERT INTO busca_fonte (entidade, recurso, comando, impressao, funcao)
        VALUES (${src.entidade}, ${src.recurso}, ${src.comando}, ${print}, ${fn})`.execute(trx);
      const registros = await rebuildOne(trx, src);
      result.rebuilt.push({ entidade: src.entidade, registros, ms: Math.round(performance.now() - t0) });
    }
    if (!opts.only) {
      const names = new Set(sources.map((s) => s.entidade));
      for (const entidade of have.keys()) {
        if (names.has(entidade)) continue;
        await sql`DELETE FROM busca_fonte WHERE entidade = ${entidade}`.execute(trx);
        await sql.raw(`DROP FUNCTION IF EXISTS ${functionOf(entidade)}(bigint)`).execute(trx);
        await sql`DELETE FROM busca_registro WHERE entidade = ${entidade}`.execute(trx);
        result.removed.push(entidade);
      }
    }
    return result;
  });
}

/** The code schemas with the overlays administrators stored (custom fields marked searchable count). */
export async function storedEffectiveSchemas(db: Db, schemas: readonly EntitySchema[]): Promise<EntitySchema[]> {
  const overlays = await loadOverlays(db);
  return schemas.map((s) => effectiveSchema(s, overlays.get(s.resource)?.overlay));
}

/** At start: the index as the schemas (with the stored overlays) declare it. */
export async function ensureSearchIndex(db: Db, schemas: readonly EntitySchema[], opts: { force?: boolean } = {}): Promise<SyncResult> {
  return syncSearchIndex(db, await storedEffectiveSchemas(db, schemas), opts);
}

const lastSeen = new WeakMap<Db, { schemas: readonly EntitySchema[]; pending: Promise<unknown> }>();

/**
 * Before a search: when the effective schemas are another array than last time (an overlay was saved
 * here or in another process), the fingerprints are compared again and what changed is rebuilt.
 */
export async function syncIfSchemasChanged(db: Db, schemas: readonly EntitySchema[]): Promise<void> {
  const last = lastSeen.get(db);
  if (last?.schemas === schemas) return void (await last.pending);
  const pending = syncSearchIndex(db, schemas).catch((e) => {
    lastSeen.delete(db); // try again at the next search
    throw e;
  });
  lastSeen.set(db, { schemas, pending });
  await pending;
}
