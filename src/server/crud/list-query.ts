import { sql, type Expression, type ExpressionBuilder, type SqlBool, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { fieldOf, isJsonArrayField, refKeyOf } from '../db/columns';
import type { FieldErrors } from './validate';

/** Columns every table has and a client may filter or sort by. */
const SYSTEM: Record<string, FieldDef> = {
  id: { name: 'id', kind: 'integer', label: 'ID' },
  version: { name: 'version', kind: 'integer', label: 'Versão' },
  created_at: { name: 'created_at', kind: 'datetime', label: 'Criado em' },
  updated_at: { name: 'updated_at', kind: 'datetime', label: 'Atualizado em' },
  created_by: { name: 'created_by', kind: 'email', label: 'Criado por' },
  updated_by: { name: 'updated_by', kind: 'email', label: 'Atualizado por' },
};

type Op = 'eq' | 'ne' | 'gte' | 'lte' | 'like';
export interface Condition {
  path: string; // 'obra' or 'siteManager.mail'
  field: FieldDef;
  sub?: string;
  op: Op;
  values: string[];
}
export interface ListParams {
  start: number;
  end: number;
  sort: { path: string; order: 'asc' | 'desc' }[];
  conditions: Condition[];
  q?: string;
}

export class QueryError extends Error {
  constructor(public readonly errors: FieldErrors) {
    super('Parâmetros de consulta inválidos.');
  }
}

const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q', '_limit', '_page']);
export const MAX_PAGE = 1000;

/** The field of a column: a system column or one of the schema's fields. */
export function columnField(schema: EntitySchema, name: string): FieldDef | undefined {
  return Object.hasOwn(SYSTEM, name) ? SYSTEM[name] : fieldOf(schema, name);
}

/** A filter/sort path ('obra', 'siteManager.mail', 'acesso.full') → its field and sub-property. */
export function resolvePath(schema: EntitySchema, path: string): { field: FieldDef; sub?: string } | undefined {
  const [head, sub, ...rest] = path.split('.');
  if (rest.length) return undefined;
  const field = columnField(schema, head);
  if (!field) return undefined;
  if (sub === undefined) {
    if (field.kind === 'object' || field.kind === 'rows' || field.kind === 'attachments' || field.kind === 'images') return undefined;
    return { field };
  }
  if (field.kind === 'person' && (sub === 'mail' || sub === 'nome')) return { field, sub };
  if (field.kind === 'object') {
    const inner = field.fields?.find((f) => f.name === sub);
    return inner ? { field, sub } : undefined;
  }
  return undefined;
}

function checkValue(c: Condition, errors: FieldErrors) {
  const key = c.path;
  const kind = c.sub ? (c.field.kind === 'person' ? 'text' : 'tags') : c.field.kind;
  for (const v of c.values) {
    if (c.op === 'like') continue;
    const bad = (msg: string) => (errors[key] ??= []).push(msg);
    if ((kind === 'integer' || (kind === 'reference' && refKeyOf(c.field) === 'id')) && !/^-?\d+$/.test(v)) bad(`Valor inválido para filtro: "${v}".`);
    else if ((kind === 'decimal' || kind === 'money') && !/^-?\d+(\.\d+)?$/.test(v)) bad(`Valor inválido para filtro: "${v}".`);
    else if (kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) bad(`Data inválida no filtro: "${v}" (use aaaa-mm-dd).`);
    else if (kind === 'datetime' && Number.isNaN(Date.parse(v))) bad(`Data inválida no filtro: "${v}".`);
    else if (kind === 'boolean' && v !== 'true' && v !== 'false') bad(`Use true ou false no filtro.`);
  }
}

/**
 * Parse Refine simple-rest query parameters. Unknown fields or malformed values → QueryError.
 * `ignore`: parameters another endpoint reads itself (the aggregate's `groupBy`, `measure`...).
 */
export function parseListParams(schema: EntitySchema, query: Record<string, string[]>, ignore: readonly string[] = []): ListParams {
  const errors: FieldErrors = {};
  const one = (k: string) => query[k]?.[query[k].length - 1];
  const start = Number(one('_start') ?? 0);
  let end = Number(one('_end') ?? start + 25);
  if (!Number.isInteger(start) || start < 0) errors._start = ['Use um inteiro ≥ 0.'];
  if (!Number.isInteger(end) || end < start) errors._end = ['Use um inteiro ≥ _start.'];
  if (end - start > MAX_PAGE) end = start + MAX_PAGE;

  const sort: ListParams['sort'] = [];
  const sortFields = (one('_sort') ?? '').split(',').filter(Boolean);
  const orders = (one('_order') ?? '').split(',').filter(Boolean);
  sortFields.forEach((path, i) => {
    const r = resolvePath(schema, path);
    const order = (orders[i] ?? orders[0] ?? 'asc').toLowerCase();
    if (!r || r.field.kind === 'tags' || (r.field.kind === 'object')) errors._sort = [`Não é possível ordenar por "${path}".`];
    else if (order !== 'asc' && order !== 'desc') errors._order = ['Use asc ou desc.'];
    else sort.push({ path, order });
  });
  if (!sort.length && schema.defaultSort) sort.push({ ...schema.defaultSort, path: schema.defaultSort.field });

  const conditions: Condition[] = [];
  for (const [key, values] of Object.entries(query)) {
    if (RESERVED.has(key) || ignore.includes(key)) continue;
    const m = /^(.*?)(?:_(ne|gte|lte|like))?$/.exec(key)!;
    const path = m[1];
    const op = (m[2] ?? 'eq') as Op;
    const r = resolvePath(schema, path);
    if (!r) {
      errors[key] = [`Filtro desconhecido: "${key}".`];
      continue;
    }
    const c: Condition = { path, field: r.field, sub: r.sub, op, values: values.filter((v) => v !== '') };
    if (!c.values.length) continue;
    checkValue(c, errors);
    conditions.push(c);
  }
  const q = one('q')?.trim() || undefined;
  if (Object.keys(errors).length) throw new QueryError(errors);
  return { start, end, sort, conditions, q };
}

/** The SQL expression of a path: a column, or a JSON property as text. */
export function pathExpr(field: FieldDef, sub?: string): RawBuilder<unknown> {
  if (sub) return sql`(${sql.ref(field.name)}->>${sub})`;
  return sql.ref(field.name);
}

function castFor(field: FieldDef, sub?: string) {
  if (sub) return 'text';
  switch (field.kind) {
    case 'integer':
      return 'integer';
    case 'reference':
      return refKeyOf(field) === 'id' ? 'bigint' : 'text';
    case 'decimal':
    case 'money':
      return 'numeric';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

function conditionExpr(c: Condition): Expression<SqlBool> {
  const t = castFor(c.field, c.sub);
  // A boolean goes as a JS boolean: PGlite serialises a parameter by the type it infers and refuses the text 'true'.
  const param = (v: string) => (t === 'boolean' ? sql`${v === 'true'}` : sql`cast(${v} as ${sql.raw(t)})`);
  // A list value inside JSON (tags, or a list inside an object): "contains any of".
  const jsonList = c.field.kind === 'tags' || (c.field.kind === 'object' && !!c.sub);
  if (jsonList) {
    const target = c.sub ? sql`(${sql.ref(c.field.name)}->${c.sub})` : sql.ref(c.field.name);
    if (c.op === 'like') {
      return sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(coalesce(${target}, '[]'::jsonb)) e where portal_fold(e) like portal_fold(${'%' + c.values[0] + '%'}))`;
    }
    const anyOf = sql<SqlBool>`jsonb_exists_any(coalesce(${target}, '[]'::jsonb), cast(${c.values} as text[]))`;
    return c.op === 'ne' ? sql<SqlBool>`not ${anyOf}` : anyOf;
  }
  const col = pathExpr(c.field, c.sub);
  switch (c.op) {
    case 'eq':
      if (c.values.length === 1) return sql<SqlBool>`${col} = ${param(c.values[0])}`;
      return sql<SqlBool>`${col} = any(cast(${t === 'boolean' ? c.values.map((v) => v === 'true') : c.values} as ${sql.raw(t)}[]))`;
    case 'ne':
      return sql<SqlBool>`${col} is distinct from ${param(c.values[0])}`;
    case 'gte':
      return sql<SqlBool>`${col} >= ${param(c.values[0])}`;
    case 'lte':
      return sql<SqlBool>`${col} <= ${param(c.values[0])}`;
    case 'like':
      return sql<SqlBool>`portal_fold(cast(${col} as text)) like portal_fold(${'%' + escapeLike(c.values[0]) + '%'})`;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

function searchExpr(schema: EntitySchema, q: string): Expression<SqlBool> | undefined {
  const pattern = '%' + escapeLike(q) + '%';
  const parts: RawBuilder<SqlBool>[] = [];
  for (const f of schema.fields) {
    if (!f.search) continue;
    if (f.kind === 'person') {
      parts.push(sql<SqlBool>`portal_fold(coalesce(${sql.ref(f.name)}->>'mail', '') || ' ' || coalesce(${sql.ref(f.name)}->>'nome', '')) like portal_fold(${pattern})`);
    } else if (f.kind === 'tags' || isJsonArrayField(f) || f.kind === 'object') {
      parts.push(sql<SqlBool>`portal_fold(cast(${sql.ref(f.name)} as text)) like portal_fold(${pattern})`);
    } else {
      parts.push(sql<SqlBool>`portal_fold(cast(${sql.ref(f.name)} as text)) like portal_fold(${pattern})`);
    }
  }
  if (/^\d+$/.test(q)) parts.push(sql<SqlBool>`id = ${Number(q)}`);
  if (!parts.length) return undefined;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** WHERE of the client's filters and search (access rules are added by the caller). */
export function filterWhere(schema: EntitySchema, p: ListParams) {
  return (eb: ExpressionBuilder<any, any>) => {
    const parts: Expression<SqlBool>[] = p.conditions.map(conditionExpr);
    if (p.q) {
      const s = searchExpr(schema, p.q);
      if (s) parts.push(s);
    }
    return eb.and(parts);
  };
}

export function orderBy(schema: EntitySchema, p: ListParams): RawBuilder<unknown> {
  const parts = p.sort.map((s) => {
    const r = resolvePath(schema, s.path)!;
    return sql`${pathExpr(r.field, r.sub)} ${sql.raw(s.order)} nulls last`;
  });
  const last = p.sort[p.sort.length - 1]?.order ?? 'desc';
  if (!p.sort.some((s) => s.path === 'id')) parts.push(sql`id ${sql.raw(last)}`);
  return sql.join(parts, sql`, `);
}
