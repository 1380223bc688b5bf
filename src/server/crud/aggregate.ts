/**
 * The aggregate API: one generic path for every chart and total.
 *
 *   GET /api/v1/{resource}/aggregate?groupBy=status&measure=sum:valor&interval=month&top=10 (+ list filters, q)
 *   → { measure, groupBy, rows: [{ status: 'ABERTO', value: 12 }, …, { status: null, value: 3, outros: true }], total }
 *
 * One SQL statement (GROUP BY, window functions for `top`) over the rows the caller may list: the
 * list's filters and search (`filterWhere`) and the caller's CASL rules as SQL (`readWhere`, the same
 * WHERE as `listRecords`). A field the caller may not read (field-level `cannot`) is neither grouped
 * nor measured.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { columnExpr } from '../db/columns';
import { columnField, filterWhere, parseListParams, pathExpr, QueryError, resolvePath, type ListParams } from './list-query';
import { guardDb, readWhere, type Actor } from './repository';
import { factsOf } from './list-facts';
import type { FieldErrors } from './validate';

/** Query parameters the aggregate reads itself; every other one is a list filter. */
export const AGGREGATE_PARAMS = ['groupBy', 'measure', 'interval', 'top'] as const;
/** At most this many groups are answered (the total still covers every matching row). */
export const MAX_GROUPS = 1000;
export const MAX_TOP = 100;
const MAX_GROUP_BY = 2;

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];
export type MeasureOp = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'avgDays';

export interface GroupKey {
  path: string;
  field: FieldDef;
  sub?: string;
  /** date/datetime fields: the truncation unit. */
  interval?: Interval;
}

export interface Measure {
  op: MeasureOp;
  field?: FieldDef;
  /** avgDays: the start and end date/datetime fields of the duration (end − start, in days). */
  from?: FieldDef;
  to?: FieldDef;
  /** As the client wrote it, normalized: 'count', 'sum:valor'. */
  text: string;
}

export interface AggregateParams {
  filters: ListParams;
  groupBy: GroupKey[];
  measure: Measure;
  top?: number;
}

export interface AggregateResult {
  measure: string;
  groupBy: string[];
  rows: Record<string, unknown>[];
  total: number | string | null;
}

/** The portal's time zone, as in src/server/time.ts: a datetime falls on the business's day. */
const portalZone = () => process.env.TZ_PORTAL ?? 'America/Sao_Paulo';

const GROUPABLE = new Set(['enum', 'text', 'email', 'boolean', 'integer', 'reference']);
const NUMERIC = new Set(['integer', 'decimal', 'money']);
const DATES = new Set(['date', 'datetime']);

/**
 * Whether the caller may read `name` on every record they may list (read-fields.ts hides a field
 * per record; an aggregate cannot, so it refuses the field when any record could hide it). Rules
 * come highest priority first: an allowing rule that leaves the field out, or a field-level
 * `cannot` naming it, refuses; an unconditional allowing rule that covers it settles the question.
 */
export function readableOnEveryRecord(ability: AppAbility, schema: EntitySchema, name: string): boolean {
  for (const rule of ability.possibleRulesFor('read' as never, schema.subject as never)) {
    if (rule.inverted) {
      if (rule.fields && rule.matchesField(name)) return false;
      continue;
    }
    if (!rule.matchesField(name)) return false;
    if (!rule.conditions) return true;
  }
  return true;
}

const add = (errors: FieldErrors, key: string, msg: string) => (errors[key] ??= []).push(msg);

function parseGroupBy(schema: EntitySchema, raw: string[], errors: FieldErrors, deny: (field: FieldDef, param: string) => boolean): GroupKey[] {
  const paths = raw
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (paths.length > MAX_GROUP_BY) {
    add(errors, 'groupBy', `Agrupe por no máximo ${MAX_GROUP_BY} campos.`);
    return [];
  }
  if (new Set(paths).size !== paths.length) {
    add(errors, 'groupBy', 'O mesmo campo aparece duas vezes no agrupamento.');
    return [];
  }
  const keys: GroupKey[] = [];
  for (const path of paths) {
    const head = columnField(schema, path.split('.')[0]);
    if (!head) {
      add(errors, 'groupBy', `Campo desconhecido: "${path}".`);
      continue;
    }
    if (deny(head, 'groupBy')) continue;
    const r = resolvePath(schema, path);
    if (r && r.field.kind === 'person' && r.sub) {
      keys.push({ path, field: r.field, sub: r.sub });
    } else if (r && !r.sub && r.field.kind === 'person') {
      add(errors, 'groupBy', `Para agrupar por uma pessoa, use "${path}.mail" ou "${path}.nome".`);
    } else if (r && !r.sub && (GROUPABLE.has(r.field.kind) || DATES.has(r.field.kind))) {
      keys.push({ path, field: r.field });
    } else {
      add(errors, 'groupBy', `Não é possível agrupar por "${path}" (${head.label}).`);
    }
  }
  return keys;
}

function parseMeasure(schema: EntitySchema, raw: string | undefined, errors: FieldErrors, deny: (field: FieldDef, param: string) => boolean): Measure {
  const text = (raw ?? '').trim() || 'count';
  if (text === 'count') return { op: 'count', text };
  if (text.startsWith('avgDays:')) return parseDuration(schema, text, errors, deny);
  const m = /^(sum|avg|min|max):(.+)$/.exec(text);
  if (!m) {
    add(errors, 'measure', `Medida inválida: "${text}". Use count, sum:<campo>, avg:<campo>, min:<campo>, max:<campo> ou avgDays:<início>,<fim>.`);
    return { op: 'count', text };
  }
  const op = m[1] as MeasureOp;
  const name = m[2];
  const field = name.includes('.') ? undefined : columnField(schema, name);
  if (!field) {
    add(errors, 'measure', `Campo desconhecido: "${name}".`);
    return { op, text };
  }
  if (deny(field, 'measure')) return { op, text };
  const datesToo = op === 'min' || op === 'max';
  if (!NUMERIC.has(field.kind) && !(datesToo && DATES.has(field.kind))) {
    add(
      errors,
      'measure',
      datesToo
        ? `O campo "${name}" (${field.label}) não é numérico nem data: não é possível calcular ${op}.`
        : `O campo "${name}" (${field.label}) não é numérico: não é possível calcular ${op}.`,
    );
  }
  return { op, field, text };
}

/** `avgDays:inicio,fim`: the average of (fim − inicio) in days over the rows where both are filled. */
function parseDuration(schema: EntitySchema, text: string, errors: FieldErrors, deny: (field: FieldDef, param: string) => boolean): Measure {
  const names = text
    .slice('avgDays:'.length)
    .split(',')
    .map((s) => s.trim());
  if (names.length !== 2 || names.some((n) => !n)) {
    add(errors, 'measure', `Medida inválida: "${text}". Use avgDays:<campo de início>,<campo de fim>.`);
    return { op: 'avgDays', text };
  }
  const fields: FieldDef[] = [];
  for (const name of names) {
    const field = name.includes('.') ? undefined : columnField(schema, name);
    if (!field) add(errors, 'measure', `Campo desconhecido: "${name}".`);
    else if (deny(field, 'measure')) continue;
    else if (!DATES.has(field.kind)) add(errors, 'measure', `O campo "${name}" (${field.label}) não é data: não é possível calcular a duração.`);
    else fields.push(field);
  }
  return fields.length === 2 ? { op: 'avgDays', from: fields[0], to: fields[1], text: `avgDays:${names.join(',')}` } : { op: 'avgDays', text };
}

/**
 * Parse and check the aggregate's query parameters (and the list filters beside them).
 * Bad input → QueryError (400, per parameter); a field the caller may not read → 403.
 */
export function parseAggregateParams(schema: EntitySchema, query: Record<string, string[]>, ability: AppAbility): AggregateParams {
  const errors: FieldErrors = Object.create(null); // a parameter named `toString` is a plain key here
  let filters: ListParams | undefined;
  try {
    filters = parseListParams(schema, query, AGGREGATE_PARAMS);
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    for (const [k, msgs] of Object.entries(e.errors)) for (const msg of msgs) add(errors, k, msg);
  }
  const one = (k: string) => (Object.hasOwn(query, k) ? query[k][query[k].length - 1] : undefined);

  const denied: FieldErrors = Object.create(null);
  const deny = (field: FieldDef, param: string) => {
    if (readableOnEveryRecord(ability, schema, field.name)) return false;
    add(denied, param, `Você não tem permissão para ver o campo "${field.label}" destes registros.`);
    return true;
  };

  const groupBy = parseGroupBy(schema, query.groupBy ?? [], errors, deny);
  const measure = parseMeasure(schema, one('measure'), errors, deny);
  if (Object.keys(denied).length) {
    throw new ApiError(403, 'Você não tem permissão para ver um dos campos pedidos.', denied);
  }

  const rawInterval = one('interval')?.trim() || undefined;
  const dated = groupBy.filter((k) => DATES.has(k.field.kind));
  if (rawInterval !== undefined && !(INTERVALS as readonly string[]).includes(rawInterval)) {
    add(errors, 'interval', `Intervalo inválido: "${rawInterval}". Use day, week, month ou year.`);
  } else if (rawInterval !== undefined && !dated.length && !errors.groupBy) {
    add(errors, 'interval', 'O intervalo só se aplica ao agrupamento por um campo de data.');
  } else if (rawInterval === undefined && dated.length) {
    add(errors, 'interval', `Informe o intervalo (day, week, month ou year) para agrupar por "${dated[0].path}".`);
  }
  for (const k of dated) if (rawInterval) k.interval = rawInterval as Interval;

  const rawTop = one('top')?.trim() || undefined;
  let top: number | undefined;
  if (rawTop !== undefined) {
    const n = /^\d{1,4}$/.test(rawTop) ? Number(rawTop) : NaN;
    if (!(n >= 1 && n <= MAX_TOP)) add(errors, 'top', `Use um inteiro de 1 a ${MAX_TOP}.`);
    else if (groupBy.length !== 1 && !errors.groupBy) add(errors, 'top', 'top exige exatamente um campo em groupBy.');
    else top = n;
  }

  if (Object.keys(errors).length || !filters) throw new QueryError(errors);
  return { filters, groupBy, measure, top };
}

/** The SQL expression of a group key: a column, a person's mail/name, or a truncated date as 'yyyy-mm-dd'. */
function keyExpr(k: GroupKey): RawBuilder<unknown> {
  if (k.interval) {
    const col = columnExpr(k.field);
    const local = k.field.kind === 'date' ? sql`cast(${col} as timestamp)` : sql`(${col} at time zone ${portalZone()})`;
    return sql`to_char(date_trunc(${k.interval}, ${local}), 'YYYY-MM-DD')`;
  }
  return pathExpr(k.field, k.sub);
}

/** Decimals of an average: the field's own scale (2 for integers). */
function avgScale(f: FieldDef): number {
  if (f.kind === 'money') return MONEY_SCALE;
  if (f.kind === 'decimal') return f.scale ?? DEFAULT_DECIMAL_SCALE;
  return 2;
}

/** Decimals of an average duration in days. */
const DURATION_SCALE = 1;

/** A duration in days between two date/datetime columns (null when either is empty). */
function durationExpr(from: FieldDef, to: FieldDef): RawBuilder<unknown> {
  const ts = (f: FieldDef) => sql`cast(${columnExpr(f)} as timestamptz)`;
  return sql`(extract(epoch from (${ts(to)} - ${ts(from)})) / 86400)`;
}

/** The value each base row contributes to the measure (column `x`). */
function measureValue(m: Measure): RawBuilder<unknown> {
  if (m.op === 'avgDays' && m.from && m.to) return durationExpr(m.from, m.to);
  return m.field ? columnExpr(m.field) : sql`null`;
}

/**
 * The measure as SQL: `group` per group over the base rows (column `x`), and `combine` over
 * groups (table g / r: columns v, s, nn) for the total and the "outros" row, so that both come
 * from the same partials as the groups (the parts add up to the total).
 */
function measureSql(m: Measure): { group: RawBuilder<unknown>[]; combine: RawBuilder<unknown> } {
  switch (m.op) {
    case 'count':
      return { group: [sql`count(*) as v`], combine: sql`coalesce(sum(v), 0)` };
    case 'sum':
      return { group: [sql`coalesce(sum(x), 0) as v`], combine: sql`coalesce(sum(v), 0)` };
    case 'avg':
    case 'avgDays': {
      const scale = sql.lit(m.op === 'avgDays' ? DURATION_SCALE : avgScale(m.field!));
      return {
        group: [sql`round(avg(x), ${scale}) as v`, sql`sum(x) as s`, sql`count(x) as nn`],
        combine: sql`round(cast(sum(s) as numeric) / nullif(sum(nn), 0), ${scale})`,
      };
    }
    case 'min':
      return { group: [sql`min(x) as v`], combine: sql`min(v)` };
    case 'max':
      return { group: [sql`max(x) as v`], combine: sql`max(v)` };
  }
}

/** The single statement of an aggregate (exported for tests and diagnostics). */
export function buildAggregateQuery(db: Db, schema: EntitySchema, actor: Actor, p: AggregateParams) {
  const access = readWhere(schema, actor, factsOf(p.filters));
  const keys = p.groupBy.map((_, i) => sql.ref(`k${i}`));
  const base = db
    .selectFrom(schema.name)
    .select([...p.groupBy.map((k, i) => keyExpr(k).as(`k${i}`)), measureValue(p.measure).as('x')])
    .where(filterWhere(schema, p.filters))
    .where(access);
  const m = measureSql(p.measure);
  const groupClause = keys.length ? sql`group by ${sql.join(keys)}` : sql``;

  const keysAsc = keys.map((k) => sql`${k} asc nulls last`);
  // Largest first (ties by key), for `top` and for the usual order.
  const byValue = sql.join([sql`v desc nulls last`, ...keysAsc]);
  // Date intervals read as a time line: by key, ascending.
  const display = p.groupBy.some((k) => k.interval) ? sql.join(keysAsc) : byValue;

  const entry = (values: RawBuilder<unknown>[], extra: RawBuilder<unknown>[] = []) =>
    sql`json_build_object(${sql.join([...p.groupBy.flatMap((k, i) => [sql`cast(${k.path} as text)`, values[i]]), sql`'value'`, ...extra])})`;
  const groupRow = entry(keys, [sql`v`]);
  const picked = p.top === undefined ? sql`ord <= ${sql.lit(MAX_GROUPS)}` : sql`rk <= ${sql.lit(p.top)}`;
  const outros =
    p.top === undefined
      ? sql``
      : sql`union all select ${entry(
          p.groupBy.map(() => sql`null`),
          [m.combine, sql`'outros'`, sql`true`],
        )}, ${sql.lit(MAX_GROUPS + 1)} from r where rk > ${sql.lit(p.top)} having count(*) > 0`;

  return sql<{ total: unknown; rows: Record<string, unknown>[] }>`with
    b as (${base}),
    g as (select ${sql.join([...keys, ...m.group])} from b ${groupClause}),
    r as (select g.*, row_number() over (order by ${byValue}) as rk, row_number() over (order by ${display}) as ord from g)
    select
      (select to_json(${m.combine}) from g) as total,
      (select coalesce(json_agg(j order by o), '[]'::json) from (
        select ${groupRow} as j, ord as o from r where ${picked}
        ${outros}
      ) t) as rows`;
}

export async function aggregateRecords(db: Db, schema: EntitySchema, actor: Actor, p: AggregateParams): Promise<AggregateResult> {
  const query = buildAggregateQuery(db, schema, actor, p);
  const result = await guardDb(schema, () => query.execute(db));
  const row = result.rows[0];
  return {
    measure: p.measure.text,
    groupBy: p.groupBy.map((k) => k.path),
    rows: row.rows,
    total: row.total as AggregateResult['total'],
  };
}
