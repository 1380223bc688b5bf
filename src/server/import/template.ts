/**
 * The import template of an entity, from its effective schema (administrators' custom fields
 * included): one column per field a person fills in, headed by its label (" *" on the required
 * ones, with a note), one example row, drop-down lists for options and yes/no, and a sheet
 * "Valores" with the values the person may use: options, and the records they may pick in each
 * reference (sites, companies, EAP items…).
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
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

/** The fields the template has a column for. */
export function templateFields(schema: EntitySchema, actor: Actor): FieldDef[] {
  const admin = actor.ability.can('manage' as never, subject(schema.subject, {}) as never);
  const key = importKeyOf(schema);
  return importFields(schema).filter((f) => {
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

export async function templateWorkbook(
  db: Db,
  schema: EntitySchema,
  actor: Actor,
  byName: (n: string) => EntitySchema | undefined = schemaByName,
): Promise<Buffer> {
  const fields = templateFields(schema, actor);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  const ws = wb.addWorksheet(schema.labelPlural.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Planilha', { views: [{ state: 'frozen', ySplit: 1 }] });
  const values = wb.addWorksheet('Valores');
  const lists: { field: FieldDef; items: string[] }[] = [];
  for (const f of fields) {
    if (f.kind === 'enum' || (f.kind === 'tags' && f.options?.length)) lists.push({ field: f, items: (f.options ?? []).map((o) => optionLabel(f, o)) });
    else if (f.kind === 'boolean') lists.push({ field: f, items: ['Sim', 'Não'] });
    else if (f.kind === 'reference') lists.push({ field: f, items: await referenceValues(db, f, actor, byName) });
  }
  ws.columns = fields.map((f) => ({
    header: neededOnCreate(schema, f) ? `${f.label} *` : f.label,
    key: f.name,
    width: Math.max(14, Math.min(45, f.label.length + 6)),
  }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  fields.forEach((f, i) => {
    const cell = head.getCell(i + 1);
    const needed = neededOnCreate(schema, f);
    if (needed) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    const note = [
      needed ? 'Obrigatório.' : '',
      HELP[f.kind] ?? '',
      f.help ?? '',
      importKeyOf(schema).includes(f.name) ? 'Identifica o registro: uma linha com um valor existente o atualiza.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    if (note) cell.note = note;
  });
  const refsOf = (f: FieldDef) => lists.find((l) => l.field === f)?.items ?? [];
  const sample = ws.addRow(fields.map((f) => example(f, actor, refsOf(f))));
  fields.forEach((f, i) => {
    const fmt = NUM_FMT[f.kind];
    if (fmt) sample.getCell(i + 1).numFmt = fmt;
  });
  values.getRow(1).font = { bold: true };
  lists.forEach((l, j) => {
    const col = columnName(j);
    values.getCell(`${col}1`).value = l.field.label;
    l.items.forEach((item, k) => (values.getCell(`${col}${k + 2}`).value = item));
    values.getColumn(j + 1).width = Math.max(16, Math.min(50, Math.max(l.field.label.length, ...l.items.slice(0, 50).map((x) => x.length)) + 2));
    const i = fields.indexOf(l.field);
    if (!l.items.length || i < 0 || l.field.kind === 'tags') return;
    const target = columnName(i);
    (ws as unknown as { dataValidations: { add: (range: string, v: unknown) => void } }).dataValidations.add(`${target}2:${target}${VALIDATED_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      // References list what the person may pick; a key typed instead (a site's code) is accepted too.
      showErrorMessage: l.field.kind !== 'reference',
      errorTitle: l.field.label,
      error: 'Escolha um valor da lista (aba Valores).',
      formulae: [`Valores!$${col}$2:$${col}$${l.items.length + 1}`],
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
