/**
 * What a deletion takes with it and what stops it (issue 35), from the reference fields' `onDelete`
 * (schemas/kinds.ts): the records that point at a deleted one with 'cascade' go with it into the
 * same trash entry; any other record pointing at it refuses the deletion, and the answer names them.
 */
import { sql } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { SCHEMAS, schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { isExtraField, refKeyOf } from '../db/columns';
import { ApiError } from '../http/errors';

/** A record as stored (`to_jsonb` of its row: `_extra` kept as one object), with its entity. */
export interface StoredRow {
  schema: EntitySchema;
  row: Record<string, unknown>;
}

interface Incoming {
  from: EntitySchema;
  field: FieldDef;
}

/** The reference fields (with a column and a foreign key) that point at `target`. */
export function incoming(target: EntitySchema, all: readonly EntitySchema[] = SCHEMAS): Incoming[] {
  return all.flatMap((from) =>
    from.fields.filter((f) => f.kind === 'reference' && f.ref === target.name && !isExtraField(f)).map((field) => ({ from, field })),
  );
}

const keyOf = (r: StoredRow) => `${r.schema.name}:${String(r.row.id)}`;

/** The record and, transitively, every record that goes with it ('cascade'), each locked; the record first. */
export async function withCascade(trx: Db, root: StoredRow): Promise<StoredRow[]> {
  const out: StoredRow[] = [root];
  const seen = new Set([keyOf(root)]);
  for (let i = 0; i < out.length; i++) {
    const { schema, row } = out[i];
    for (const { from, field } of incoming(schema).filter((x) => x.field.onDelete === 'cascade')) {
      const value = row[refKeyOf(field)];
      if (value === null || value === undefined) continue;
      const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(from.name)} t
        where ${sql.ref(field.name)} = ${value} order by id for update`.execute(trx);
      for (const x of r.rows) {
        const item = { schema: from, row: x.row };
        if (seen.has(keyOf(item))) continue;
        seen.add(keyOf(item));
        out.push(item);
      }
    }
  }
  return out;
}

/** Does `b` point at `a` through one of its reference fields? */
function pointsAt(b: StoredRow, a: StoredRow): boolean {
  return b.schema.fields.some(
    (f) =>
      f.kind === 'reference' && f.ref === a.schema.name && !isExtraField(f) && b.row[f.name] != null && String(b.row[f.name]) === String(a.row[refKeyOf(f)]),
  );
}

/** The rows ordered so that every row comes after the rows it points at (the order to insert them in). */
export function parentsFirst(rows: readonly StoredRow[]): StoredRow[] {
  const left = [...rows];
  const out: StoredRow[] = [];
  while (left.length) {
    const i = left.findIndex((b) => !left.some((a) => a !== b && pointsAt(b, a)));
    // A cycle of references cannot be stored with immediate foreign keys; keep the given order then.
    out.push(...left.splice(i < 0 ? 0 : i, 1));
  }
  return out;
}

export interface Dependent {
  recurso: string;
  rotulo: string;
  quantidade: number;
}

/** The records outside `rows` that point at any of them: what stops the deletion. One statement. */
export async function dependentsOf(trx: Db, rows: readonly StoredRow[]): Promise<Dependent[]> {
  const parts = [];
  for (const target of new Set(rows.map((r) => r.schema))) {
    const mine = rows.filter((r) => r.schema === target);
    for (const { from, field } of incoming(target)) {
      const values = [...new Set(mine.map((r) => r.row[refKeyOf(field)]).filter((v) => v !== null && v !== undefined))];
      if (!values.length) continue;
      const inSet = rows.filter((r) => r.schema === from).map((r) => Number(r.row.id));
      const exclude = inSet.length ? sql` and id not in (${sql.join(inSet)})` : sql``;
      parts.push(sql`select ${from.name}::text as entidade, count(*)::int as n from ${sql.table(from.name)}
        where ${sql.ref(field.name)} in (${sql.join(values)})${exclude}`);
    }
  }
  if (!parts.length) return [];
  const r = await sql<{ entidade: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(trx);
  const counts = new Map<string, number>();
  for (const x of r.rows) if (Number(x.n) > 0) counts.set(x.entidade, (counts.get(x.entidade) ?? 0) + Number(x.n));
  return [...counts].map(([name, n]) => {
    const s = schemaByName(name)!;
    return { recurso: s.resource, rotulo: n === 1 ? s.label : s.labelPlural, quantidade: n };
  });
}

/** 409 naming what depends on the record, when anything does. */
export function refuseDependents(schema: EntitySchema, deps: Dependent[]): void {
  if (!deps.length) return;
  const parts = deps.map((d) => `${d.quantidade.toLocaleString('pt-BR')} ${d.rotulo.toLowerCase()}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}` : parts[0];
  const total = deps.reduce((n, d) => n + d.quantidade, 0);
  throw new ApiError(
    409,
    `Não é possível excluir: ${list} ${total === 1 ? 'depende' : 'dependem'} deste registro de ${schema.label.toLowerCase()}. Exclua-os ou altere-os antes.`,
    { _dependentes: deps.map((d) => `${d.rotulo}: ${d.quantidade}`) },
  );
}
