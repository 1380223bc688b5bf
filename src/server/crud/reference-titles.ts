/**
 * Titles of referenced records, sent with the record that names them (issue 23, "Words, not
 * codes"): whoever reads a record reads the names it shows, even when they may not read the
 * referenced record itself (a site manager's materials list names its template; a fabrication
 * names its product for staff without product roles).
 *
 * One property on every record read (lists, single reads) and, per change, in the history:
 *
 *   `_titles: { template: { title: 'Modelo padrão de elétrica', id: 2 } }`
 *
 * keyed by the top-level reference field, `title` the referenced record's `titleField`, `id` the
 * referenced record's id only when the reader may read that record (so the app links to it). A
 * reference without a stored value, or whose record is gone, has no entry. Computed in the same SQL
 * statement as the read (one correlated subselect per reference field, driven by the schema's `ref`
 * and the target schema's `titleField`).
 *
 * External readers (docs/access.md decision 29) get no title of a field they may not read or that is
 * marked internal, of a target whose title field is internal or an e-mail address, nor of a
 * referenced record in a draft state.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import { accessWhere } from '../access/rules-to-sql';
import { toCaslAction } from '../../access/refine-actions';
import { columnSql, fieldOf, ident, refKeyOf } from '../db/columns';
import type { Db } from '../db/connect';
import type { AppAbility } from '../../access/ability';

/** The property of a record (and of a history entry) that carries the titles. */
export const TITLES_PROPERTY = '_titles';

export interface ReferenceTitle {
  title: string;
  /** The referenced record's id, present when the reader may read it. */
  id?: number;
}

/** Who reads: their rules and whether they are external (decision 1). */
export interface TitleReader {
  ability: AppAbility;
  client?: boolean;
}

interface TitledReference {
  field: FieldDef;
  target: EntitySchema;
  title: FieldDef;
}

/** The top-level reference fields of `schema` whose target has a title the reader may receive. */
export function titledReferences(schema: EntitySchema, reader: TitleReader): TitledReference[] {
  const out: TitledReference[] = [];
  for (const field of schema.fields) {
    if (field.kind !== 'reference' || !field.ref) continue;
    const target = schemaByName(field.ref);
    const title = target && fieldOf(target, target.titleField);
    if (!target || !title) continue;
    // Only scalar titles; a person's name comes through the person's own masking, not here.
    if (['person', 'object', 'rows', 'attachments', 'images', 'tags'].includes(title.kind)) continue;
    if (refKeyOf(field) !== 'id' && !fieldOf(target, refKeyOf(field))) continue;
    if (reader.client && (field.internal || title.internal || title.kind === 'email')) continue;
    out.push({ field, target, title });
  }
  return out;
}

const readAction = (s: EntitySchema) => toCaslAction(s.subject, 'list', s.actions);

/** The title (and, when readable, the id) of the record `alias` of the target, as jsonb. */
function titleObject(ref: TitledReference, reader: TitleReader, alias: string): RawBuilder<unknown> {
  const title = sql.raw(columnSql(ref.title, undefined, alias));
  // With `accessVia` the target's rules live on its parent: no link (the title is still sent).
  const access = ref.target.accessVia ? undefined : accessWhere(reader.ability, readAction(ref.target), ref.target, { table: alias });
  const readable = !access || access.forbidden ? sql`false` : access.where;
  return sql`jsonb_build_object('title', cast(${title} as text)) || case when ${readable} then jsonb_build_object('id', ${sql.raw(`${ident(alias)}.id`)}) else '{}'::jsonb end`;
}

/** Records of the target an external reader never receives (decision 29: drafts). */
function notDraft(ref: TitledReference, reader: TitleReader, alias: string): RawBuilder<unknown> {
  const wf = ref.target.workflow;
  const drafts = wf?.states.filter((s) => s.draft).map((s) => s.value) ?? [];
  if (!reader.client || !wf || !drafts.length) return sql`true`;
  const state = fieldOf(ref.target, wf.field);
  if (!state) return sql`true`;
  return sql`not (coalesce(cast(${sql.raw(columnSql(state, undefined, alias))} as text), '') = any(cast(${drafts} as text[])))`;
}

const targetKeySql = (ref: TitledReference, alias: string) =>
  refKeyOf(ref.field) === 'id' ? `${ident(alias)}.id` : columnSql(fieldOf(ref.target, refKeyOf(ref.field))!, undefined, alias);

/**
 * `_titles` of the row `outer` (a table name or alias in the enclosing query) as one jsonb
 * expression, or undefined when the schema references nothing with a title.
 */
export function titlesSql(schema: EntitySchema, reader: TitleReader, outer: string): RawBuilder<unknown> | undefined {
  const refs = titledReferences(schema, reader);
  if (!refs.length) return undefined;
  const pairs = refs.map((ref, i) => {
    const alias = `_rt${i}`;
    const key = sql.raw(columnSql(ref.field, undefined, outer));
    const title = sql.raw(columnSql(ref.title, undefined, alias));
    const entry = sql`(select ${titleObject(ref, reader, alias)} from ${sql.table(ref.target.name)} as ${sql.raw(ident(alias))}
      where ${sql.raw(targetKeySql(ref, alias))} = ${key} and ${title} is not null and ${notDraft(ref, reader, alias)} limit 1)`;
    return sql`${sql.lit(ref.field.name)}, ${entry}`;
  });
  return sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}

/**
 * The titles of a whole page at once, for lists: per reference field, one lookup of the keys the
 * page holds (`{ campo: { chave: { title, id? } } }`), instead of one lookup per row; `pageTitlesOf`
 * then gives each row its `_titles`. The expression sits in the select that aggregates the page's
 * rows (alias `rows`): the keys come from `array_agg` over those rows, so the page is read once, with
 * no common table expression (on PGlite that made the titles cost a quarter of the list's time).
 */
export function pageTitlesSql(schema: EntitySchema, reader: TitleReader, rows: string): RawBuilder<unknown> | undefined {
  const refs = titledReferences(schema, reader);
  if (!refs.length) return undefined;
  const pairs = refs.map((ref, i) => {
    const alias = `_rt${i}`;
    const targetKey = sql.raw(targetKeySql(ref, alias));
    const title = sql.raw(columnSql(ref.title, undefined, alias));
    const keys = sql.raw(`array_agg(${columnSql(ref.field, undefined, rows)})`);
    const entry = sql`(select jsonb_object_agg(cast(${targetKey} as text), ${titleObject(ref, reader, alias)}) from ${sql.table(ref.target.name)} as ${sql.raw(ident(alias))}
      where ${targetKey} = any(${keys}) and ${title} is not null and ${notDraft(ref, reader, alias)})`;
    return sql`${sql.lit(ref.field.name)}, ${entry}`;
  });
  return sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}

/** A row's `_titles` out of its page's titles (`pageTitlesSql`), by the values of its references. */
export function pageTitlesOf(row: Record<string, unknown>, pageTitles: unknown): Record<string, unknown> | undefined {
  if (!pageTitles || typeof pageTitles !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [field, byKey] of Object.entries(pageTitles as Record<string, Record<string, unknown> | null>)) {
    const v = row[field];
    if (v === null || v === undefined || !byKey) continue;
    const t = byKey[String(v)];
    if (t) out[field] = t;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The record as the reader receives it with its titles: `_titles` (as read by `titlesSql`) is
 * taken off the raw row, the row goes through `prepare` (field rules, masking), and the titles of
 * the references still in it come back as `_titles` (absent when there are none).
 */
export function withTitles<T extends Record<string, unknown>>(raw: T, prepare: (row: T) => T): T {
  const { [TITLES_PROPERTY]: titles, ...rest } = raw as Record<string, unknown>;
  const row = prepare(rest as T);
  return attachTitles(row, titles);
}

/** `titles` kept only for references the row still carries (a field the reader may not read goes with its title). */
export function attachTitles<T extends Record<string, unknown>>(row: T, titles: unknown): T {
  if (!titles || typeof titles !== 'object' || Array.isArray(titles)) return row;
  const kept: Record<string, ReferenceTitle> = {};
  for (const [name, t] of Object.entries(titles as Record<string, unknown>)) {
    const v = row[name];
    if (v === null || v === undefined || v === '' || !t || typeof t !== 'object') continue;
    const { title, id } = t as { title?: unknown; id?: unknown };
    if (typeof title !== 'string') continue;
    kept[name] = id === undefined || id === null ? { title } : { title, id: Number(id) };
  }
  return Object.keys(kept).length ? { ...row, [TITLES_PROPERTY]: kept } : row;
}

type Change = { de?: unknown; para?: unknown };

/**
 * A history's titles: each entry's reference changes get `_titles: { campo: { de, para } }`, the
 * titles of the values before and after. One statement for the whole history.
 */
export async function historyTitles(db: Db, schema: EntitySchema, reader: TitleReader, entries: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const refs = titledReferences(schema, reader);
  const keys = new Map<string, Set<string>>();
  for (const e of entries) {
    const changes = (e.changes ?? {}) as Record<string, Change | undefined>;
    for (const ref of refs) {
      const c = changes[ref.field.name];
      if (!c) continue;
      for (const v of [c.de, c.para]) {
        if ((typeof v !== 'string' && typeof v !== 'number') || v === '') continue;
        if (refKeyOf(ref.field) === 'id' && !/^\d{1,15}$/.test(String(v))) continue;
        (keys.get(ref.field.name) ?? keys.set(ref.field.name, new Set()).get(ref.field.name)!).add(String(v));
      }
    }
  }
  if (!keys.size) return entries;
  const parts = refs
    .filter((ref) => keys.has(ref.field.name))
    .map((ref, i) => {
      const alias = `_rt${i}`;
      const title = sql.raw(columnSql(ref.title, undefined, alias));
      const targetKey = sql.raw(targetKeySql(ref, alias));
      const values = [...keys.get(ref.field.name)!];
      const entry = sql`(select coalesce(jsonb_object_agg(cast(${targetKey} as text), ${titleObject(ref, reader, alias)}), '{}'::jsonb)
        from ${sql.table(ref.target.name)} as ${sql.raw(ident(alias))}
        where ${targetKey} = any(cast(${values} as ${sql.raw(refKeyOf(ref.field) === 'id' ? 'bigint[]' : 'text[]')})) and ${title} is not null and ${notDraft(ref, reader, alias)})`;
      return sql`${sql.lit(ref.field.name)}, ${entry}`;
    });
  const r = await sql<{ t: Record<string, Record<string, ReferenceTitle>> }>`select jsonb_build_object(${sql.join(parts, sql`, `)}) as t`.execute(db);
  const byField = r.rows[0]?.t ?? {};
  return entries.map((e) => {
    const changes = (e.changes ?? {}) as Record<string, Change | undefined>;
    const out: Record<string, { de?: ReferenceTitle; para?: ReferenceTitle }> = {};
    for (const [name, c] of Object.entries(changes)) {
      const titles = byField[name];
      if (!titles || !c) continue;
      const de = c.de === null || c.de === undefined ? undefined : titles[String(c.de)];
      const para = c.para === null || c.para === undefined ? undefined : titles[String(c.para)];
      if (de || para) out[name] = { ...(de ? { de } : {}), ...(para ? { para } : {}) };
    }
    return Object.keys(out).length ? { ...e, [TITLES_PROPERTY]: out } : e;
  });
}
