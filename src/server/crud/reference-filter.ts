/**
 * References that accept only some target records (`refFilter`, schemas/kinds.ts): an SGI record's
 * supplier must be a company of kind 'Fornecedor', a contract's counterparty a 'Fornecedor' or a 'Cliente'. Checked inside the write's transaction; a value
 * outside the filter is a 400 on the field (the foreign key alone would accept any company).
 */
import { sql } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas/index';
import { allowedValuesText, refFilterEntries } from '../../../schemas/ref-filter';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { columnSql, fieldOf, isExtraField, refKeyOf } from '../db/columns';

/** Why `value` cannot be stored in `field`, or undefined when it can. */
export async function referenceFilterError(db: Db, field: FieldDef, value: unknown): Promise<string | undefined> {
  const target = field.ref ? schemaByName(field.ref) : undefined;
  if (!target || !field.refFilter || value === null || value === undefined || value === '') return undefined;
  const key = refKeyOf(field);
  const keyField = key === 'id' ? undefined : fieldOf(target, key);
  const keySql = keyField ? columnSql(keyField) : '"id"';
  const r = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(target.name)} where ${sql.raw(keySql)} = ${key === 'id' ? Number(value) : String(value)} limit 1`.execute(db);
  const row = r.rows[0];
  const a = target.gender === 'f' ? 'a' : 'o';
  if (!row) return `${target.label} não encontrad${a}.`;
  for (const [name, wanted] of refFilterEntries(field)) {
    const f = fieldOf(target, name);
    const actual = f && isExtraField(f) ? (row._extra as Record<string, unknown> | null)?.[name] : row[name];
    if (!wanted.includes(String(actual ?? ''))) {
      return `Escolha ${target.gender === 'f' ? 'uma' : 'um'} ${target.label.toLowerCase()} com ${f?.label ?? name} ${allowedValuesText(wanted)}.`;
    }
  }
  return undefined;
}

/** Every reference with a `refFilter` whose value is new or changed points at an allowed record. */
export async function checkReferenceFilters(db: Db, schema: EntitySchema, after: Record<string, unknown>, before?: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const f of schema.fields) {
    if (f.kind !== 'reference' || !f.refFilter) continue;
    const v = after[f.name];
    if (before && String(before[f.name] ?? '') === String(v ?? '')) continue;
    const msg = await referenceFilterError(db, f, v);
    if (msg) errors[f.name] = [msg];
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new ApiError(400, errors[fields[0]][0], errors);
}
