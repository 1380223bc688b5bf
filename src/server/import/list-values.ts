/**
 * A list read from its own sheet (list-sheets.ts) as the value of the list field: each sub-row's
 * cells read as any cell (values.ts), the whole checked by the API's own validation, and each message
 * naming the sheet and the line of the sub-row it is about ("Aba "Mão de obra", linha 7, Quantidade:
 * …"), also for the messages of an entity's rules after the write (`listMessage`).
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { sheetSubFields } from '../../../schemas/import-layout';
import { isEmptyValue } from '../../../schemas/messages';
import { validateBody } from '../crud/validate';
import { stableJson } from '../crud/audit';
import type { CellValue, SubRows } from './cells';
import type { Coerced } from './values';

/** Where the sub-rows of a list value came from (the value itself is the key: the row's values hold it until its write). */
const origins = new WeakMap<object, { field: FieldDef; sheet: string; lines: number[] }>();

/** Messages of one list shown at most, then how many more. */
const MAX_MESSAGES = 20;

const where = (sheet: string, line?: number) => `Aba "${sheet}"${line !== undefined ? `, linha ${line}` : ''}`;

function limited(messages: string[]): string {
  const shown = messages.slice(0, MAX_MESSAGES);
  if (messages.length > MAX_MESSAGES) shown.push(`E mais ${messages.length - MAX_MESSAGES} erro(s) nas linhas da aba.`);
  return shown.join(' ');
}

/** A message of the API about a path inside a list (`maoDeObra.2.quantidade`) as the sheet's line and column; undefined when not one. */
function named(path: string, message: string, origin: { field: FieldDef; sheet: string; lines: number[] }): string {
  const [, index, sub] = path.split('.');
  const line = index !== undefined && /^\d+$/.test(index) ? origin.lines[Number(index)] : undefined;
  const label = sub ? sheetSubFields(origin.field).find((s) => s.name === sub)?.label : undefined;
  // A group of sub-fields (`object`) has one line; its path names the sub-field right after the field.
  const subOfObject = origin.field.kind === 'object' && index !== undefined && !/^\d+$/.test(index);
  if (subOfObject) return `${where(origin.sheet, origin.lines[0])}, ${sheetSubFields(origin.field).find((s) => s.name === index)?.label ?? index}: ${message}`;
  // A rule's message that already starts with the column's label is not labelled twice.
  return `${where(origin.sheet, line)}${label && !message.startsWith(label) ? `, ${label}` : ''}: ${message}`;
}

/** The rows of a list's sheet as the list's value (an `object`: its one row), checked as the API checks it. */
export function coerceList(field: FieldDef, cell: SubRows, coerce: (f: FieldDef, c: CellValue) => Coerced): Coerced {
  const subs = sheetSubFields(field);
  const errors: string[] = [];
  const rows: Record<string, unknown>[] = [];
  if (field.kind === 'object' && cell.rows.length > 1) {
    return {
      error: `${where(cell.sheet)}: "${field.label}" tem uma linha só por registro; este tem ${cell.rows.length} (linhas ${cell.rows.map((r) => r.line).join(', ')}).`,
    };
  }
  for (const r of cell.rows) {
    const out: Record<string, unknown> = {};
    for (const s of subs) {
      if (!(s.name in r.cells)) continue;
      const got = coerce(s, r.cells[s.name]);
      if ('error' in got) errors.push(`${where(cell.sheet, r.line)}, ${s.label}: ${got.error}`);
      else if (s.kind === 'person' && got.value && !(got.value as { mail?: string }).mail)
        errors.push(`${where(cell.sheet, r.line)}, ${s.label}: informe o e-mail da pessoa (Nome <e-mail>).`);
      else if (!isEmptyValue(got.value)) out[s.name] = got.value;
    }
    rows.push(out);
  }
  if (errors.length) return { error: limited(errors) };
  const value = field.kind === 'object' ? (rows[0] && Object.keys(rows[0]).length ? rows[0] : null) : rows;
  const origin = { field, sheet: cell.sheet, lines: cell.rows.map((r) => r.line) };
  if (value === null) return { value };
  // The API's own validation of the list, its messages on the sheet's lines.
  const probe = {
    name: '_',
    resource: '_',
    label: '_',
    labelPlural: '_',
    gender: 'm',
    subject: 'all',
    titleField: field.name,
    fields: [field],
  } as unknown as EntitySchema;
  const found = Object.entries(validateBody(probe, { [field.name]: value }, {}).errors).filter(([path]) => path !== field.name);
  if (found.length) return { error: limited(found.flatMap(([path, msgs]) => msgs.map((m) => named(path, m, origin)))) };
  origins.set(value, origin);
  return { value };
}

/**
 * A message of the API (or of an entity's rule) about `path`, naming the list's sheet and line when
 * the path is inside a list the row's values read from a sheet.
 */
export function listMessage(path: string, message: string, values: Record<string, unknown> | undefined): string {
  const top = path.split('.')[0];
  const v = values?.[top];
  const origin = v && typeof v === 'object' ? origins.get(v) : undefined;
  return origin && path !== top ? named(path, message, origin) : message;
}

const withoutEmpty = (o: unknown) =>
  o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([, x]) => !isEmptyValue(x))) : o;

/** Two values of a list (or group of sub-fields) alike, a blank sub-value and an absent one being the same. */
export function sameList(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  const norm = (v: unknown) => stableJson(Array.isArray(v) ? v.map(withoutEmpty) : withoutEmpty(v));
  return norm(a) === norm(b);
}
