/**
 * The search's SQL (issue 39): one statement, one branch per module the person may list, each
 * branch the index's rows of that module that match, restricted by the lists' own rules as SQL
 * (`readWhere`, src/server/crud/record-access.ts over src/server/access/rules-to-sql.ts), ranked
 * exact code first, then code prefix, then relevance (`ts_rank`, words as typed before corrected
 * ones), then the latest change.
 *
 * Which text a branch matches follows the person's field rules, as a list's `q` does
 * (`readableOnEveryRecord`): staff who read every searchable field on every record match the
 * internal vector; external users (decision 29), and staff whose unreadable fields are only internal
 * ones, match the external vector (no internal field, no e-mail address); anyone else (a field rule
 * outside those) gets a vector computed on the spot from the fields they may read.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ident } from '../db/columns';
import { readableOnEveryRecord } from '../crud/aggregate';
import { governing, readActionOf, readWhere, type Actor } from '../crud/record-access';
import { accessWhere } from '../access/rules-to-sql';
import { ApiError } from '../http/errors';
import { codesSql, vectorSql } from './document';
import { searchParts, type SearchPart } from './parts';
import { correctable, tsqueryText, type ParsedSearch } from './parse';
import { SEARCH_CONFIG } from './tables';

/** How a branch matches: one of the index's vectors, or a vector of the readable fields computed on the spot. */
export type Matching = 'interno' | 'externo' | 'campos';

export function matchingFor(actor: Actor, schema: EntitySchema, parts: readonly SearchPart[]): Matching {
  const unreadable = parts.filter((p) => !readableOnEveryRecord(actor.ability, schema, p.field.name));
  // The internal vector names referenced companies: only for those who read the registry.
  const companies = parts.some((p) => p.field.kind === 'reference' && p.field.ref === 'empresa');
  // The internal vector holds the attached files' words too: only for those who read every attachments field.
  const hiddenFiles = schema.fields.some((f) => f.kind === 'attachments' && !readableOnEveryRecord(actor.ability, schema, f.name));
  if (!actor.client && !unreadable.length && !hiddenFiles && (!companies || actor.ability.can('read', 'Empresa'))) return 'interno';
  if (unreadable.every((p) => p.internal)) return 'externo';
  return 'campos';
}

/** Corrections of small typos: for each correctable word, up to 5 indexed words at least this similar. */
export const SIMILARITY = 0.45;

export async function correctionsOf(db: Db, tokens: readonly string[]): Promise<Map<string, string[]>> {
  const words = [...new Set(tokens.filter(correctable))];
  const out = new Map<string, string[]>();
  if (!words.length) return out;
  const r = await sql<{ tok: string; palavra: string }>`
    select t.tok, p.palavra from unnest(cast(${words} as text[])) t(tok)
    cross join lateral (
      select palavra, similarity(palavra, t.tok) s from busca_palavra
      where palavra % t.tok and palavra <> t.tok order by s desc, palavra limit 5) p
    where p.s >= ${SIMILARITY}`.execute(db);
  for (const row of r.rows) out.set(row.tok, [...(out.get(row.tok) ?? []), row.palavra]);
  return out;
}

export interface Hit {
  entidade: string;
  id: number;
  em: string;
  nivel: number;
  rel: number;
}

const tsq = (text: string) => (text ? sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${text})` : null);

/** What a branch looks for: its words (exact and with corrections) and code keys, and its boost. */
interface Terms {
  exact: RawBuilder<unknown> | null;
  full: RawBuilder<unknown> | null;
  /** After a module's name, the search with that name too ("RNC 2025-0003": a record of type RNC ranks higher). */
  named: RawBuilder<unknown> | null;
  keys: string[];
  boost: number;
}

/** The terms of a module; `aliased`: the search started with this module's name ("RDO 245"). */
function termsFor(schema: EntitySchema | undefined, p: ParsedSearch, fixes: Map<string, string[]>): Terms {
  const aliased = !!schema && !!p.alias?.modules.includes(schema.name);
  const tokens = aliased ? p.alias!.tokens : p.tokens;
  return {
    exact: tsq(tsqueryText(tokens)),
    full: tsq(tsqueryText(tokens, fixes)),
    named: aliased ? tsq(tsqueryText(p.tokens)) : null,
    // "CT-2025" on contracts: the whole key ("ct2025") or what follows the module's name ("2025").
    keys: [...new Set([p.codeKey, ...(aliased ? [p.alias!.codeKey] : [])].filter(Boolean))],
    boost: aliased ? 1 : 0,
  };
}

/** The matching rows of one source, scored: `entidade, id, em, nivel, rel` (all of them, unordered). */
function scored(
  entity: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  em: RawBuilder<unknown>,
  vec: RawBuilder<unknown>,
  codes: RawBuilder<unknown>,
  t: Terms,
  where: Expression<SqlBool>,
): RawBuilder<Hit> {
  const like = (pattern: (k: string) => string) =>
    t.keys.length
      ? sql`(${sql.join(
          t.keys.map((k) => sql`${codes} like ${pattern(k)}`),
          sql` or `,
        )})`
      : sql`false`;
  const codePrefix = like((k) => `% ${k}%`);
  const words = t.full ? sql`${vec} @@ ${t.full}` : sql`false`;
  // Relevance (one ts_rank per row), plus 1 when the words match as typed (not only corrected), plus 1
  // when the module's name typed before them is a word of the record too ("RNC": its type).
  const named = t.named ? sql` + (case when ${vec} @@ ${t.named} then 1 else 0 end)` : sql``;
  const rank = t.full && t.exact ? sql`ts_rank(${vec}, ${t.full}) + (case when ${vec} @@ ${t.exact} then 1 else 0 end)${named}` : sql`0`;
  return sql<Hit>`select ${entity} as entidade, ${id} as id, ${em} as em,
      (case when ${like((k) => `% ${k} %`)} then 3 when ${codePrefix} then 2 else 0 end) + ${t.boost}::int as nivel, ${rank}::float8 as rel
    from ${from} where ${where} and (${words} or ${codePrefix})`;
}

/** The best `limit` scored rows of one module the person reads whole. */
const best = (rows: RawBuilder<Hit>, limit: number) => sql<Hit>`(select * from (${rows}) s order by nivel desc, rel desc, em desc limit ${limit})`;

/**
 * The best `limit` scored rows of one module that the person may list: the candidates are ranked on
 * the index alone (OFFSET 0 keeps the ranking below the check), then looked up in the module's table
 * under the list's rules in that order, until `limit` pass — a handful of lookups for most people,
 * instead of one per candidate.
 */
const bestAllowed = (rows: RawBuilder<Hit>, table: RawBuilder<unknown>, access: Expression<SqlBool>, limit: number) =>
  sql<Hit>`(select entidade, id, em, nivel, rel from (${rows} order by nivel desc, rel desc, em desc offset 0) c
    where exists (select 1 from ${table} t where t.id = c.id and ${access})
    order by nivel desc, rel desc, em desc limit ${limit})`;

/** One module: read whole, restricted (its rows looked up under the list's rules), or read on the spot ('campos'). */
function branch(m: ModuleAccess, actor: Actor, p: ParsedSearch, fixes: Map<string, string[]>, limit: number): RawBuilder<Hit> {
  const { schema, access, unrestricted } = m;
  const parts = searchParts(schema);
  const t = termsFor(schema, p, fixes);
  const e = sql`${schema.name}::text`;
  const table = sql.raw(ident(schema.name));
  if (m.matching === 'campos') {
    const readable = parts.filter((x) => !x.internal && readableOnEveryRecord(actor.ability, schema, x.field.name));
    const v = sql.raw(`(${vectorSql(readable, 'externo')})`);
    const c = sql.raw(`(${codesSql(readable)})`);
    return best(scored(e, sql`${table} t`, sql`t.id`, sql`t.updated_at`, v, c, t, access), limit);
  }
  const rows = scored(
    e,
    sql`busca_registro b`,
    sql`b.registro_id`,
    sql`b.atualizado_em`,
    sql.raw(`b.${m.matching}`),
    sql`b.codigos`,
    t,
    sql`b.entidade = ${schema.name}`,
  );
  return unrestricted ? best(rows, limit) : bestAllowed(rows, table, access, limit);
}

export interface ModuleAccess {
  schema: EntitySchema;
  access: Expression<SqlBool>;
  /** The rules allow every row: no need to look the row up. */
  unrestricted: boolean;
  matching: Matching;
}

/**
 * The modules this person may search: indexed ones they may list (`modulos`: only those; one they
 * may not list → 403, as its list would answer).
 */
export function searchableModules(schemas: readonly EntitySchema[], actor: Actor, only?: readonly EntitySchema[]): ModuleAccess[] {
  const out: ModuleAccess[] = [];
  for (const schema of only ?? schemas) {
    if (!searchParts(schema).length) continue;
    const m = moduleAccess(schema, actor);
    if (m instanceof ApiError) {
      if (only) throw new ApiError(403, `Você não tem acesso a ${schema.labelPlural.toLowerCase()}.`, { modulo: [m.message] });
      continue;
    }
    out.push(m);
  }
  return out;
}

/** Per ability (built once per distinct user, src/server/app.ts) and effective schema: its access as SQL. */
const accessCache = new WeakMap<object, WeakMap<EntitySchema, ModuleAccess | ApiError>>();

function moduleAccess(schema: EntitySchema, actor: Actor): ModuleAccess | ApiError {
  let bySchema = accessCache.get(actor.ability);
  if (!bySchema) accessCache.set(actor.ability, (bySchema = new WeakMap()));
  let m = bySchema.get(schema);
  if (m) return m;
  try {
    const access = readWhere(schema, actor);
    // Unrestricted (the rules allow every row): no need to look the row up.
    const { parent } = governing(schema);
    const whole = accessWhere(actor.ability, readActionOf(schema), parent ?? schema, parent ? { table: 'acc' } : {});
    m = { schema, access, unrestricted: !whole.forbidden && whole.unrestricted, matching: matchingFor(actor, schema, searchParts(schema)) };
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 403)) throw e;
    m = e;
  }
  bySchema.set(schema, m);
  return m;
}

/**
 * The statement of `findHits`: one branch per module (each the module's own index entries: a GIN key
 * per entity, which a scan of several entities at once would read whole), UNION ALL.
 */
export function hitsSql(modules: readonly ModuleAccess[], actor: Actor, p: ParsedSearch, fixes: Map<string, string[]>, limit: number) {
  return sql<Hit>`${sql.join(
    modules.map((m) => branch(m, actor, p, fixes, limit)),
    sql` union all `,
  )}`;
}

/** Every module's best matches (at most `limit` + 1 each, to tell when there are more). */
export async function findHits(
  db: Db,
  modules: readonly ModuleAccess[],
  actor: Actor,
  p: ParsedSearch,
  fixes: Map<string, string[]>,
  limit: number,
): Promise<Hit[]> {
  if (!modules.length || (!p.tokens.length && !p.codeKey)) return [];
  const r = await hitsSql(modules, actor, p, fixes, limit + 1).execute(db);
  return r.rows.map((h) => ({ ...h, id: Number(h.id), nivel: Number(h.nivel), rel: Number(h.rel), em: new Date(h.em).toISOString() }));
}

/** Best first: exact code, code prefix (a named module's first), relevance, latest change. */
export const byRank = (a: Hit, b: Hit) => b.nivel - a.nivel || b.rel - a.rel || (a.em < b.em ? 1 : a.em > b.em ? -1 : 0);
