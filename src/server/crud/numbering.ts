/**
 * The one implementation of the numbers and codes entities declare (`numbering` in their schema,
 * schemas/kinds.ts): an RDO's number per site, a ticket's number, an ethics protocol per year, an
 * SGI code per area prefix and year.
 *
 * Per table and scope (the values of the tokens before the counter, plus `per`): a transaction
 * advisory lock held until commit, so concurrent writers take consecutive numbers and a write that
 * rolls back gives its number back; the next number follows both the scope's counter row
 * (`sequencia`, key `<table>:<scope values>`, e.g. `ticketSgi:QUA:2026`) and the highest number
 * already stored in that scope (rows written by the seed or an import), so no number repeats.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema, Numbering, NumberingCodes } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { todayIso } from '../time';

export type FormatPart =
  { type: 'text'; text: string } | { type: 'field'; field: string; codes?: string } | { type: 'year'; field?: string } | { type: 'counter'; width: number };

const TOKEN = /\{([^{}]*)\}/g;

/** The parts of a format ('ET-{YYYY}-{#####}'); throws on an unknown token or a format without exactly one counter. */
export function parseFormat(format: string): FormatPart[] {
  const parts: FormatPart[] = [];
  let last = 0;
  for (const m of format.matchAll(TOKEN)) {
    if (m.index! > last) parts.push({ type: 'text', text: format.slice(last, m.index) });
    last = m.index! + m[0].length;
    const [name, arg, ...rest] = m[1].split(':');
    if (rest.length || !name) throw new Error(`numbering: invalid token ${m[0]} in "${format}"`);
    if (/^#+$/.test(name) && arg === undefined) parts.push({ type: 'counter', width: name.length });
    else if (name === 'YYYY') parts.push({ type: 'year', ...(arg ? { field: arg } : {}) });
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) parts.push({ type: 'field', field: name, ...(arg ? { codes: arg } : {}) });
    else throw new Error(`numbering: invalid token ${m[0]} in "${format}"`);
  }
  if (last < format.length) parts.push({ type: 'text', text: format.slice(last) });
  if (parts.filter((p) => p.type === 'counter').length !== 1) throw new Error(`numbering: "${format}" needs exactly one counter ({#}, {####}…)`);
  return parts;
}

function coded(table: NumberingCodes | undefined, value: string): string {
  if (!table) return value;
  const code = table.values[value] ?? (table.firstLetters ? value.slice(0, table.firstLetters).toUpperCase() : value);
  return code || (table.empty ?? '');
}

/** The text of a part for a record (the counter's is written by the caller). */
function partValue(n: Numbering, part: FormatPart, record: Record<string, unknown>, today: string): string {
  if (part.type === 'counter') return '';
  if (part.type === 'text') return part.text;
  if (part.type === 'year') {
    const date = part.field ? /^(\d{4})-/.exec(String(record[part.field] ?? '')) : null;
    return date ? date[1] : today.slice(0, 4);
  }
  const value = record[part.field] === null || record[part.field] === undefined ? '' : String(record[part.field]);
  return part.codes ? coded(n.codes?.[part.codes], value) : value;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** What the counter of this record's scope is: its lock/counter key, the text around the counter, the `per` conditions. */
export function numberingScope(schema: EntitySchema, record: Record<string, unknown>, today = todayIso()) {
  const n = schema.numbering;
  if (!n) throw new Error(`numbering: ${schema.name} declares none`);
  const parts = parseFormat(n.format);
  const at = parts.findIndex((p) => p.type === 'counter');
  const width = (parts[at] as { width: number }).width;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => partValue(n, p, record, today))
      .join('');
  const scopeValues = [
    ...parts.slice(0, at).flatMap((p) => (p.type === 'text' ? [] : [partValue(n, p, record, today)])),
    ...(n.per ?? []).map((f) => (record[f] === null || record[f] === undefined ? '' : String(record[f]))),
  ];
  return { numbering: n, key: [schema.name, ...scopeValues].join(':'), prefix: text(0, at), suffix: text(at + 1, parts.length), width };
}

/**
 * The next number of `schema`'s numbering for this record (to be written in the same transaction):
 * a number for an integer field, the formatted code otherwise. The scope's lock is held until commit.
 */
export async function nextNumber(trx: Db, schema: EntitySchema, record: Record<string, unknown>, today = todayIso()): Promise<number | string> {
  return (await nextNumbers(trx, schema, [record], today))[0];
}

/**
 * The next numbers of many new records at once (the spreadsheet import, batch-create.ts): the same
 * numbers `nextNumber` gives them one by one in order, with one lock, one read and one counter
 * write per scope.
 */
export async function nextNumbers(trx: Db, schema: EntitySchema, records: Record<string, unknown>[], today = todayIso()): Promise<(number | string)[]> {
  const scopes = new Map<string, { scope: ReturnType<typeof numberingScope>; record: Record<string, unknown>; at: number[] }>();
  records.forEach((record, i) => {
    const scope = numberingScope(schema, record, today);
    const entry = scopes.get(scope.key) ?? scopes.set(scope.key, { scope, record, at: [] }).get(scope.key)!;
    entry.at.push(i);
  });
  const out: (number | string)[] = new Array(records.length);
  for (const { scope, record, at } of scopes.values()) {
    const { numbering: n, key, prefix, suffix, width } = scope;
    const column = sql.ref(n.field);
    const integer = schema.fields.find((f) => f.name === n.field)?.kind === 'integer';
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const conditions: RawBuilder<unknown>[] = (n.per ?? []).map((f) =>
      record[f] === null || record[f] === undefined ? sql`${sql.ref(f)} is null` : sql`${sql.ref(f)} = ${record[f]}`,
    );
    let stored: RawBuilder<unknown>;
    if (integer) {
      stored = sql`max(${column})`;
    } else {
      const pattern = `^${escapeRegex(prefix)}([0-9]+)${escapeRegex(suffix)}$`;
      conditions.push(sql`${column} like ${`${escapeLike(prefix)}%`}`, sql`${column} ~ ${pattern}`);
      stored = sql`max(substring(${column} from ${pattern})::numeric)`;
    }
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const r = await sql<{ stored: string | number | null; counted: string | number | null }>`
      select (select ${stored} from ${sql.table(schema.name)} ${where}) as stored,
             (select valor from sequencia where chave = ${key}) as counted`.execute(trx);
    const first = Math.max(Number(r.rows[0].stored ?? 0), Number(r.rows[0].counted ?? 0)) + 1;
    const last = first + at.length - 1;
    await sql`insert into sequencia (chave, valor) values (${key}, ${last})
      on conflict (chave) do update set valor = excluded.valor`.execute(trx);
    at.forEach((i, k) => {
      const next = first + k;
      out[i] = integer ? next : `${prefix}${String(next).padStart(width, '0')}${suffix}`;
    });
  }
  return out;
}

/** On create: the values a schema numbered on create gets (none for the others). */
export async function numberOnCreate(trx: Db, schema: EntitySchema, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  const n = schema.numbering;
  return n?.on === 'create' ? { [n.field]: await nextNumber(trx, schema, record) } : {};
}
