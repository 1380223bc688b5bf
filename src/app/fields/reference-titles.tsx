/**
 * Titles of referenced records ("Apólice 01.67.0012345", not "5") for a page of rows: one request
 * per referenced entity for the whole page (`GET /<target>?<refKey>=a&<refKey>=b…`), never one per
 * row. The API answers only records the viewer may read, so a title never leaks a record; a key
 * whose record is not readable is shown as it is stored.
 */
import React, { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { refKeyOf, refTarget } from './options';

export interface ReferenceTitle {
  id: string;
  title: string;
}
/** field name → stored key → the referenced record's id and title. */
export type ReferenceTitles = Map<string, Map<string, ReferenceTitle>>;

const TitlesContext = createContext<ReferenceTitles>(new Map());

/** Top-level reference fields whose target schema is known. */
export function referenceFields(fields: FieldDef[]): FieldDef[] {
  return fields.filter((f) => f.kind === 'reference' && !!refTarget(f));
}

/** Distinct non-empty keys per reference field among the rows. */
export function keysByField(fields: FieldDef[], rows: Record<string, unknown>[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of referenceFields(fields)) {
    const keys = new Set<string>();
    for (const r of rows) {
      const v = r[f.name];
      if (v !== null && v !== undefined && v !== '') keys.add(String(v));
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

/** The titles of the references in `rows` (cached per set of keys). */
export function useReferenceTitles(schema: EntitySchema, rows: Record<string, unknown>[] | undefined): ReferenceTitles {
  const getDataProvider = useDataProvider();
  const keys = useMemo(() => keysByField(schema.fields, rows ?? []), [schema, rows]);
  const signature = JSON.stringify([...keys]);
  const { data } = useQuery({
    queryKey: ['titulos-referencias', schema.name, signature],
    queryFn: () => fetchReferenceTitles(getDataProvider(), schema.fields, keys),
    enabled: keys.size > 0,
    staleTime: 60_000,
  });
  return data ?? EMPTY;
}
const EMPTY: ReferenceTitles = new Map();

/** Makes the titles of `rows`' references available to every FieldDisplay below. */
export function ReferenceTitlesProvider({ schema, rows, children }: { schema: EntitySchema; rows: Record<string, unknown>[] | undefined; children: React.ReactNode }) {
  const titles = useReferenceTitles(schema, rows);
  return <TitlesContext.Provider value={titles}>{children}</TitlesContext.Provider>;
}

/** The title of one reference value, when the enclosing provider fetched it. */
export function useReferenceTitle(field: FieldDef, value: unknown): ReferenceTitle | undefined {
  const titles = useContext(TitlesContext);
  if (value === null || value === undefined || value === '') return undefined;
  return titles.get(field.name)?.get(String(value));
}
