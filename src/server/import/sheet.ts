/**
 * One reading of an uploaded file, whatever its format: the header (the first line with a value),
 * the data rows after it, and a scan of the whole file that enforces the limits (rows, columns,
 * cell size, merged header) and notes what the person should know (hidden rows and columns, formulas
 * without a calculated value, merged cells, values under no header).
 */
import {
  BadFile,
  EMPTY_FILE,
  MAX_COLUMNS,
  MAX_ROWS,
  NO_DATA,
  NOT_XLSX,
  PROTECTED_OR_OLD,
  MACRO_WORKBOOK,
  TOO_MANY_COLUMNS,
  TOO_MANY_ROWS,
  UNSUPPORTED_TYPE,
} from './limits';
import { cellText, columnName, isBlankRow, type SheetRow } from './cells';
import { openXlsx } from './xlsx-reader';
import { openCsv } from './csv-reader';
import { NOT_MSPDI, openMspdi } from './mspdi-reader';
import { withListRows, type ListSheetPlan } from './list-sheets';

/** `mspdi`: a schedule saved by MS Project as XML, read as rows of the EAP (mspdi-reader.ts). */
export type SpreadsheetFormat = 'xlsx' | 'csv' | 'mspdi';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** The format by name and content: a zip is an .xlsx, an OLE file a protected or old workbook, text a .csv, .xml an MS Project schedule. */
export function formatOf(buf: Buffer, fileName: string): SpreadsheetFormat {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (buf.length === 0) throw EMPTY_FILE();
  if (ext === 'xlsm' || ext === 'xltm' || ext === 'xlsb') throw MACRO_WORKBOOK();
  if (ext === 'mpp') throw NOT_MSPDI();
  if (ext === 'xml') return 'mspdi';
  if (startsWith(buf, CFB)) throw PROTECTED_OR_OLD();
  if (startsWith(buf, ZIP)) {
    if (ext && !['xlsx', 'xltx'].includes(ext)) throw UNSUPPORTED_TYPE();
    return 'xlsx';
  }
  if (ext === 'xlsx' || ext === 'xltx' || ext === 'xls') throw ext === 'xls' ? PROTECTED_OR_OLD() : NOT_XLSX();
  if (ext === 'csv' || ext === 'txt') return 'csv';
  throw UNSUPPORTED_TYPE();
}

export interface Spreadsheet {
  format: SpreadsheetFormat;
  /** Every row of the sheet, blank ones included. */
  rows: () => AsyncGenerator<SheetRow>;
  about: ReadingAbout;
  xlsxNotes?: { hiddenCols: number[]; merged: string[]; formulasWithoutValue: number };
  /** What the schedule's reading chose (codes, weights), in pt-BR. */
  notes?: string[];
  /** .xlsx: the names of the sheets after the first visible one, and the rows of one of them. */
  otherSheets?: string[];
  rowsOf?: (name: string) => AsyncGenerator<SheetRow>;
}

/**
 * How the file was read: the sheet's name (.xlsx), the encoding and separator (.csv); for an MS
 * Project schedule, the project's title and the site and area its tasks go to (chosen on upload,
 * kept with the import so that every later reading gives the same rows).
 */
export interface ReadingAbout {
  sheetName?: string;
  encoding?: string;
  delimiter?: string;
  projeto?: string;
  obra?: string;
  area?: string;
  /** .xlsx: the lists read from sheets of their own (list-sheets.ts), found when the file was sent. */
  listas?: ListSheetPlan[];
}

export async function openSpreadsheet(buf: Buffer, fileName: string, about: ReadingAbout = {}): Promise<Spreadsheet> {
  const format = formatOf(buf, fileName);
  if (format === 'mspdi') {
    const m = openMspdi(buf, about);
    return { format, rows: m.rows, about: { projeto: m.project || undefined, obra: about.obra, area: about.area }, notes: m.notes };
  }
  if (format === 'csv') {
    const csv = openCsv(buf);
    return { format, rows: csv.rows, about: { encoding: csv.encoding, delimiter: csv.delimiter } };
  }
  const x = await openXlsx(buf);
  const sheet: Spreadsheet = { format, rows: x.rows, about: { sheetName: x.sheetName }, xlsxNotes: x.notes, otherSheets: x.otherSheets, rowsOf: x.rowsOf };
  // Each row of the main sheet with its lists, when the file has them (the rows of a run, not the first reading).
  return about.listas?.length ? withListRows(sheet, about.listas) : sheet;
}

export interface HeaderColumn {
  index: number;
  /** Column letter ('A'); "Aba" for a list's sheet. */
  letter: string;
  text: string;
  /** A list's own sheet, read as one more column of each row: the list field it fills (list-sheets.ts). */
  list?: string;
}

export interface ScanResult {
  format: SpreadsheetFormat;
  about: Spreadsheet['about'];
  headerRow: number;
  columns: HeaderColumn[];
  /** Data rows (blank ones not counted). */
  rows: number;
  /** What the person should know, in pt-BR. */
  notes: string[];
}

const list = (xs: (string | number)[], max = 10) => xs.slice(0, max).join(', ') + (xs.length > max ? ` e mais ${xs.length - max}` : '');

/** A cell range 'A1:C2' as column and row bounds (0-based columns). */
function rangeOf(ref: string): { c1: number; r1: number; c2: number; r2: number } | undefined {
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(ref);
  if (!m) return undefined;
  const col = (s: string) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return { c1: col(m[1]), r1: Number(m[2]), c2: col(m[3] ?? m[1]), r2: Number(m[4] ?? m[2]) };
}

/** Reads the whole file once: the limits (a 400 names the problem) and the notes. */
export async function scanSpreadsheet(sheet: Spreadsheet): Promise<ScanResult> {
  let header: SheetRow | undefined;
  let rows = 0;
  const hiddenRows: number[] = [];
  let beyondHeader = 0;
  for await (const row of sheet.rows()) {
    if (row.cells.length > MAX_COLUMNS) throw TOO_MANY_COLUMNS(row.cells.length);
    if (isBlankRow(row)) continue;
    if (!header) {
      header = row;
      continue;
    }
    rows++;
    if (rows > MAX_ROWS) throw TOO_MANY_ROWS();
    if (row.hidden) hiddenRows.push(row.number);
    if (row.cells.length > header.cells.length && row.cells.slice(header.cells.length).some((c) => c !== null && c !== undefined && c !== '')) beyondHeader++;
  }
  if (!header) throw EMPTY_FILE();
  if (!rows) throw NO_DATA();
  const columns: HeaderColumn[] = [];
  const seen = new Map<string, string>();
  header.cells.forEach((c, index) => {
    const text = cellText(c).replace(/\s+/g, ' ').trim();
    if (!text) return;
    const key = text.toLowerCase();
    if (seen.has(key))
      throw new BadFile(`A coluna "${text}" aparece duas vezes no cabeçalho (${seen.get(key)} e ${columnName(index)}). Dê um nome diferente a cada coluna.`);
    seen.set(key, columnName(index));
    columns.push({ index, letter: columnName(index), text });
  });
  const notes: string[] = [...(sheet.notes ?? [])];
  const x = sheet.xlsxNotes;
  if (x) {
    const merged = x.merged.map((ref) => ({ ref, r: rangeOf(ref) })).filter((m) => m.r);
    const inHeader = merged.filter((m) => m.r!.r1 <= header!.number && m.r!.r2 >= header!.number && m.r!.c2 > m.r!.c1);
    if (inHeader.length) {
      throw new BadFile(
        `O cabeçalho tem células mescladas (${list(inHeader.map((m) => m.ref))}). Desfaça a mesclagem e dê um nome a cada coluna na linha ${header.number}.`,
      );
    }
    if (merged.length) notes.push(`Células mescladas nos dados (${list(merged.map((m) => m.ref))}): só a primeira célula de cada uma tem valor.`);
    const hiddenCols = x.hiddenCols.filter((i) => columns.some((c) => c.index === i));
    if (hiddenCols.length) notes.push(`Colunas ocultas na planilha, lidas como as outras: ${list(hiddenCols.map(columnName))}.`);
    if (x.formulasWithoutValue)
      notes.push(`${x.formulasWithoutValue} fórmula(s) sem valor calculado ficaram vazias: abra a planilha no Excel e salve de novo.`);
  }
  if (hiddenRows.length) notes.push(`Linhas ocultas na planilha, importadas como as outras: ${list(hiddenRows)}.`);
  if (beyondHeader) notes.push(`${beyondHeader} linha(s) têm valores em colunas sem título no cabeçalho: esses valores são ignorados.`);
  return { format: sheet.format, about: sheet.about, headerRow: header.number, columns, rows, notes };
}

/** The data rows after the header line (blank rows skipped). */
export async function* dataRows(sheet: Spreadsheet, headerRow: number): AsyncGenerator<SheetRow> {
  for await (const row of sheet.rows()) {
    if (row.number <= headerRow || isBlankRow(row)) continue;
    yield row;
  }
}
