import { sql, type Expression, type ExpressionBuilder, type SqlBool, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { columnExpr, fieldOf, isExtraField } from '../db/columns';
import type { FieldErrors } from './validate';
import { castTypeOf, kindOf, type FilterOp } from '../fields/registry';
import { wholeFilterError } from '../fields/kinds/number';
import { hasNul, NUL_MESSAGE, quoted } from '../http/input-guards';
import { ID_MAX } from '../../../schemas/shared/limits';

/** Columns every table has and a client may filter or sort by. */
const SYSTEM: Record<string, FieldDef> = {
  id: { name: 'id', kind: 'integer', label: 'ID' },
  version: { name: 'version', kind: 'integer', label: 'Versão' },
  created_at: { name: 'created_at', kind: 'datetime', label: 'Criado em' },
  updated_at: { name: 'updated_at', kind: 'datetime', label: 'Atualizado em' },
  created_by: { name: 'created_by', kind: 'email', label: 'Criado por' },
  updated_by: { name: 'updated_by', kind: 'email', label: 'Atualizado por' },
};

type Op = FilterOp;
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
  /** Neither `_start` nor `_end` was sent (Refine pagination "off"): every row up to LIST_MAX. */
  unpaged?: boolean;
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

/** Most rows one list request returns (a page, or a list without `_start`/`_end`); env LIST_MAX. */
export const LIST_MAX = Math.max(1, Math.min(10_000, Number(process.env.LIST_MAX) || 1000));
export const MAX_PAGE = LIST_MAX;
/** Largest `_start` accepted (deeper pages are refused rather than scanned). */
export const MAX_OFFSET = 1_000_000;
/** Longest filter value or search text. */
const MAX_VALUE_LENGTH = 1000;

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
  const kind = kindOf(field);
  if (sub === undefined) return kind.ownPath === undefined ? undefined : { field };
  // Sub-paths of a JSON object (a person's mail/nome, an object's sub-fields); not of lists of rows.
  if (kind.json === 'object' && kind.subFields(field).some((f) => f.name === sub)) return { field, sub };
  return undefined;
}

/** The field a condition compares: the field itself, or its sub-field (a person's e-mail or name is text). */
function conditionField(c: Pick<Condition, 'field' | 'sub'>): FieldDef {
  if (!c.sub) return c.field;
  return (
    kindOf(c.field)
      .subFields(c.field)
      .find((f) => f.name === c.sub) ?? { name: c.sub, kind: 'text', label: c.sub }
  );
}

function checkValue(c: Condition, key: string, errors: FieldErrors) {
  const field = conditionField(c);
  // The system id is a bigint, whatever the integer kind allows.
  const check =
    !c.sub && c.field === SYSTEM.id ? (_: FieldDef, v: string, shown: string) => wholeFilterError(v, shown, ID_MAX) : kindOf(field).filterValueError;
  for (const v of c.values) {
    const bad = (msg: string) => {
      if (!errors[key]?.includes(msg)) (errors[key] ??= []).push(msg);
    };
    if (hasNul(v)) bad(NUL_MESSAGE);
    else if (v.length > MAX_VALUE_LENGTH) bad(`Valor longo demais no filtro (máximo de ${MAX_VALUE_LENGTH} caracteres).`);
    else if (c.op === 'like') continue;
    else {
      const msg = check(field, v, quoted(v));
      if (msg) bad(msg);
    }
  }
}

/** `_start` / `_end`: a page of at most LIST_MAX rows, or (neither sent) the first LIST_MAX rows. */
function pageOf(raw: { start?: string; end?: string }, errors: FieldErrors): { start: number; end: number; unpaged: boolean } {
  const given = (v?: string) => v !== undefined && v !== '';
  const unpaged = !given(raw.start) && !given(raw.end);
  const int = (v: string | undefined, name: '_start' | '_end') => {
    if (!given(v)) return undefined;
    if (!/^\d{1,10}$/.test(v!)) {
      errors[name] = ['Use um número inteiro maior ou igual a 0.'];
      return undefined;
    }
    return Number(v);
  };
  const start = int(raw.start, '_start') ?? 0;
  const end = int(raw.end, '_end') ?? start + LIST_MAX;
  if (start > MAX_OFFSET)
    errors._start = [`O início da página (_start) pode ir até ${MAX_OFFSET.toLocaleString('pt-BR')}; use filtros para chegar aos registros.`];
  else if (end < start) errors._end ??= ['Use um número inteiro maior ou igual a _start.'];
  else if (end - start > LIST_MAX) errors._end ??= [`No máximo ${LIST_MAX.toLocaleString('pt-BR')} registros por página (_end − _start).`];
  return { start, end, unpaged };
}

/**
 * Parse Refine simple-rest query parameters. Unknown fields or malformed values → QueryError.
 * `ignore`: parameters another endpoint reads itself (the aggregate's `groupBy`, `measure`...).
 */
export function parseListParams(schema: EntitySchema, query: Record<string, string[]>, ignore: readonly string[] = []): ListParams {
  // No prototype: a parameter named `toString` or `__proto__` is a plain (unknown) key here.
  const errors: FieldErrors = Object.create(null);
  const one = (k: string) => (Object.hasOwn(query, k) ? query[k][query[k].length - 1] : undefined);
  const { start, end, unpaged } = pageOf({ start: one('_start'), end: one('_end') }, errors);

  const sort: ListParams['sort'] = [];
  const sortFields = (one('_sort') ?? '').split(',').filter(Boolean);
  const orders = (one('_order') ?? '').split(',').filter(Boolean);
  sortFields.forEach((path, i) => {
    const r = hasNul(path) ? undefined : resolvePath(schema, path);
    const order = (orders[i] ?? orders[0] ?? 'asc').toLowerCase();
    if (!r || !kindOf(r.field).sortable) errors._sort = [`Não é possível ordenar por "${quoted(path)}".`];
    else if (order !== 'asc' && order !== 'desc') errors._order = ['Use asc ou desc.'];
    else sort.push({ path, order });
  });
  if (!sort.length && schema.defaultSort) sort.push({ ...schema.defaultSort, path: schema.defaultSort.field });

  const conditions: Condition[] = [];
  for (const [key, values] of Object.entries(query)) {
    if (RESERVED.has(key) || ignore.includes(key)) continue;
    const m = /^(.*?)(?:_(ne|gte|lte|like))?$/s.exec(key)!;
    const path = m[1];
    const op = (m[2] ?? 'eq') as Op;
    const r = hasNul(key) ? undefined : resolvePath(schema, path);
    const errorKey = quoted(key, 60);
    if (!r) {
      errors[errorKey] = [`Filtro desconhecido: "${quoted(key)}".`];
      continue;
    }
    // A person is compared by e-mail (`siteManager=x` means `siteManager.mail=x`).
    const own = kindOf(r.field).ownPath;
    const sub = r.sub ?? (own !== 'self' ? own : undefined);
    const c: Condition = { path, field: r.field, sub, op, values: values.filter((v) => v !== '') };
    if (!c.values.length) continue;
    checkValue(c, quoted(path, 60), errors);
    conditions.push(c);
  }
  const idFilter = conditions.find((c) => c.path === 'id' && c.op === 'eq');
  if (idFilter && idFilter.values.length > LIST_MAX) errors.id = [`No máximo ${LIST_MAX.toLocaleString('pt-BR')} ids por consulta.`];
  const rawQ = one('q');
  if (rawQ !== undefined && hasNul(rawQ)) errors.q = [NUL_MESSAGE];
  else if (rawQ !== undefined && rawQ.length > MAX_VALUE_LENGTH) errors.q = [`Texto de busca longo demais (máximo de ${MAX_VALUE_LENGTH} caracteres).`];
  const q = rawQ?.trim() || undefined;
  if (Object.keys(errors).length) throw new QueryError(errors);
  return { start, end, unpaged, sort, conditions, q };
}

/**
 * The SQL expression of a path: a column (or a custom field's typed key in `_extra`), or a JSON
 * property as text. Keys are literals, not parameters: the expression must equal the index's.
 */
export function pathExpr(field: FieldDef, sub?: string): RawBuilder<unknown> {
  return columnExpr(field, sub);
}

function castFor(field: FieldDef, sub?: string) {
  if (sub) return 'text';
  if (field === SYSTEM.id) return 'bigint';
  // A date kept in `_extra` is compared as its 'aaaa-mm-dd' text (a text-to-date cast cannot be indexed).
  const t = castTypeOf(field);
  if (isExtraField(field) && t === 'date') return 'text';
  return t === 'jsonb' ? 'text' : t;
}

function conditionExpr(c: Condition): Expression<SqlBool> {
  const t = castFor(c.field, c.sub);
  // A boolean goes as a JS boolean: PGlite serialises a parameter by the type it infers and refuses the text 'true'.
  const param = (v: string) => (t === 'boolean' ? sql`${v === 'true'}` : sql`cast(${v} as ${sql.raw(t)})`);
  // A list value inside JSON (tags, or a list inside an object): "contains any of".
  // (A scalar sub-field of an object, such as a yes/no, is compared as the text of its JSON property.)
  const jsonList = kindOf(conditionField(c)).json === 'strings';
  if (jsonList) {
    const target = c.sub ? sql`(${columnExpr(c.field)}->${c.sub})` : columnExpr(c.field);
    if (c.op === 'like') {
      return sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(${target}) = 'array' then ${target} else '[]'::jsonb end) e where portal_fold(e) like portal_fold(${'%' + escapeLike(c.values[0]) + '%'}))`;
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
      if (c.values.length === 1) return sql<SqlBool>`${col} is distinct from ${param(c.values[0])}`;
      // Several values: none of them (a row without a value is kept, as with one value).
      return sql<SqlBool>`(${col} is null or not (${col} = any(cast(${t === 'boolean' ? c.values.map((v) => v === 'true') : c.values} as ${sql.raw(t)}[]))))`;
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
    const kind = kindOf(f);
    if (kind.ownPath !== undefined && kind.ownPath !== 'self') {
      // A person: its e-mail and name, as one text.
      const subs = kind.subFields(f).map((s) => sql`coalesce(${columnExpr(f, s.name)}, '')`);
      parts.push(sql<SqlBool>`portal_fold(${sql.join(subs, sql` || ' ' || `)}) like portal_fold(${pattern})`);
    } else {
      parts.push(sql<SqlBool>`portal_fold(cast(${columnExpr(f)} as text)) like portal_fold(${pattern})`);
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
