/**
 * Lists and groups of sub-fields from sheets of their own (issue 38): an RDO's "Mão de obra", a
 * materials list's "Itens". Each such sheet (named as the list, schemas/import-layout.ts) has the
 * parent's key columns, as in the main sheet, then the list's sub-fields; its rows are grouped by that
 * key and handed to each row of the main sheet as one more cell (`SubRows`), which the generic
 * validation checks as the list's value (list-values.ts). A sheet's row whose key is in no row of the
 * main sheet is reported; a file without the sheet leaves the list as it is; a .csv has no sheets.
 */
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { importKeyFields, listSheetFields, listSheetName, sheetSubFields } from '../../../schemas/import-layout';
import { BadFile, MAX_COLUMNS, MAX_ROWS, TOO_MANY_COLUMNS } from './limits';
import { cellText, isBlankRow, SubRows, type CellValue, type SheetRow } from './cells';
import { normalizeText } from './text-match';
import type { HeaderColumn, ScanResult, Spreadsheet } from './sheet';

/** How one list's sheet is read, found when the file is sent and kept with the import (`about.listas`). */
export interface ListSheetPlan {
  /** The list field. */
  field: string;
  /** The sheet's name in the file. */
  sheet: string;
  /** The column of each main row that carries the list (beyond the sheet's own columns). */
  column: number;
  /** The key's columns in the main sheet and in the list's sheet, in the key's order. */
  parent: number[];
  key: number[];
  /** The key's parts a row must have to be linked (required ones, numbers the server gives). */
  needed: boolean[];
  /** The list's sheet columns that fill a sub-field. */
  cells: { index: number; field: string }[];
  headerRow: number;
}

/** The first column index of the lists (after every column a sheet may have). */
export const LIST_COLUMN_BASE = MAX_COLUMNS;

const same = (text: string, f: FieldDef) => {
  const t = normalizeText(text);
  return t === normalizeText(f.label) || t === normalizeText(f.name);
};

const list = (xs: (string | number)[], max = 10) => xs.slice(0, max).join(', ') + (xs.length > max ? ` e mais ${xs.length - max}` : '');

/**
 * The key of a row (its cells in `indexes`) as text, the same whichever sheet it is typed in;
 * undefined when blank or without a part it needs (a new RDO, without its number, links no list).
 */
export function keyText(cells: CellValue[], indexes: number[], needed: boolean[]): string | undefined {
  const parts = indexes.map((i) => normalizeText(cellText(cells[i])));
  return parts.some(Boolean) && parts.every((p, i) => p || !needed[i]) ? parts.join('\u0000') : undefined;
}

interface SheetHeader {
  row: number;
  columns: { index: number; text: string }[];
}

/** The first non-blank row of a sheet as its header (a column named twice is refused, as in the main sheet). */
function headerOf(name: string, row: SheetRow): SheetHeader {
  if (row.cells.length > MAX_COLUMNS) throw TOO_MANY_COLUMNS(row.cells.length);
  const columns: SheetHeader['columns'] = [];
  const seen = new Set<string>();
  row.cells.forEach((c, index) => {
    const text = cellText(c).replace(/\s+/g, ' ').trim();
    if (!text) return;
    if (seen.has(normalizeText(text)))
      throw new BadFile(`A coluna "${text}" aparece duas vezes no cabeçalho da aba "${name}". Dê um nome diferente a cada coluna.`);
    seen.add(normalizeText(text));
    columns.push({ index, text });
  });
  return { row: row.number, columns };
}

/**
 * The lists the sent file brings in sheets of their own: how to read each (kept with the import), the
 * column each adds to the mapping, and what the person should know (a sheet that cannot be linked to
 * the main one, columns ignored, rows whose key is not in the main sheet).
 */
export async function planListSheets(
  sheet: Spreadsheet,
  schema: EntitySchema,
  scan: ScanResult,
): Promise<{ plans: ListSheetPlan[]; columns: HeaderColumn[]; notes: string[] }> {
  const fields = listSheetFields(schema);
  const out = { plans: [] as ListSheetPlan[], columns: [] as HeaderColumn[], notes: [] as string[] };
  if (!fields.length) return out;
  if (sheet.format === 'csv') {
    out.notes.push(
      `Um arquivo .csv não tem abas: ${list(fields.map((f) => `"${f.label}"`))} não são lidos e ficam como estão nos registros. Para importá-los, use um .xlsx com uma aba para cada lista (o modelo e a exportação já vêm assim).`,
    );
    return out;
  }
  if (sheet.format !== 'xlsx' || !sheet.rowsOf) return out;
  const keyFields = importKeyFields(schema);
  const keyLabels = keyFields.map((k) => k.label).join(' + ');
  const unknown: string[] = [];
  const keysBySheet: { plan: ListSheetPlan; keys: Map<string, number[]>; blank: number[] }[] = [];
  for (const name of sheet.otherSheets ?? []) {
    const field = fields.find((f) => normalizeText(listSheetName(schema, f)) === normalizeText(name) || same(name, f));
    if (!field) {
      if (normalizeText(name) !== 'valores') unknown.push(`"${name}"`);
      continue;
    }
    if (out.plans.some((p) => p.field === field.name)) {
      out.notes.push(`A aba "${name}" repete a lista "${field.label}": só a primeira aba dela foi lida.`);
      continue;
    }
    let header: SheetHeader | undefined;
    let rows = 0;
    const keys = new Map<string, number[]>();
    const blank: number[] = [];
    let plan: ListSheetPlan | undefined;
    for await (const row of sheet.rowsOf(name)) {
      if (isBlankRow(row)) continue;
      if (!header) {
        header = headerOf(name, row);
        plan = linkSheet(name, field, header, scan, keyFields, out.notes);
        if (!plan) break;
        continue;
      }
      if (++rows > MAX_ROWS) throw new BadFile(`A aba "${name}" passa de ${MAX_ROWS.toLocaleString('pt-BR')} linhas. Divida a planilha em arquivos menores.`);
      const k = keyText(row.cells, plan!.key, plan!.needed);
      if (k === undefined) blank.push(row.number);
      else (keys.get(k) ?? keys.set(k, []).get(k)!).push(row.number);
    }
    if (!plan) {
      if (!header) out.notes.push(`A aba "${name}" está vazia: a lista "${field.label}" fica como está nos registros.`);
      continue;
    }
    plan.column = LIST_COLUMN_BASE + out.plans.length;
    out.plans.push(plan);
    out.columns.push({ index: plan.column, letter: 'Aba', text: `Aba "${name}"`, list: field.name });
    keysBySheet.push({ plan, keys, blank });
    if (blank.length) out.notes.push(`Aba "${name}": linhas sem ${keyLabels} completo (${list(blank)}) não são de nenhum registro e não são importadas.`);
  }
  if (unknown.length) out.notes.push(`Abas que não são listas de ${schema.labelPlural.toLowerCase()}, ignoradas: ${list(unknown)}.`);
  if (keysBySheet.length) await reportOrphans(sheet, scan, keysBySheet, keyLabels, out.notes);
  return out;
}

/** How a list's sheet links to the main sheet (its key columns in both) and fills the sub-fields; undefined when it cannot. */
function linkSheet(name: string, field: FieldDef, header: SheetHeader, scan: ScanResult, keyFields: FieldDef[], notes: string[]): ListSheetPlan | undefined {
  const parent: number[] = [];
  const key: number[] = [];
  for (const k of keyFields) {
    const inSheet = header.columns.find((c) => same(c.text, k));
    const inMain = scan.columns.find((c) => !c.list && same(c.text, k));
    if (!inSheet || !inMain) {
      notes.push(
        inSheet
          ? `A aba principal não tem a coluna "${k.label}": a aba "${name}" não pode ser ligada aos registros e foi ignorada.`
          : `A aba "${name}" não tem a coluna "${k.label}" (a chave que liga cada linha ao seu registro): foi ignorada.`,
      );
      return undefined;
    }
    parent.push(inMain.index);
    key.push(inSheet.index);
  }
  const subs = sheetSubFields(field);
  const cells: ListSheetPlan['cells'] = [];
  const ignored: string[] = [];
  for (const c of header.columns) {
    if (key.includes(c.index)) continue;
    const sub = subs.find((s) => same(c.text, s));
    if (sub && !cells.some((x) => x.field === sub.name)) cells.push({ index: c.index, field: sub.name });
    else ignored.push(`"${c.text}"`);
  }
  if (ignored.length) notes.push(`Aba "${name}": colunas que não são campos de "${field.label}", ignoradas: ${list(ignored)}.`);
  const needed = keyFields.map((k) => !!(k.required || k.readOnly));
  return { field: field.name, sheet: name, column: 0, parent, key, needed, cells, headerRow: header.row };
}

/**
 * The rows of the lists' sheets whose key is in no row of the main sheet; and how many rows of the
 * main sheet have none in a list's sheet (their list becomes empty, unless the sheet is ignored).
 */
async function reportOrphans(
  sheet: Spreadsheet,
  scan: ScanResult,
  sheets: { plan: ListSheetPlan; keys: Map<string, number[]> }[],
  keyLabels: string,
  notes: string[],
): Promise<void> {
  const main = new Set<string>();
  const { parent, needed } = sheets[0].plan; // every list's sheet names the same key columns of the main sheet
  for await (const row of sheet.rows()) {
    if (row.number <= scan.headerRow || isBlankRow(row)) continue;
    const k = keyText(row.cells, parent, needed);
    if (k !== undefined) main.add(k);
  }
  for (const { plan, keys } of sheets) {
    const without = [...main].filter((k) => !keys.has(k)).length;
    if (without)
      notes.push(
        `Aba "${plan.sheet}": ${without} registro(s) da aba principal não têm linhas nesta aba e ficam com a lista vazia. Para manter as listas como estão, escolha "Ignorar esta coluna" para a aba no passo Colunas.`,
      );
    const lines = [...keys].filter(([k]) => !main.has(k)).flatMap(([, ls]) => ls);
    if (lines.length)
      notes.push(
        lines.length === 1
          ? `Aba "${plan.sheet}": ${keyLabels} da linha ${lines[0]} não está na aba principal: a linha não é importada.`
          : `Aba "${plan.sheet}": ${keyLabels} das linhas ${list(lines.sort((a, b) => a - b))} não está na aba principal: essas linhas não são importadas.`,
      );
  }
}

/** The spreadsheet whose main rows carry their lists: each list's sheet read once, grouped by key. */
export function withListRows(sheet: Spreadsheet, plans: ListSheetPlan[]): Spreadsheet {
  const groups = async () =>
    Promise.all(
      plans.map(async (p) => {
        const byKey = new Map<string, SubRows['rows']>();
        for await (const row of sheet.rowsOf!(p.sheet)) {
          if (row.number <= p.headerRow || isBlankRow(row)) continue;
          const k = keyText(row.cells, p.key, p.needed);
          if (k === undefined) continue;
          const cells = Object.fromEntries(p.cells.map((c) => [c.field, row.cells[c.index] ?? null]));
          (byKey.get(k) ?? byKey.set(k, []).get(k)!).push({ line: row.number, cells });
        }
        return byKey;
      }),
    );
  return {
    ...sheet,
    async *rows() {
      const byPlan = await groups();
      for await (const row of sheet.rows()) {
        plans.forEach((p, j) => {
          const k = keyText(row.cells, p.parent, p.needed);
          if (k !== undefined) row.cells[p.column] = new SubRows(p.sheet, byPlan[j].get(k) ?? []);
        });
        yield row;
      }
    },
  };
}
