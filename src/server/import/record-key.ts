/**
 * How a row of a file finds the stored record it updates (issue 38): by the natural key when the row
 * has it (a blank optional part, such as a holiday's city, is a blank stored value; a blank part with
 * a default is that default; a person by e-mail), else by the export's "ID" column, else not at all
 * (the caller looks for the record the same row of the same file created before).
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { CURRENT_USER, NOW, TODAY } from '../../../schemas/kinds';
import { ID_FIELD, importFieldOf } from '../../../schemas/import-layout';
import { isEmptyValue } from '../../../schemas/messages';
import { columnSql } from '../db/columns';
import { validateBody } from '../crud/validate';

const TOKENS = new Set<unknown>([CURRENT_USER, NOW, TODAY]);

/** The conditions (on the table aliased `t`) that find the row's record, or undefined when the row names none. */
export function keyConditions(schema: EntitySchema, key: string[], values: Record<string, unknown>): RawBuilder<unknown>[] | undefined {
  const natural = key.filter((k) => k !== ID_FIELD.name);
  const byKey = natural.length ? naturalConditions(schema, natural, values) : undefined;
  if (byKey) return byKey;
  const id = values[ID_FIELD.name];
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return [sql`t.id = ${id}`];
  return undefined;
}

function naturalConditions(schema: EntitySchema, key: string[], values: Record<string, unknown>): RawBuilder<unknown>[] | undefined {
  // The key as the API stores it (a CNPJ typed with its punctuation is kept as digits).
  const writableKey = Object.fromEntries(key.filter((k) => !importFieldOf(schema, k)?.readOnly).map((k) => [k, values[k]]));
  const normal = validateBody(schema, writableKey, {});
  const conds: RawBuilder<unknown>[] = [];
  let given = 0;
  for (const k of key) {
    const f = importFieldOf(schema, k);
    if (!f) return undefined;
    let v = k in normal.values && !normal.errors[k] ? normal.values[k] : values[k];
    if (isEmptyValue(v) && f.default !== undefined && f.default !== null && !TOKENS.has(f.default)) v = f.default;
    if (isEmptyValue(v)) {
      // A required part, or a number the server gives, left blank: a new record.
      if (f.required || f.readOnly) return undefined;
      conds.push(sql`${sql.raw(columnSql(f, undefined, 't'))} is null`);
      continue;
    }
    given++;
    if (f.kind === 'person') {
      const mail = String((v as { mail?: unknown }).mail ?? '').toLowerCase();
      if (!mail) return undefined;
      conds.push(sql`lower(${sql.raw(columnSql(f, 'mail', 't'))}) = ${mail}`);
    } else conds.push(sql`${sql.raw(columnSql(f, undefined, 't'))} = ${v as string}`);
  }
  return given ? conds : undefined;
}
