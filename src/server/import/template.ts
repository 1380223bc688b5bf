/**
 * The import template of an entity, from its effective schema (administrators' custom fields
 * included): one column per field a person fills in, headed by its label (" *" on the required
 * ones, with a note), one example row, drop-down lists for options and yes/no, one sheet per list
 * (an RDO's "Mão de obra": the parent's key columns, then the list's sub-fields, with the same
 * drop-down lists; schemas/import-layout.ts), and a sheet "Valores" with the values the person may
 * use: options, and the records they may pick in each reference (sites, companies, EAP items…).
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import { ID_FIELD, importKeyFields, listSheetFields, listSheetName, mainSheetName, sheetSubFields } from '../../../schemas/import-layout';
import { optionLabel } from '../../../schemas/option-labels';
import type { Db } from '../db/connect';
import { columnSql, fieldOf } from '../db/columns';
import { readWhere, type Actor } from '../crud/record-access';
import { importFields, importKeyOf, neededOnCreate, roleOf } from './mapping';
import { columnName } from './cells';

/** Rows of the template that get the drop-down lists. */
const VALIDATED_ROWS = 1000;
/** Records listed per reference in "Valores". */
const REFERENCE_VALUES = 2000;

const HELP: Partial<Record<FieldDef['kind'], string>> = {
  date: 'Data: dd/mm/aaaa.',
  datetime: 'Data e hora: dd/mm/aaaa hh:mm.',
  money: 'Valor em reais: 1.234,56.',
  decimal: 'Número: 1.234,56.',
  integer: 'Número inteiro.',
  boolean: 'Sim ou Não.',
  person: 'Pessoa: Nome <e-mail> ou só o e-mail.',
  reference: 'O nome ou o código de um registro da aba Valores.',
  tags: 'Valores separados por ponto e vírgula.',
};

/** The fields the template has a column for (a list has a sheet instead; "ID" only where it links a list's sheet). */
export function templateFields(schema: EntitySchema, actor: Actor): FieldDef[] {
  const admin = actor.ability.can('manage' as never, subject(schema.subject, {}) as never);
  const key = importKeyOf(schema);
  const sheets = listSheetFields(schema);
  return importFields(schema).filter((f) => {
    if (f === ID_FIELD) return key.includes(ID_FIELD.name) && sheets.length > 0;
    if (sheets.includes(f)) return false;
    const role = roleOf(schema, f);
    if (role === 'situacao') return admin;
    return role === 'valor' || (role === 'chave' && (!f.readOnly || key.length > 1));
  });
}

async function referenceValues(db: Db, field: FieldDef, actor: Actor, byName: (n: string) => EntitySchema | undefined): Promise<string[]> {
  const target = field.ref ? byName(field.ref) : undefined;
  const title = target && fieldOf(target, target.titleField);
  if (!target || !title || ['person', 'object', 'rows', 'attachments', 'images', 'tags'].includes(title.kind)) return [];
  let where;
  try {
    where = readWhere(target, actor);
  } catch {
    return [];
  }
  const filters = Object.entries(field.refFilter ?? {}).map(([k, v]) => {
    const f = fieldOf(target, k);
    if (!f) return sql`true`;
    const values = Array.isArray(v) ? v : [v];
    return sql`cast(${sql.raw(columnSql(f))} as text) in (${sql.join(values)})`;
  });
  const r = await sql<{ t: string }>`select distinct cast(${sql.raw(columnSql(title))} as text) as t from ${sql.table(target.name)}
    where ${where} ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``} and ${sql.raw(columnSql(title))} is not null
    order by 1 limit ${REFERENCE_VALUES}`.execute(db);
  return r.rows.map((x) => x.t);
}

function example(field: FieldDef, actor: Actor, refs: string[]): ExcelJS.CellValue {
  switch (field.kind) {
    case 'enum':
      return field.options?.length ? optionLabel(field, field.options[0]) : null;
    case 'tags':
      return field.options?.length ? optionLabel(field, field.options[0]) : 'etiqueta';
    case 'boolean':
      return 'Sim';
    case 'date':
      return new Date(Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate()));
    case 'datetime':
      return new Date(Date.UTC(new Date().getFullYear(), new Date().getMonth(), new Date().getDate(), 9, 0));
    case 'integer':
      return field.min && field.min > 1 ? field.min : 1;
    case 'decimal':
    case 'money':
      return 1234.56;
    case 'person':
      return actor.name ? `${actor.name} <${actor.email}>` : actor.email;
    case 'email':
      return actor.email;
    case 'reference':
      return refs[0] ?? null;
    default:
      return field.format === 'cnpj' ? '00.000.000/0001-91' : (field.placeholder ?? `Exemplo de ${field.label.toLowerCase()}`).slice(0, field.maxLength ?? 200);
  }
}

const NUM_FMT: Partial<Record<FieldDef['kind'], string>> = {
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  money: '"R$" #,##0.00',
  decimal: '#,##0.00',
};

/** A column of a template's sheet: the field it fills, and whether a new record needs it. */
interface Column {
  field: FieldDef;
  needed: boolean;
  key?: boolean;
}

/** A list of values under one heading of "Valores", and the sheet columns that offer it as a drop-down. */
interface ValueList {
  heading: string;
  field: FieldDef;
  items: string[];
  targets: { ws: ExcelJS.Worksheet; column: number }[];
}

type WithValidations = { dataValidations: { add: (range: string, v: unknown) => void } };

/** A sheet's header (labels, " *" and a note on the required ones) and its example row. */
function writeSheet(ws: ExcelJS.Worksheet, columns: Column[], sample: ExcelJS.CellValue[] | undefined): void {
  ws.columns = columns.map((c) => ({
    header: c.needed ? `${c.field.label} *` : c.field.label,
    key: c.field.name,
    width: Math.max(14, Math.min(45, c.field.label.length + 6)),
  }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  columns.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    if (c.needed) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    const note = [
      c.needed ? 'Obrigatório.' : '',
      HELP[c.field.kind] ?? '',
      c.field.help ?? '',
      c.key ? 'Identifica o registro: uma linha com um valor existente o atualiza.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    if (note) cell.note = note;
  });
  if (!sample) return;
  const row = ws.addRow(sample);
  columns.forEach((c, i) => {
    const fmt = NUM_FMT[c.field.kind];
    if (fmt) row.getCell(i + 1).numFmt = fmt;
  });
}

/** The options of an enum, tags or yes/no field (undefined: the field offers none). */
function optionsOf(f: FieldDef): string[] | undefined {
  if (f.kind === 'enum' || (f.kind === 'tags' && f.options?.length)) return (f.options ?? []).map((o) => optionLabel(f, o));
  if (f.kind === 'boolean') return ['Sim', 'Não'];
  return undefined;
}

export async function templateWorkbook(
  db: Db,
  schema: EntitySchema,
  actor: Actor,
  byName: (n: string) => EntitySchema | undefined = schemaByName,
): Promise<Buffer> {
  const fields = templateFields(schema, actor);
  const key = importKeyOf(schema);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  const ws = wb.addWorksheet(mainSheetName(schema), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists: ValueList[] = [];
  for (const [i, f] of fields.entries()) {
    const items = f.kind === 'reference' ? await referenceValues(db, f, actor, byName) : optionsOf(f);
    if (items) lists.push({ heading: f.label, field: f, items, targets: f.kind === 'tags' ? [] : [{ ws, column: i }] });
  }
  const refsOf = (f: FieldDef) => lists.find((l) => l.field === f)?.items ?? [];
  const sample = fields.map((f) => (f === ID_FIELD ? null : example(f, actor, refsOf(f))));
  writeSheet(
    ws,
    fields.map((f) => ({ field: f, needed: neededOnCreate(schema, f), key: key.includes(f.name) })),
    sample,
  );
  // One sheet per list: the parent's key as in the main sheet, then the list's sub-fields.
  const keyFields = importKeyFields(schema);
  for (const list of listSheetFields(schema)) {
    const sheet = wb.addWorksheet(listSheetName(schema, list), { views: [{ state: 'frozen', ySplit: 1 }] });
    const subs = sheetSubFields(list);
    const keySample = keyFields.map((k) => (fields.includes(k) ? sample[fields.indexOf(k)] : null));
    const linked = keySample.every((v) => v !== null && v !== undefined);
    writeSheet(
      sheet,
      [...keyFields.map((k) => ({ field: k, needed: true, key: true })), ...subs.map((f) => ({ field: f, needed: !!f.required }))],
      linked ? [...keySample, ...subs.map((f) => example(f, actor, []))] : undefined,
    );
    subs.forEach((f, i) => {
      const items = optionsOf(f);
      if (items)
        lists.push({ heading: `${f.label} (${list.label})`, field: f, items, targets: f.kind === 'tags' ? [] : [{ ws: sheet, column: keyFields.length + i }] });
    });
  }
  const values = wb.addWorksheet('Valores');
  values.getRow(1).font = { bold: true };
  lists.forEach((l, j) => {
    const col = columnName(j);
    values.getCell(`${col}1`).value = l.heading;
    l.items.forEach((item, k) => (values.getCell(`${col}${k + 2}`).value = item));
    values.getColumn(j + 1).width = Math.max(16, Math.min(50, Math.max(l.heading.length, ...l.items.slice(0, 50).map((x) => x.length)) + 2));
    if (!l.items.length) return;
    for (const t of l.targets) {
      const target = columnName(t.column);
      (t.ws as unknown as WithValidations).dataValidations.add(`${target}2:${target}${VALIDATED_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        // References list what the person may pick; a key typed instead (a site's code) is accepted too.
        showErrorMessage: l.field.kind !== 'reference',
        errorTitle: l.field.label,
        error: 'Escolha um valor da lista (aba Valores).',
        formulae: [`Valores!$${col}$2:$${col}$${l.items.length + 1}`],
      });
    }
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
