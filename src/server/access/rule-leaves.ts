/**
 * The leaves of the rules → SQL translation (rules-to-sql.ts): one condition operator (eq, in,
 * lt/lte/gt/gte, exists) on a resolved field, following CASL's in-memory semantics.
 */
import { sql, type SqlBool } from 'kysely';
import { and, or, type Pred } from './sql-predicates';
import type { Resolved, ScalarType } from './rule-fields';

// ---------------------------------------------------------------------------
// Leaves.

export const UNTRANSLATABLE = Symbol('untranslatable');
export type LeafResult = Pred | typeof UNTRANSLATABLE;

function isPrimitive(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
}

function valueFits(type: ScalarType, v: unknown, topLevel: boolean): boolean {
  switch (type) {
    case 'text':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'date':
      return typeof v === 'string' && (!topLevel || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))));
    case 'datetime':
      return typeof v === 'string' && (!topLevel || !Number.isNaN(Date.parse(v)));
  }
}

/** CASL `{field: null}`: the field is absent or null (for a sub-path, the parent must be an object). */
function isNullOrAbsent(r: Exclude<Resolved, { shape: 'rows' }>): Pred {
  const own = r.parent === undefined ? sql<SqlBool>`${r.presence} is null` : sql<SqlBool>`coalesce(jsonb_typeof(${r.presence}), 'null') = 'null'`;
  const inArray = r.shape === 'array' ? sql<SqlBool>`coalesce(${r.json} @> '[null]'::jsonb, false)` : false;
  const self = or([own, inArray]);
  if (r.parent === undefined) return self;
  return and([sql<SqlBool>`coalesce(jsonb_typeof(${r.parent}) = 'object', false)`, self]);
}

/** Some row of the list holds one of these values (jsonb equality, CASL's strict equality). */
function rowsLeaf(r: Extract<Resolved, { shape: 'rows' }>, values: unknown[]): LeafResult {
  if (!values.length || !values.every(isPrimitive)) return UNTRANSLATABLE;
  const list = [...new Set(values.map((v) => JSON.stringify(v)))].map((j) => sql`cast(${j} as jsonb)`);
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements(case jsonb_typeof(${r.rows}) when 'array' then ${r.rows} when 'object' then jsonb_build_array(${r.rows}) else '[]'::jsonb end) e where e.value->${sql.lit(r.key)} in (${sql.join(list)}))`;
}

export function eqLeaf(r: Resolved, v: unknown): LeafResult {
  if (r.shape === 'rows') return rowsLeaf(r, [v]);
  if (v === null) return isNullOrAbsent(r);
  if (!isPrimitive(v)) return UNTRANSLATABLE; // objects/arrays/regexps: CASL compares by reference
  if (r.shape === 'scalar') {
    if (!valueFits(r.type, v, r.parent === undefined)) return false; // CASL: strict equality fails
    return sql<SqlBool>`${r.value} = ${v}`;
  }
  if (r.shape === 'array') return sql<SqlBool>`${r.json} @> cast(${JSON.stringify(v)} as jsonb)`;
  return UNTRANSLATABLE;
}

export function inLeaf(r: Resolved, list: unknown): LeafResult {
  if (!Array.isArray(list)) return UNTRANSLATABLE;
  if (r.shape === 'rows') return rowsLeaf(r, list);
  const hasNull = list.some((v) => v === null);
  const prims = list.filter(isPrimitive);
  const nullPart: Pred = hasNull ? isNullOrAbsent(r) : false;
  if (r.shape === 'scalar') {
    const fit = [...new Set(prims.filter((v) => valueFits(r.type, v, r.parent === undefined)))];
    const inPart: Pred = fit.length ? sql<SqlBool>`${r.value} in (${sql.join(fit)})` : false;
    return or([inPart, nullPart]);
  }
  if (r.shape === 'array') {
    const strings = [...new Set(prims.filter((v): v is string => typeof v === 'string'))];
    const others = prims.filter((v) => typeof v !== 'string');
    const parts: Pred[] = [nullPart];
    if (strings.length) {
      // "contains any of" as the `?|` operator (the driver's placeholders are $n, no clash): unlike
      // the function jsonb_exists_any, the operator can use a GIN index on the same expression.
      parts.push(sql<SqlBool>`${r.json} ?| array[${sql.join(strings)}]::text[]`);
    }
    for (const v of others) parts.push(sql<SqlBool>`${r.json} @> cast(${JSON.stringify(v)} as jsonb)`);
    return or(parts);
  }
  return UNTRANSLATABLE;
}

export const COMPARE_SQL = { lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` } as const;

export function compareLeaf(r: Resolved, op: keyof typeof COMPARE_SQL, v: unknown): LeafResult {
  if (r.shape !== 'scalar' || r.type === 'boolean') return UNTRANSLATABLE;
  if (v === null || !isPrimitive(v) || !valueFits(r.type, v, r.parent === undefined)) return UNTRANSLATABLE;
  const left = r.type === 'text' ? sql`${r.value} collate "C"` : r.value;
  const cmp = sql<SqlBool>`${left} ${COMPARE_SQL[op]} ${v}`;
  // CASL compares a missing value as "less than" anything: lt/lte hold, gt/gte do not.
  if (op === 'lt' || op === 'lte') return or([cmp, sql<SqlBool>`${r.value} is null`]);
  return cmp;
}

export function existsLeaf(r: Resolved, v: unknown): LeafResult {
  if (typeof v !== 'boolean' || r.shape === 'rows') return UNTRANSLATABLE;
  return v ? sql<SqlBool>`${r.presence} is not null` : sql<SqlBool>`${r.presence} is null`;
}

/**
 * A text leaf whose path can only hold one of `known` (non-null strings): TRUE when every known
 * value satisfies it, FALSE when none does, undefined when it depends on the row.
 */
export function decideByFacts(op: string, value: unknown, known: readonly string[]): boolean | undefined {
  let test: ((v: string) => boolean) | undefined;
  if (op === 'eq') test = value === null ? () => false : (v) => v === value;
  else if (op === 'in' && Array.isArray(value)) test = (v) => value.includes(v);
  else if (op === 'exists' && typeof value === 'boolean') test = () => value;
  if (!test) return undefined;
  const hits = known.filter(test).length;
  if (hits === known.length) return true;
  if (hits === 0) return false;
  return undefined;
}
