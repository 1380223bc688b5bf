/**
 * The layout a spreadsheet of an entity has, shared by the list's export (src/app/views/export-xlsx.ts),
 * the import's template and its reader (src/server/import): the natural key that finds the record a
 * row updates, the "ID" column, and one sheet per list or group of sub-fields (an RDO's "Mão de obra",
 * a materials list's "Itens") with the parent's key columns, then the sub-fields. An export written
 * with this layout imports back with no mapping step and no change (issue 38).
 */
import type { EntitySchema, FieldDef } from './kinds';

/**
 * The record's id as a column ("ID"), written by every export: the key of the entities with no
 * natural one, and the record a row names when its natural key is blank (an SGI record before its code).
 */
export const ID_FIELD: FieldDef = {
  name: 'id',
  kind: 'integer',
  label: 'ID',
  readOnly: true,
  help: 'O número interno do registro, como a exportação escreve. Deixe em branco numa linha nova.',
};

/** The natural key (schema `importKey`, else the first unique field, else the numbering field with its scope). */
export function importKeyOf(schema: EntitySchema): string[] {
  if (schema.importKey) return schema.importKey;
  const unique = schema.fields.find((f) => f.unique && !f.hidden);
  if (unique) return [unique.name];
  if (schema.numbering?.on === 'create') return [...(schema.numbering.per ?? []), schema.numbering.field];
  return [];
}

/** A field of the schema by name, the record's id ("ID") included. */
export function importFieldOf(schema: EntitySchema, name: string): FieldDef | undefined {
  return name === ID_FIELD.name ? ID_FIELD : schema.fields.find((f) => f.name === name);
}

/** The fields of the natural key, in order. */
export const importKeyFields = (schema: EntitySchema): FieldDef[] =>
  importKeyOf(schema)
    .map((k) => importFieldOf(schema, k))
    .filter((f): f is FieldDef => !!f);

/** The kinds a sub-field of a list sheet may have: one value per cell, read without the database (a person by e-mail). */
const SHEET_SUB_KINDS = new Set<FieldDef['kind']>([
  'text',
  'longtext',
  'email',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'tags',
  'person',
]);

/** The sub-fields of a list sheet, in order. */
export const sheetSubFields = (field: FieldDef): FieldDef[] => field.fields ?? [];

/**
 * The lists (`rows`) and groups of sub-fields (`object`) that have a sheet of their own: written by a
 * person (not read-only nor hidden), of an entity with a key, every sub-field writable, visible and of a
 * kind a cell holds. Replacing such a list from a file loses nothing (a list with photos or with
 * references to other records stays out: it is edited in the form).
 */
export function listSheetFields(schema: EntitySchema): FieldDef[] {
  if (!importKeyOf(schema).length) return [];
  return schema.fields.filter(
    (f) =>
      (f.kind === 'rows' || f.kind === 'object') &&
      !f.readOnly &&
      !f.hidden &&
      sheetSubFields(f).length > 0 &&
      sheetSubFields(f).every((s) => SHEET_SUB_KINDS.has(s.kind) && !s.readOnly && !s.hidden),
  );
}

const sheetSafe = (s: string) =>
  s
    .replace(/[\\/?*[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();

/** The name of the entity's main sheet (its plural label, as Excel allows a sheet name). */
export const mainSheetName = (schema: EntitySchema): string => sheetSafe(schema.labelPlural) || 'Planilha';

/**
 * The name of a list's sheet: its label, as Excel allows a sheet name (31 characters), unlike the
 * main sheet, the template's "Valores" and the sheets of the lists before it (else numbered).
 */
export function listSheetName(schema: EntitySchema, field: FieldDef): string {
  const taken = new Set([mainSheetName(schema), 'Valores'].map((n) => n.toLowerCase()));
  for (const f of listSheetFields(schema)) {
    const base = sheetSafe(f.label) || f.name;
    let name = base;
    for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 26)} (${i})`;
    if (f.name === field.name) return name;
    taken.add(name.toLowerCase());
  }
  return sheetSafe(field.label) || field.name;
}

/**
 * The columns of an export, as the import reads them: "ID" first, the key fields the person did not
 * choose, then the chosen ones; lists with a sheet of their own are written there, not as a column.
 */
export function exportColumns(schema: EntitySchema, chosen: FieldDef[]): FieldDef[] {
  const sheets = new Set(listSheetFields(schema).map((f) => f.name));
  const key = importKeyFields(schema).filter((f) => f !== ID_FIELD && !chosen.some((c) => c.name === f.name));
  return [ID_FIELD, ...key, ...chosen.filter((f) => f.name !== ID_FIELD.name && !sheets.has(f.name))];
}
