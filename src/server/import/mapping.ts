/**
 * Which column fills which field: matched by label or by name (the export's headers and the
 * template's are the labels, so they match with no mapping step), the rest chosen by the person;
 * the natural key the rows are matched on; the required columns a file cannot do without.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { ID_FIELD, importKeyOf, listSheetFields } from '../../../schemas/import-layout';
import { ApiError } from '../http/errors';
import { NOT_FROM_A_CELL } from './values';
import { normalizeText } from './text-match';
import type { HeaderColumn } from './sheet';

/** Column header → field name, or null for a column the person chose to ignore. */
export type Mapping = Record<string, string | null>;

export { importKeyOf };

export type FieldRole = 'valor' | 'chave' | 'situacao' | 'somenteLeitura' | 'naoImportavel';

export interface ImportField {
  name: string;
  label: string;
  kind: FieldDef['kind'];
  required: boolean;
  role: FieldRole;
  options?: { value: string; label: string }[];
}

/**
 * What a column of each field does in an import. The "ID" finds the record (the key of an entity
 * without a natural one; else the record of a row whose natural key is blank); a list with a sheet
 * of its own comes from that sheet.
 */
export function roleOf(schema: EntitySchema, f: FieldDef): FieldRole {
  if (schema.workflow?.field === f.name) return 'situacao';
  if (f.name === ID_FIELD.name || importKeyOf(schema).includes(f.name)) return 'chave';
  if (listSheetFields(schema).some((l) => l.name === f.name)) return 'valor';
  if (NOT_FROM_A_CELL.has(f.kind)) return 'naoImportavel';
  if (f.readOnly) return 'somenteLeitura';
  return 'valor';
}

/** The fields a column may be mapped to: "ID", then the schema's (hidden ones left out), in its order. */
export function importFields(schema: EntitySchema): FieldDef[] {
  return [ID_FIELD, ...schema.fields.filter((f) => !f.hidden)];
}

/** Whether a new record must have this field in the file (required, with no value the server gives it). */
export const neededOnCreate = (schema: EntitySchema, f: FieldDef) =>
  !!f.required && !f.readOnly && f.default === undefined && !f.matrixRole && schema.workflow?.field !== f.name && !NOT_FROM_A_CELL.has(f.kind);

/** Whether a column may go to a field: a list's sheet only to its list, a list with a sheet only from that sheet. */
function fits(schema: EntitySchema, c: HeaderColumn, field: string): boolean {
  return c.list ? field === c.list : !listSheetFields(schema).some((l) => l.name === field);
}

/** Each header matched to a field by label, then by name; else null. A list's sheet goes to its list. */
export function autoMapping(schema: EntitySchema, columns: HeaderColumn[]): Mapping {
  const sheets = new Set(listSheetFields(schema).map((f) => f.name));
  // A column titled as a list that has a sheet of its own (an older export's "3 itens") is left out.
  const fields = importFields(schema).filter((f) => !sheets.has(f.name));
  const byLabel = new Map(fields.map((f) => [normalizeText(f.label), f.name]));
  const byName = new Map(fields.map((f) => [normalizeText(f.name), f.name]));
  const out: Mapping = {};
  const used = new Set<string>();
  for (const c of columns) {
    if (!c.list) continue;
    out[c.text] = c.list;
    used.add(c.list);
  }
  for (const c of columns) {
    if (c.list) continue;
    const k = normalizeText(c.text);
    const name = byLabel.get(k) ?? byName.get(k) ?? null;
    out[c.text] = name && !used.has(name) ? name : null;
    if (name) used.add(name);
  }
  return out;
}

/** The saved mapping of the person's last import of the entity, over the automatic one, where it still fits. */
export function withSaved(schema: EntitySchema, auto: Mapping, saved: Mapping | undefined, columns: HeaderColumn[] = []): Mapping {
  if (!saved) return auto;
  const column = new Map(columns.map((c) => [c.text, c]));
  saved = Object.fromEntries(Object.entries(saved).filter(([h, f]) => f === null || !column.has(h) || fits(schema, column.get(h)!, f)));
  const names = new Set(importFields(schema).map((f) => f.name));
  const out: Mapping = { ...auto };
  for (const [header, field] of Object.entries(saved)) {
    if (!(header in out)) continue;
    if (field === null || names.has(field)) out[header] = field;
  }
  // A field may be mapped once: the saved choice wins over an automatic match elsewhere.
  const seen = new Set<string>();
  for (const [header, field] of Object.entries(saved)) if (header in out && field) seen.add(field);
  for (const [header, field] of Object.entries(out)) if (field && seen.has(field) && saved[header] !== field) out[header] = null;
  return out;
}

/**
 * A mapping sent by the app, checked: every header of the file, known fields, each field once.
 * Returns the notes the report shows (required columns absent when updates remain possible).
 */
export function checkMapping(schema: EntitySchema, columns: HeaderColumn[], mapping: unknown): { mapping: Mapping; notes: string[] } {
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping))
    throw new ApiError(400, 'Informe o mapeamento das colunas.', { mapeamento: ['Informe um objeto coluna → campo.'] });
  const names = new Map(importFields(schema).map((f) => [f.name, f]));
  const errors: Record<string, string[]> = {};
  const out: Mapping = {};
  const used = new Map<string, string>();
  for (const c of columns) {
    const v = (mapping as Record<string, unknown>)[c.text];
    if (v === undefined || v === null || v === '') {
      out[c.text] = null;
      continue;
    }
    if (typeof v !== 'string' || !names.has(v)) {
      errors[`mapeamento.${c.text}`] = ['Campo desconhecido.'];
      continue;
    }
    const sheetOf = listSheetFields(schema).find((l) => l.name === v);
    if (!fits(schema, c, v)) {
      errors[`mapeamento.${c.text}`] = [
        c.list
          ? `A aba vai para a lista "${names.get(c.list)?.label ?? c.list}" (ou é ignorada).`
          : `"${sheetOf!.label}" vem de uma aba própria da planilha, não de uma coluna.`,
      ];
      continue;
    }
    if (used.has(v)) errors[`mapeamento.${c.text}`] = [`"${names.get(v)!.label}" já está na coluna "${used.get(v)}".`];
    used.set(v, c.text);
    out[c.text] = v;
  }
  for (const k of Object.keys(mapping as object)) if (!columns.some((c) => c.text === k)) errors[`mapeamento.${k}`] = ['Coluna que não está no arquivo.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Verifique o mapeamento das colunas.', errors);
  const mapped = new Set(Object.values(out).filter(Boolean) as string[]);
  const missing = schema.fields.filter((f) => neededOnCreate(schema, f) && !mapped.has(f.name));
  const key = importKeyOf(schema);
  const notes: string[] = [];
  if (missing.length) {
    const labels = missing.map((f) => `"${f.label}"`).join(', ');
    if (!key.length || !key.every((k) => mapped.has(k))) {
      throw new ApiError(400, `Faltam colunas obrigatórias: ${labels}. Use o modelo de importação ou escolha as colunas no mapeamento.`, {
        mapeamento: [`Faltam colunas obrigatórias: ${labels}.`],
      });
    }
    notes.push(`Faltam as colunas obrigatórias ${labels}: só linhas que atualizam registros existentes serão aceitas.`);
  }
  return { mapping: out, notes };
}
