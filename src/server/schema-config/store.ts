/**
 * Storage of the administrators' schema overlays (schemas/overlay.ts): table `schema_overlay`,
 * append-only, one row per change (resource, version 1, 2, …, the whole overlay after the change,
 * who, when, and the change itself). The current overlay of a resource is its latest version.
 *
 * A change that adds a custom field or changes an enum's options also changes the entity's table
 * (ADD COLUMN — the field's own, or the shared `_extra` jsonb column —, index, CHECK of the
 * options, foreign key), in the same transaction as the new version: either both are there or
 * neither. Purging a hidden custom field drops its column (or deletes its key from `_extra`) and
 * its index and constraints, also in that transaction.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { SCHEMAS } from '../../../schemas';
import {
  applyOverlayChange,
  effectiveSchema,
  fieldTitle,
  subFieldOf,
  validateOverlayChange,
  type OverlayChange,
  type SchemaOverlay,
} from '../../../schemas/overlay';
import type { Db } from '../db/connect';
import { columnExpr, EXTRA_COLUMN, fieldOf, ident, isExtraField } from '../db/columns';
import { tableState } from '../db/ddl';
import { ruleConditions } from '../db/access-indexes';
import { ApiError } from '../http/errors';

export const SCHEMA_OVERLAY_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS schema_overlay (
     resource text not null, version integer not null, overlay jsonb not null,
     changed_by text, changed_at timestamptz not null default now(), change jsonb not null,
     primary key (resource, version))`,
];

export interface StoredOverlay {
  version: number;
  overlay: SchemaOverlay;
}

export interface OverlayHistoryEntry {
  version: number;
  changed_by: string | null;
  changed_at: string;
  change: OverlayChange;
}

/** The latest overlay of every configured resource. */
export async function loadOverlays(db: Db): Promise<Map<string, StoredOverlay>> {
  const r = await sql<{ resource: string; version: number; overlay: SchemaOverlay }>`
    select distinct on (resource) resource, version, overlay from schema_overlay order by resource, version desc`.execute(db);
  return new Map(r.rows.map((x) => [x.resource, { version: Number(x.version), overlay: x.overlay }]));
}

/** A number that changes with every stored change (the table is append-only): the registry's cheap freshness check. */
export async function overlayStamp(db: Db): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from schema_overlay`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function overlayHistory(db: Db, resource: string): Promise<OverlayHistoryEntry[]> {
  const r = await sql<OverlayHistoryEntry>`
    select version, changed_by, changed_at, change from schema_overlay where resource = ${resource} order by version desc`.execute(db);
  return r.rows.map((x) => ({ ...x, version: Number(x.version), changed_at: new Date(x.changed_at).toISOString() }));
}

/** Fields the access rules condition on for this subject (first segment of each condition path). */
export function conditionFieldsOf(schema: EntitySchema): string[] {
  return (ruleConditions().get(schema.subject) ?? []).map((c) => c.path.split('.')[0]);
}

/**
 * Validate and store one change: 409 when `expectedVersion` is given and is not the current
 * version, 400 with per-key pt-BR errors when the change is refused. Returns the new version.
 */
export async function storeOverlayChange(
  db: Db,
  base: EntitySchema,
  change: OverlayChange,
  by: string,
  expectedVersion: number | undefined,
): Promise<StoredOverlay> {
  return db.transaction().execute(async (trx) => {
    // One writer per resource at a time; readers are not blocked.
    await sql`select pg_advisory_xact_lock(hashtext(${`schema_overlay:${base.resource}`}))`.execute(trx);
    const cur = await sql<{ version: number; overlay: SchemaOverlay }>`
      select version, overlay from schema_overlay where resource = ${base.resource} order by version desc limit 1`.execute(trx);
    const version = Number(cur.rows[0]?.version ?? 0);
    const overlay: SchemaOverlay = cur.rows[0]?.overlay ?? {};
    if (expectedVersion !== undefined && expectedVersion !== version) {
      throw new ApiError(409, `A configuração de ${base.labelPlural} foi alterada por outra pessoa (versão ${version}). Recarregue e tente de novo.`, {
        version: [`Versão atual: ${version}.`],
      });
    }
    const errors = validateOverlayChange(base, overlay, change, { conditionFields: conditionFieldsOf(base) });
    if (Object.keys(errors).length) throw new ApiError(400, firstMessage(errors), errors);

    const next = applyOverlayChange(overlay, change);
    const before = effectiveSchema(base, overlay);
    const after = effectiveSchema(base, next);
    if (change.op === 'patchField' && change.patch.removeOptions?.length) await refuseOptionsInUse(trx, base, change.name, change.patch.removeOptions, after);
    if (change.op === 'purgeField') await purgeData(trx, base, fieldOf(before, change.name)!);
    await alterTable(trx, base, before, after, change.op === 'purgeField');
    await sql`insert into schema_overlay (resource, version, overlay, changed_by, change)
      values (${base.resource}, ${version + 1}, ${JSON.stringify(next)}::jsonb, ${by}, ${JSON.stringify(change)}::jsonb)`.execute(trx);
    return { version: version + 1, overlay: next };
  });
}

function firstMessage(errors: Record<string, string[]>): string {
  const first = Object.values(errors)[0]?.[0];
  return first ? `Alteração recusada: ${first}` : 'Alteração recusada.';
}

/** How many records hold a value in a field (the purge confirmation tells it). */
export async function recordsWithValue(db: Db, schema: EntitySchema, name: string): Promise<number> {
  const f = fieldOf(schema, name);
  if (!f) return 0;
  const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(schema.name)} where ${columnExpr(f)} is not null`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** A purge's data: the key of every record's `_extra` and the field's index and CHECK (a column's go with it in alterTable). */
async function purgeData(trx: Db, base: EntitySchema, f: EntitySchema['fields'][number]): Promise<void> {
  if (!isExtraField(f)) return;
  const t = ident(base.name);
  const key = sql.lit(f.name);
  await sql`UPDATE ${sql.table(base.name)} SET ${sql.ref(EXTRA_COLUMN)} = ${sql.ref(EXTRA_COLUMN)} - ${key} WHERE ${sql.ref(EXTRA_COLUMN)} -> ${key} IS NOT NULL`.execute(
    trx,
  );
  await sql.raw(`DROP INDEX IF EXISTS ${ident(`${base.name}_${f.name}_idx`)}`).execute(trx);
  await sql.raw(`ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS ${ident(`${base.name}_${f.name}_check`)}`).execute(trx);
}

/** Per option, how many records use it: in the field's column, or in a sub-field of its table or group of fields. */
async function optionUse(trx: Db, base: EntitySchema, field: string, options: string[], after: EntitySchema) {
  const sub = subFieldOf(after, field);
  if (sub?.parent.kind !== 'rows') {
    const value = sub ? columnExpr(sub.parent, sub.field.name) : columnExpr(fieldOf(after, field)!);
    return sql<{ o: string; n: string }>`
      select ${value} as o, count(*) as n from ${sql.table(base.name)}
      where ${value} in (${sql.join(options)}) group by 1`.execute(trx);
  }
  const col = columnExpr(sub.parent);
  const key = sql.lit(sub.field.name);
  return sql<{ o: string; n: string }>`
    select e ->> ${key} as o, count(distinct t.id) as n
    from ${sql.table(base.name)} t
    cross join lateral jsonb_array_elements(case when jsonb_typeof(${col}) = 'array' then ${col} else '[]'::jsonb end) e
    where e ->> ${key} in (${sql.join(options)}) group by 1`.execute(trx);
}

async function refuseOptionsInUse(trx: Db, base: EntitySchema, field: string, options: string[], after: EntitySchema): Promise<void> {
  const r = await optionUse(trx, base, field, options, after);
  if (!r.rows.length) return;
  const label = fieldTitle(after, field);
  const used = r.rows.map((x) => `"${x.o}" (${Number(x.n).toLocaleString('pt-BR')} ${Number(x.n) === 1 ? 'registro' : 'registros'})`);
  const msg = `Não é possível remover ${used.length === 1 ? 'a opção' : 'as opções'} ${used.join(', ')} de "${label}": ainda em uso.`;
  throw new ApiError(400, msg, { removeOptions: [msg] });
}

/**
 * The table changes between two effective schemas, generated as the migrations generate them
 * (src/server/db/ddl.ts): new columns, then changed constraints (enum CHECKs, foreign keys), then
 * new indexes. Nothing is ever dropped but a constraint being replaced, and on a purge the columns
 * that went away (the purged field's, or `_extra` when its last field was purged).
 */
async function alterTable(trx: Db, base: EntitySchema, before: EntitySchema, after: EntitySchema, purge = false): Promise<void> {
  const t = ident(base.name);
  const all = SCHEMAS.map((s) => (s.name === base.name ? after : s));
  const was = tableState(before, all);
  const want = tableState(after, all);
  if (purge)
    for (const col of Object.keys(was.columns)) if (!want.columns[col]) await sql.raw(`ALTER TABLE ${t} DROP COLUMN IF EXISTS ${ident(col)}`).execute(trx);
  for (const [col, c] of Object.entries(want.columns)) {
    if (!was.columns[col]) await sql.raw(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${ident(col)} ${c.type}`).execute(trx);
  }
  for (const [name, ddl] of Object.entries(want.constraints)) {
    if (was.constraints[name] === ddl) continue;
    await sql.raw(`ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS ${ident(name)}`).execute(trx);
    await sql.raw(ddl).execute(trx);
  }
  for (const [name, ddl] of Object.entries(want.indexes)) if (was.indexes[name] !== ddl) await sql.raw(ddl).execute(trx);
  // The migrations' record of the table follows, so the next start neither re-adds nor drops what changed here.
  await sql`UPDATE _esquema SET estado = ${JSON.stringify(want)}::jsonb WHERE tabela = ${base.name}`.execute(trx);
}
