/**
 * Titles of referenced records ("Apólice 01.67.0012345", not "5") for a page of rows. The API sends
 * them with each record (`_titles: { campo: { title, id? } }`, src/server/crud/reference-titles.ts):
 * whoever reads a record reads the names it shows, even without the right to open the referenced
 * record (then there is no `id`, and no link). Only for a key without a title there (a record
 * built in the app, an older answer) the titles are fetched: one request per referenced entity for
 * the whole page (`GET /<target>?<refKey>=a&<refKey>=b…`), never one per row; a key whose record is
 * not readable then is shown as it is stored.
 */
import React, { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { refKeyOf, refTarget } from './options';

export interface ReferenceTitle {
  /** The referenced record's id, when the viewer may open it (the display links to it). */
  id?: string;
  title: string;
}

/** The property of a record that carries its references' titles, as the API sends it. */
export const TITLES_PROPERTY = '_titles';

/** The title the API sent with `row` for its reference `field` (undefined when none). */
export function sentTitle(row: Record<string, unknown> | undefined, field: string): ReferenceTitle | undefined {
  const all = row?.[TITLES_PROPERTY];
  if (!all || typeof all !== 'object') return undefined;
  const t = (all as Record<string, unknown>)[field];
  if (!t || typeof t !== 'object') return undefined;
  const { title, id } = t as { title?: unknown; id?: unknown };
  if (typeof title !== 'string') return undefined;
  return id === undefined || id === null ? { title } : { title, id: String(id) };
}

/** The titles the API sent with the rows, by field and key. */
export function sentTitles(fields: FieldDef[], rows: Record<string, unknown>[]): ReferenceTitles {
  const out: ReferenceTitles = new Map();
  for (const f of referenceFields(fields)) {
    for (const r of rows) {
      const v = r[f.name];
      const t = v === null || v === undefined || v === '' ? undefined : sentTitle(r, f.name);
      if (!t) continue;
      let byKey = out.get(f.name);
      if (!byKey) out.set(f.name, (byKey = new Map()));
      byKey.set(String(v), t);
    }
  }
  return out;
}
/** field name → stored key → the referenced record's id and title. */
export type ReferenceTitles = Map<string, Map<string, ReferenceTitle>>;

const TitlesContext = createContext<ReferenceTitles>(new Map());
/** Whether the enclosing provider is still fetching titles (lists drawn as cards wait for them). */
const TitlesPendingContext = createContext(false);

/** Top-level reference fields whose target schema is known. */
export function referenceFields(fields: FieldDef[]): FieldDef[] {
  return fields.filter((f) => f.kind === 'reference' && !!refTarget(f));
}

/** Distinct non-empty keys per reference field among the rows, but those whose title the API sent. */
export function keysByField(fields: FieldDef[], rows: Record<string, unknown>[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of referenceFields(fields)) {
    const keys = new Set<string>();
    for (const r of rows) {
      const v = r[f.name];
      if (v !== null && v !== undefined && v !== '' && !sentTitle(r, f.name)) keys.add(String(v));
    }
    if (keys.size) out.set(f.name, [...keys].sort());
  }
  return out;
}

function titleOf(target: EntitySchema, record: Record<string, unknown>): string {
  const t = record[target.titleField];
  return t === null || t === undefined || t === '' ? `#${String(record.id)}` : String(t);
}

/** Fetches the titles of the given keys: one getList per field (fields on the same target share nothing, kept simple). */
export async function fetchReferenceTitles(
  dataProvider: Pick<DataProvider, 'getList'>,
  fields: FieldDef[],
  keys: Map<string, string[]>,
): Promise<ReferenceTitles> {
  const out: ReferenceTitles = new Map();
  await Promise.all(
    [...keys].map(async ([name, values]) => {
      const field = fields.find((f) => f.name === name)!;
      const target = refTarget(field)!;
      const refKey = refKeyOf(field);
      const res = await dataProvider
        .getList({
          resource: target.resource,
          filters: [{ field: refKey, operator: 'eq', value: values }],
          pagination: { currentPage: 1, pageSize: values.length, mode: 'server' },
        })
        .catch(() => ({ data: [] as Record<string, unknown>[] }));
      const byKey = new Map<string, ReferenceTitle>();
      for (const rec of res.data as Record<string, unknown>[]) byKey.set(String(rec[refKey]), { id: String(rec.id), title: titleOf(target, rec) });
      out.set(name, byKey);
    }),
  );
  return out;
}

/**
 * The titles of the references in `rows`: those the API sent, and the others fetched (cached per set
 * of keys); `pending` while the fetch runs.
 */
export function useReferenceTitlesState(schema: EntitySchema, rows: Record<string, unknown>[] | undefined): { titles: ReferenceTitles; pending: boolean } {
  const getDataProvider = useDataProvider();
  const sent = useMemo(() => sentTitles(schema.fields, rows ?? []), [schema, rows]);
  const keys = useMemo(() => keysByField(schema.fields, rows ?? []), [schema, rows]);
  const signature = JSON.stringify([...keys]);
  const { data, isPending } = useQuery({
    queryKey: ['titulos-referencias', schema.name, signature],
    queryFn: () => fetchReferenceTitles(getDataProvider(), schema.fields, keys),
    enabled: keys.size > 0,
    staleTime: 60_000,
  });
  const titles = useMemo(() => mergeTitles(sent, data ?? EMPTY), [sent, data]);
  return { titles, pending: keys.size > 0 && isPending };
}

/** The titles of the references in `rows` (useReferenceTitlesState without the fetch's state). */
export function useReferenceTitles(schema: EntitySchema, rows: Record<string, unknown>[] | undefined): ReferenceTitles {
  return useReferenceTitlesState(schema, rows).titles;
}

function mergeTitles(a: ReferenceTitles, b: ReferenceTitles): ReferenceTitles {
  if (!b.size) return a;
  if (!a.size) return b;
  const out: ReferenceTitles = new Map();
  for (const m of [a, b]) for (const [name, byKey] of m) out.set(name, new Map([...(out.get(name) ?? []), ...byKey]));
  return out;
}
const EMPTY: ReferenceTitles = new Map();

/** Makes the titles of `rows`' references available to every FieldDisplay below. */
export function ReferenceTitlesProvider({
  schema,
  rows,
  children,
}: {
  schema: EntitySchema;
  rows: Record<string, unknown>[] | undefined;
  children: React.ReactNode;
}) {
  const { titles, pending } = useReferenceTitlesState(schema, rows);
  return (
    <TitlesContext.Provider value={titles}>
      <TitlesPendingContext.Provider value={pending}>{children}</TitlesPendingContext.Provider>
    </TitlesContext.Provider>
  );
}

/** True while the enclosing provider fetches the titles of its rows' references. */
export function useReferenceTitlesPending(): boolean {
  return useContext(TitlesPendingContext);
}

/** The title of one reference value, when the enclosing provider fetched it. */
export function useReferenceTitle(field: FieldDef, value: unknown): ReferenceTitle | undefined {
  const titles = useContext(TitlesContext);
  if (value === null || value === undefined || value === '') return undefined;
  return titles.get(field.name)?.get(String(value));
}
