import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { castTypeOf, isJsonField, sqlTypeOf } from '../fields/registry';

export { isJsonArrayField, isJsonField, refKeyOf } from '../fields/registry';

/** The SQL type of a field's column (see docs/conventions.md), from its kind's descriptor (src/server/fields). */
export const sqlType = (field: FieldDef): string => sqlTypeOf(field);

export function fieldOf(schema: EntitySchema, name: string): FieldDef | undefined {
  return schema.fields.find((f) => f.name === name);
}

/** Quote an SQL identifier (field names are validated identifiers, but quote anyway). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A string as an SQL literal. */
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The jsonb column of the custom fields an administrator chose to keep outside columns of their own
 * (`storage: 'json'`, schemas/overlay.ts): one key per field, written merged, read back as top-level
 * properties (`flattenExtra`).
 */
export const EXTRA_COLUMN = '_extra';
export const EXTRA_COLUMN_TYPE = "jsonb not null default '{}'::jsonb";
export const isExtraField = (f: FieldDef) => f.storage === 'json';
export const hasExtraFields = (schema: EntitySchema) => schema.fields.some(isExtraField);

/**
 * The SQL type a value kept in `_extra` is read as: its kind's cast type, except text, dates and
 * moments, read as the key's text ('aaaa-mm-dd' orders as text; a text-to-date cast cannot be indexed).
 */
function extraCast(f: FieldDef): string | undefined {
  const t = castTypeOf(f);
  return t === 'text' || t === 'date' || t === 'timestamptz' || t === 'jsonb' ? undefined : t;
}

/**
 * The SQL of a field's value — the one mapping from a field to SQL that lists, filters, sorts,
 * searches, aggregates and indexes use: its column, or its typed key in `_extra`; with `sub`, a
 * property of a JSON value as text (`siteManager.mail`). Index expressions are built from the same
 * text, so the planner matches them.
 */
export function columnSql(field: FieldDef, sub?: string, table?: string): string {
  // `table`: qualify the column with a table name or alias (a correlated subselect's outer row).
  const col = (name: string) => (table ? `${ident(table)}.${ident(name)}` : ident(name));
  const value = isExtraField(field) ? `(${col(EXTRA_COLUMN)}->${lit(field.name)})` : col(field.name);
  if (sub !== undefined) return `(${value}->>${lit(sub)})`;
  if (!isExtraField(field) || isJsonField(field)) return value;
  const text = `(${col(EXTRA_COLUMN)}->>${lit(field.name)})`;
  const cast = extraCast(field);
  return cast ? `(${text}::${cast})` : text;
}

/** `columnSql` as a Kysely expression. */
export const columnExpr = (field: FieldDef, sub?: string): RawBuilder<unknown> => sql.raw(columnSql(field, sub));

/** A stored row as the API shows it: the `_extra` keys as top-level properties (a column of the same name wins). */
export function flattenExtra<T extends Record<string, unknown>>(row: T): T {
  if (!row || typeof row !== 'object' || !Object.hasOwn(row, EXTRA_COLUMN)) return row;
  const { [EXTRA_COLUMN]: extra, ...rest } = row as Record<string, unknown>;
  const out: Record<string, unknown> = rest;
  if (extra && typeof extra === 'object' && !Array.isArray(extra)) {
    for (const [k, v] of Object.entries(extra as Record<string, unknown>)) if (!Object.hasOwn(rest, k)) out[k] = v;
  }
  return out as T;
}

/**
 * Values to write, as columns: each `_extra` field's value goes into `_extra` — on insert as the
 * whole object, on update merged into the stored one (other keys untouched; null removes the key).
 */
export function toColumnValues(schema: EntitySchema, values: Record<string, unknown>, mode: 'insert' | 'update'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  const cleared: string[] = [];
  let extraTouched = false;
  for (const [k, v] of Object.entries(values)) {
    const f = fieldOf(schema, k)!;
    if (f && isExtraField(f)) {
      extraTouched = true;
      if (v === null || v === undefined) cleared.push(k);
      else extra[k] = v;
    } else out[k] = f && isJsonField(f) && v !== null && v !== undefined ? sql`cast(${JSON.stringify(v)} as jsonb)` : v;
  }
  if (!extraTouched) return out;
  const json = sql`cast(${JSON.stringify(extra)} as jsonb)`;
  out[EXTRA_COLUMN] = mode === 'insert' ? json : sql`(coalesce(${sql.ref(EXTRA_COLUMN)}, '{}'::jsonb) - cast(${cleared} as text[])) || ${json}`;
  return out;
}
