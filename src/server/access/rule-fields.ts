/**
 * Field resolution for the rules → SQL translation (rules-to-sql.ts): a condition's dot path →
 * the SQL expression it compares, by the schema's field kinds (docs/conventions.md).
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { castTypeOf, kindOf } from '../fields/registry';

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

// ---------------------------------------------------------------------------
// Field resolution: dot path → SQL expression, by the schema's field kinds.

export type ScalarType = 'text' | 'number' | 'boolean' | 'date' | 'datetime';

export type Resolved =
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

export function resolve(path: string, schema: EntitySchema, options: AccessWhereOptions): Resolved | null {
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
