/**
 * Turns a user's CASL rules for (action, subject) into a Kysely boolean
 * expression for `.where(...)`, following the storage convention of
 * docs/conventions.md (one column per field, jsonb for person/object/tags...).
 *
 * Semantics mirror CASL's in-memory check (@ucast/js) so that the rows the API
 * returns are exactly the records for which `ability.can(action, subject(type, row))`
 * holds, with these rules:
 * - no rule at all for the action/subject (rulesToAST → null) → `{ forbidden: true }` (HTTP 403);
 * - an unconditional allow → TRUE;
 * - a condition that cannot be translated (unknown field, unsupported operator
 *   or value) denies: it becomes FALSE whatever its polarity (also inside a
 *   `cannot` rule), so an untranslatable condition never widens access.
 * - values are always bound parameters; identifiers come from the schema.
 *
 * Node-side only (the SQL is PostgreSQL).
 */
import { rulesToAST } from '@casl/ability/extra';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AppAbility } from '../../access/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { castTypeOf, kindOf } from '../fields/registry';

export type AccessWhere =
  | { forbidden: true }
  | {
      forbidden: false;
      /** Use in `.where(where)`. */
      where: Expression<SqlBool>;
      /** True when the rules allow every row (the expression is TRUE). */
      unrestricted: boolean;
    };

export interface AccessWhereOptions {
  /** Qualify columns with this table name or alias (for joins). */
  table?: string;
  /**
   * What the query's other conditions already guarantee: path → the only values it can hold
   * (a list filter `obra=101`). A rule leaf on such a path is decided here (TRUE / FALSE) instead
   * of being evaluated per row, so `obra IN (my sites) OR …` costs nothing on a site's list.
   */
  facts?: ReadonlyMap<string, readonly string[]>;
}

/** A condition node as produced by @ucast (FieldCondition / CompoundCondition). */
interface AstNode {
  operator: string;
  field?: string;
  value: unknown;
}

type Pred = boolean | RawBuilder<SqlBool>;

// ---------------------------------------------------------------------------
// Boolean algebra with constant folding.

const TRUE_SQL = sql<SqlBool>`true`;
const FALSE_SQL = sql<SqlBool>`false`;

function and(preds: Pred[]): Pred {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const p of preds) {
    if (p === false) return false;
    if (p !== true) parts.push(p);
  }
  if (parts.length === 0) return true;
  if (parts.length === 1) return parts[0];
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function or(preds: Pred[]): Pred {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const p of preds) {
    if (p === true) return true;
    if (p !== false) parts.push(p);
  }
  if (parts.length === 0) return false;
  if (parts.length === 1) return parts[0];
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Two-valued negation: NULL (unknown) counts as false before negating. */
function not(p: Pred): Pred {
  if (typeof p === 'boolean') return !p;
  return sql<SqlBool>`not coalesce(${p}, false)`;
}

function toExpression(p: Pred): RawBuilder<SqlBool> {
  if (p === true) return TRUE_SQL;
  if (p === false) return FALSE_SQL;
  return p;
}

// ---------------------------------------------------------------------------
// Field resolution: dot path → SQL expression, by the schema's field kinds.

type ScalarType = 'text' | 'number' | 'boolean' | 'date' | 'datetime';

type Resolved =
  | {
      shape: 'scalar';
      type: ScalarType;
      /** The comparable value (text, numeric, boolean, date...). */
      value: RawBuilder<unknown>;
      /** jsonb parent for a sub-path (`"a"` of `a.b`), else undefined. */
      parent?: RawBuilder<unknown>;
      /** Expression that IS NULL exactly when the field is absent. */
      presence: RawBuilder<unknown>;
    }
  | {
      /** jsonb array of primitives (tags). */
      shape: 'array';
      json: RawBuilder<unknown>;
      parent?: RawBuilder<unknown>;
      presence: RawBuilder<unknown>;
    }
  | {
      /**
       * A scalar sub-field of a list of rows (`acoes.fornecedor`): as in CASL, the condition holds
       * when it holds for one of the rows (a lone object counts as one row); only equality and
       * `$in` are translated.
       */
      shape: 'rows';
      rows: RawBuilder<unknown>;
      key: string;
      presence: RawBuilder<unknown>;
    }
  | {
      /** jsonb object / list of objects: only presence checks are translated. */
      shape: 'object';
      parent?: RawBuilder<unknown>;
      presence: RawBuilder<unknown>;
    };

interface FieldInfo {
  shape: 'scalar' | 'array' | 'object';
  type?: ScalarType;
  /** Sub-fields for person/object. */
  sub?: Map<string, FieldInfo>;
  /** rows: the names of its scalar sub-fields. */
  rowKeys?: Set<string>;
}

const SAFE_NAME = /^[\p{L}_][\p{L}\p{N}_ -]*$/u;

/** The comparable type of a scalar field, from its kind's SQL type; undefined for a JSON value. */
const SCALAR_TYPES: Record<string, ScalarType> = {
  text: 'text',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  boolean: 'boolean',
  date: 'date',
  timestamptz: 'datetime',
};

function scalarTypeOf(def: FieldDef): ScalarType | undefined {
  return SCALAR_TYPES[castTypeOf(def)];
}

function infoOf(def: FieldDef): FieldInfo {
  const type = scalarTypeOf(def);
  if (type) return { shape: 'scalar', type };
  const kind = kindOf(def);
  // A list of texts (tags).
  if (kind.json === 'strings') return { shape: 'array' };
  const subs = kind.subFields(def);
  if (kind.json === 'object') {
    // A person's mail/nome, an object's sub-fields. Nested objects/lists are not addressable (no deeper paths).
    const sub = new Map<string, FieldInfo>();
    for (const f of subs) {
      const info = infoOf(f);
      if (info.shape !== 'object' && SAFE_NAME.test(f.name)) sub.set(f.name, { shape: info.shape, type: info.type });
    }
    return { shape: 'object', sub };
  }
  // Lists of objects: rows (their scalar sub-fields), files (none).
  return { shape: 'object', rowKeys: new Set(subs.filter((f) => scalarTypeOf(f) && SAFE_NAME.test(f.name)).map((f) => f.name)) };
}

const SYSTEM_INFO: Record<string, FieldInfo> = {
  id: { shape: 'scalar', type: 'number' },
  version: { shape: 'scalar', type: 'number' },
  created_at: { shape: 'scalar', type: 'datetime' },
  updated_at: { shape: 'scalar', type: 'datetime' },
  created_by: { shape: 'scalar', type: 'text' },
  updated_by: { shape: 'scalar', type: 'text' },
};

const fieldCache = new WeakMap<EntitySchema, Map<string, FieldInfo>>();

function fieldsOf(schema: EntitySchema): Map<string, FieldInfo> {
  let map = fieldCache.get(schema);
  if (!map) {
    map = new Map(Object.entries(SYSTEM_INFO));
    for (const def of schema.fields ?? []) map.set(def.name, infoOf(def));
    fieldCache.set(schema, map);
  }
  return map;
}

/** Per-translation memo of resolved paths (one accessWhere call reuses the same expressions). */
interface Ctx {
  schema: EntitySchema;
  options: AccessWhereOptions;
  resolved: Map<string, Resolved | null>;
}

function resolveCached(path: unknown, ctx: Ctx): Resolved | null {
  if (typeof path !== 'string') return null;
  let r = ctx.resolved.get(path);
  if (r === undefined) {
    r = resolve(path, ctx.schema, ctx.options);
    ctx.resolved.set(path, r);
  }
  return r;
}

function resolve(path: string, schema: EntitySchema, options: AccessWhereOptions): Resolved | null {
  if (!path) return null;
  const parts = path.split('.');
  if (parts.length > 2) return null;
  const top = fieldsOf(schema).get(parts[0]);
  if (!top) return null;
  const col = options.table ? sql.id(options.table, parts[0]) : sql.id(parts[0]);
  if (parts.length === 1) {
    if (top.shape === 'scalar') return { shape: 'scalar', type: top.type!, value: col, presence: col };
    if (top.shape === 'array') return { shape: 'array', json: col, presence: col };
    return { shape: 'object', presence: col };
  }
  const key = parts[1];
  if (top.rowKeys?.has(key)) return { shape: 'rows', rows: col, key, presence: col };
  const sub = top.sub?.get(key);
  if (!sub) return null;
  const json = sql`${col}->${sql.lit(key)}`;
  if (sub.shape === 'array') return { shape: 'array', json, parent: col, presence: json };
  if (sub.shape !== 'scalar') return null;
  const text = sql`(${col}->>${sql.lit(key)})`;
  let value: RawBuilder<unknown>;
  switch (sub.type) {
    case 'number':
      value = sql`(case when jsonb_typeof(${json}) = 'number' then ${text}::numeric end)`;
      break;
    case 'boolean':
      value = sql`(case when jsonb_typeof(${json}) = 'boolean' then ${text}::boolean end)`;
      break;
    default:
      // JSON strings (text, dates) compare as strings, as CASL compares the API's JSON.
      value = text;
  }
  return { shape: 'scalar', type: sub.type!, value, parent: col, presence: json };
}

// ---------------------------------------------------------------------------
// Leaves.

const UNTRANSLATABLE = Symbol('untranslatable');
type LeafResult = Pred | typeof UNTRANSLATABLE;

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
      return typeof v === 'string' && (!topLevel || /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)));
    case 'datetime':
      return typeof v === 'string' && (!topLevel || !Number.isNaN(Date.parse(v)));
  }
}

/** CASL `{field: null}`: the field is absent or null (for a sub-path, the parent must be an object). */
function isNullOrAbsent(r: Exclude<Resolved, { shape: 'rows' }>): Pred {
  const own =
    r.parent === undefined
      ? sql<SqlBool>`${r.presence} is null`
      : sql<SqlBool>`coalesce(jsonb_typeof(${r.presence}), 'null') = 'null'`;
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

function eqLeaf(r: Resolved, v: unknown): LeafResult {
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

function inLeaf(r: Resolved, list: unknown): LeafResult {
  if (!Array.isArray(list)) return UNTRANSLATABLE;
  if (r.shape === 'rows') return rowsLeaf(r, list);
  const hasNull = list.some((v) => v === null);
  const prims = list.filter(isPrimitive);
  const nullPart: Pred = hasNull ? isNullOrAbsent(r) : false;
  if (r.shape === 'scalar') {
    const fit = [...new Set(prims.filter((v) => valueFits(r.type, v, r.parent === undefined)))];
    const inPart: Pred = fit.length
      ? sql<SqlBool>`${r.value} in (${sql.join(fit)})`
      : false;
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

const COMPARE_SQL = { lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` } as const;

function compareLeaf(r: Resolved, op: keyof typeof COMPARE_SQL, v: unknown): LeafResult {
  if (r.shape !== 'scalar' || r.type === 'boolean') return UNTRANSLATABLE;
  if (v === null || !isPrimitive(v) || !valueFits(r.type, v, r.parent === undefined)) return UNTRANSLATABLE;
  const left = r.type === 'text' ? sql`${r.value} collate "C"` : r.value;
  const cmp = sql<SqlBool>`${left} ${COMPARE_SQL[op]} ${v}`;
  // CASL compares a missing value as "less than" anything: lt/lte hold, gt/gte do not.
  if (op === 'lt' || op === 'lte') return or([cmp, sql<SqlBool>`${r.value} is null`]);
  return cmp;
}

function existsLeaf(r: Resolved, v: unknown): LeafResult {
  if (typeof v !== 'boolean' || r.shape === 'rows') return UNTRANSLATABLE;
  return v ? sql<SqlBool>`${r.presence} is not null` : sql<SqlBool>`${r.presence} is null`;
}

/**
 * A text leaf whose path can only hold one of `known` (non-null strings): TRUE when every known
 * value satisfies it, FALSE when none does, undefined when it depends on the row.
 */
function decideByFacts(op: string, value: unknown, known: readonly string[]): boolean | undefined {
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

// ---------------------------------------------------------------------------
// The walk: `negated` pushes NOT down (De Morgan), so that an untranslatable
// leaf can be FALSE in whichever polarity it is asked for.

function translate(node: AstNode, ctx: Ctx, negated: boolean): Pred {
  if (!node || typeof node !== 'object' || typeof node.operator !== 'string') return false;
  const op = node.operator.toLowerCase();
  const children = (): AstNode[] => (Array.isArray(node.value) ? (node.value as AstNode[]) : []);
  switch (op) {
    case 'and':
      if (!Array.isArray(node.value)) return false;
      return negated
        ? or(children().map((c) => translate(c, ctx, true)))
        : and(children().map((c) => translate(c, ctx, false)));
    case 'or':
      if (!Array.isArray(node.value)) return false;
      return negated
        ? and(children().map((c) => translate(c, ctx, true)))
        : or(children().map((c) => translate(c, ctx, false)));
    case 'nor':
      if (!Array.isArray(node.value)) return false;
      return translate({ operator: 'or', value: node.value }, ctx, !negated);
    case 'not': {
      const child = Array.isArray(node.value) ? node.value[0] : node.value;
      if (!child || typeof child !== 'object') return false;
      return translate(child as AstNode, ctx, !negated);
    }
    case 'ne':
      return translate({ ...node, operator: 'eq' }, ctx, !negated);
    case 'nin':
      return translate({ ...node, operator: 'in' }, ctx, !negated);
  }
  const r = resolveCached(node.field, ctx);
  if (!r) return false; // unknown field → deny
  const known = typeof node.field === 'string' ? ctx.options.facts?.get(node.field) : undefined;
  if (known?.length && r.shape === 'scalar' && r.type === 'text') {
    const decided = decideByFacts(op, node.value, known);
    if (decided !== undefined) return negated ? !decided : decided;
  }
  let result: LeafResult;
  switch (op) {
    case 'eq':
      result = eqLeaf(r, node.value);
      break;
    case 'in':
      result = inLeaf(r, node.value);
      break;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      result = compareLeaf(r, op, node.value);
      break;
    case 'exists':
      result = existsLeaf(r, node.value);
      break;
    default:
      result = UNTRANSLATABLE; // regex, all, size, elemMatch, where, mod...
  }
  if (result === UNTRANSLATABLE) return false;
  return negated ? not(result) : result;
}

/** The condition AST of a rule set (exported for tests and diagnostics). */
export function conditionToSql(
  ast: unknown,
  schema: EntitySchema,
  options: AccessWhereOptions = {},
): Expression<SqlBool> {
  return toExpression(translate(ast as AstNode, { schema, options, resolved: new Map() }, false));
}

/**
 * The rows of `schema`'s table the user may `action`:
 * `{ forbidden: true }` when no rule grants the action on the subject at all
 * (answer 403), else a WHERE expression (TRUE when unrestricted).
 */
export function accessWhere(
  ability: AppAbility,
  action: string,
  schema: EntitySchema,
  options: AccessWhereOptions = {},
): AccessWhere {
  let ast: unknown;
  try {
    ast = rulesToAST(ability, action as never, schema.subject as never);
  } catch {
    // A rule whose conditions cannot even be parsed: deny every row.
    return { forbidden: false, where: FALSE_SQL, unrestricted: false };
  }
  if (ast === null || ast === undefined) return { forbidden: true };
  const pred = translate(ast as AstNode, { schema, options, resolved: new Map() }, false);
  return { forbidden: false, where: toExpression(pred), unrestricted: pred === true };
}
