/**
 * The stored records the rows of a file name, for many rows in two statements: by the key
 * (record-key.ts; each row's own lookup, as one row at a time would make it, joined with UNION ALL:
 * the same conditions, the same indexes, two records with one key seen as such), or, for a row
 * without one, the record the same row of the same file created in an earlier import (`importacao_origem`).
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { isEmptyValue } from '../../../schemas/messages';
import { columnSql, flattenExtra, isExtraField, sqlType } from '../db/columns';
import type { Row } from '../crud/record-access';
import { validateBody } from '../crud/validate';
import { keyConditions } from './record-key';

/** A row's stored record: none, one, or more than one with its key. */
export type Found = Row | undefined | 'ambiguous';

/** What `findStored` needs of a row: its number and its values. */
interface Named {
  linha: number;
  values: Record<string, unknown>;
}

/** Rows per statement (each brings its own few parameters). */
const PER_STATEMENT = 500;

/** Kinds whose stored value is one plain column compared by `=` with a text turned into its type. */
const PLAIN_KINDS = new Set(['text', 'enum', 'integer', 'reference', 'date', 'cnpj', 'email']);

/**
 * The key's values of a row as `keyConditions` compares them (normalised as the API stores them),
 * when every part is given and is a plain column: then many rows are looked up with one statement,
 * each row's lookup the same `column = value` (in the column's type) as its own would be.
 */
function plainKey(schema: EntitySchema, key: string[], values: Record<string, unknown>): string[] | undefined {
  const fields = key.map((k) => schema.fields.find((f) => f.name === k));
  if (!fields.length || fields.some((f) => !f || isExtraField(f) || !PLAIN_KINDS.has(f.kind))) return undefined;
  const writable = Object.fromEntries(fields.filter((f) => !f!.readOnly).map((f) => [f!.name, values[f!.name]]));
  const normal = validateBody(schema, writable, {});
  const parts = key.map((k) => (k in normal.values && !normal.errors[k] ? normal.values[k] : values[k]));
  return parts.some((v) => isEmptyValue(v) || typeof v === 'object') ? undefined : parts.map((v) => String(v));
}

/** Many rows' records by a plain key (`plainKey`), in one statement: each row's own lookup, `limit 2`. */
async function byPlainKey(trx: Db, schema: EntitySchema, key: string[], rows: { linha: number; parts: string[] }[]) {
  const fields = key.map((k) => schema.fields.find((f) => f.name === k)!);
  const arrays = fields.map((_, i) => sql`cast(${rows.map((r) => r.parts[i])} as text[])`);
  const conds = fields.map((f, i) => sql`${sql.raw(columnSql(f, undefined, 't'))} = cast(${sql.ref(`x.k${i}`)} as ${sql.raw(sqlType(f))})`);
  const names = sql.raw(['linha', ...fields.map((_, i) => `k${i}`)].join(', '));
  return sql<{ linha: number; row: Row }>`select x.linha, f.row
    from unnest(cast(${rows.map((r) => r.linha)} as int[]), ${sql.join(arrays)}) as x(${names})
    cross join lateral (select to_jsonb(t.*) as row from ${sql.table(schema.name)} t where ${sql.join(conds, sql` and `)} limit 2) f`.execute(trx);
}

export async function findStored(trx: Db, schema: EntitySchema, key: string[], fileHash: string, rows: Named[]): Promise<Map<number, Found>> {
  const out = new Map<number, Found>();
  const add = (linha: number, row: Row) => out.set(linha, out.get(linha) === undefined ? flattenExtra(row) : 'ambiguous');
  const plain = rows.flatMap((r) => {
    const parts = plainKey(schema, key, r.values);
    return parts ? [{ linha: r.linha, parts }] : [];
  });
  for (let i = 0; i < plain.length; i += PER_STATEMENT) {
    const part = plain.slice(i, i + PER_STATEMENT);
    for (const r of part) out.set(r.linha, undefined);
    for (const x of (await byPlainKey(trx, schema, key, part)).rows) add(Number(x.linha), x.row);
  }
  const keyed = rows
    .filter((r) => !out.has(r.linha))
    .flatMap((r) => {
      const conds = keyConditions(schema, key, r.values);
      return conds ? [{ r, conds }] : [];
    });
  const keyless = rows.filter((r) => !out.has(r.linha) && !keyed.some((k) => k.r === r));
  for (let i = 0; i < keyed.length; i += PER_STATEMENT) {
    const part = keyed.slice(i, i + PER_STATEMENT);
    const selects = part.map(
      ({ r, conds }) =>
        sql`(select ${r.linha}::int as linha, to_jsonb(t.*) as row from ${sql.table(schema.name)} t where ${sql.join(conds, sql` and `)} limit 2)`,
    );
    const found = await sql<{ linha: number; row: Row }>`${sql.join(selects, sql` union all `)}`.execute(trx);
    for (const { r } of part) out.set(r.linha, undefined);
    for (const x of found.rows) add(Number(x.linha), x.row);
  }
  if (keyless.length) {
    const linhas = keyless.map((r) => r.linha);
    const r = await sql<{ linha: number; row: Row }>`select o.linha, to_jsonb(t.*) as row from importacao_origem o
      join ${sql.table(schema.name)} t on t.id = o.registro_id
      where o.recurso = ${schema.resource} and o.arquivo_hash = ${fileHash} and o.linha in (${sql.join(linhas)})`.execute(trx);
    for (const l of linhas) out.set(l, undefined);
    for (const x of r.rows) out.set(Number(x.linha), flattenExtra(x.row));
  }
  return out;
}
