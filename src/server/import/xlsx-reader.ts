/**
 * An .xlsx read as a stream of rows, with the limits of the import: the first visible sheet, each
 * cell as text, number, yes/no or a date (by its number format); formulas give their cached value,
 * never evaluated; hidden rows and columns and merged cells are noted for the report. XML with a
 * DOCTYPE (entity declarations) is refused.
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadFile, CELL_TOO_LONG, MACRO_WORKBOOK, MAX_CELL_CHARS, MAX_SHARED_STRINGS, NOT_XLSX, XML_DECLARATIONS } from './limits';
import { InflateBudget, entryText, inflateEntry, zipEntries, type ZipEntry } from './zip';
import { WallTime, columnName, type CellValue, type SheetRow } from './cells';

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** A SAX parser that refuses DTDs and turns any XML error into a 400. */
function parser(): SaxesParser {
  const p = new SaxesParser({ xmlns: false, position: false });
  p.on('doctype', () => {
    throw XML_DECLARATIONS();
  });
  p.on('error', (e) => {
    throw e instanceof BadFile ? e : NOT_XLSX();
  });
  return p;
}

/** Feeds a part to a parser chunk by chunk; `after` runs after each chunk (rows ready to hand out). */
async function* parsePart(buf: Buffer, e: ZipEntry, budget: InflateBudget, p: SaxesParser): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of inflateEntry(buf, e, budget)) {
      p.write(decoder.write(chunk));
      yield;
    }
    p.write(decoder.end());
    p.close();
  } catch (err) {
    if (err instanceof BadFile) throw err;
    throw NOT_XLSX();
  }
  yield;
}

async function drain(gen: AsyncGenerator<void>) {
  for await (const _ of gen);
}

const BUILTIN_TIME_FORMATS = new Set([18, 19, 20, 21, 22, 45, 46, 47]);
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a custom number format shows a date or time (its codes outside quotes and brackets). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

interface Workbook {
  sheetPath: string;
  sheetName: string;
  /** Every sheet, in the workbook's order (hidden ones included), with its part. */
  sheets: { name: string; path: string; hidden: boolean }[];
  date1904: boolean;
  shared: string[];
  /** Style index → whether it formats a date (and whether with a time). */
  dateStyles: Map<number, { time: boolean }>;
}

async function readWorkbook(buf: Buffer, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<Workbook> {
  const types = entries.get('[Content_Types].xml');
  if (entries.has('xl/vbaProject.bin')) throw MACRO_WORKBOOK();
  if (types && /macroEnabled/i.test(await entryText(buf, types, budget))) throw MACRO_WORKBOOK();
  const wbEntry = entries.get('xl/workbook.xml');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (!wbEntry || !relsEntry) throw NOT_XLSX();
  const sheets: { name: string; rid: string; hidden: boolean }[] = [];
  let date1904 = false;
  const wb = parser();
  wb.on('opentag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 'workbookPr') date1904 = t.attributes.date1904 === '1' || t.attributes.date1904 === 'true';
    if (n === 'sheet') {
      const rid = Object.entries(t.attributes).find(([k]) => local(k) === 'id')?.[1] ?? '';
      sheets.push({ name: String(t.attributes.name ?? ''), rid: String(rid), hidden: !!t.attributes.state && t.attributes.state !== 'visible' });
    }
  });
  await drain(parsePart(buf, wbEntry, budget, wb));
  const targets = new Map<string, string>();
  const rels = parser();
  rels.on('opentag', (t: SaxesTagPlain) => {
    if (local(t.name) === 'Relationship') targets.set(String(t.attributes.Id), String(t.attributes.Target));
  });
  await drain(parsePart(buf, relsEntry, budget, rels));
  const pathOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/'));
  const sheet = sheets.find((s) => !s.hidden) ?? sheets[0];
  const target = sheet && targets.get(sheet.rid);
  if (!target) throw NOT_XLSX();
  const all = sheets.flatMap((s) => (targets.has(s.rid) ? [{ name: s.name, path: pathOf(targets.get(s.rid)!), hidden: s.hidden }] : []));
  return {
    sheetPath: pathOf(target),
    sheetName: sheet.name,
    sheets: all,
    date1904,
    shared: await readShared(buf, entries, budget),
    dateStyles: await readStyles(buf, entries, budget),
  };
}

async function readShared(buf: Buffer, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<string[]> {
  const e = entries.get('xl/sharedStrings.xml');
  if (!e) return [];
  const out: string[] = [];
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  const p = parser();
  p.on('opentag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 'si') current = '';
    else if (n === 'rPh') phonetic++;
    else if (n === 't' && !phonetic) inT = true;
  });
  p.on('text', (text) => {
    if (inT && current !== null) {
      current += text;
      if (current.length > MAX_CELL_CHARS) throw CELL_TOO_LONG(`de texto nº ${out.length + 1}`);
    }
  });
  p.on('closetag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 't') inT = false;
    else if (n === 'rPh') phonetic--;
    else if (n === 'si') {
      out.push(current ?? '');
      current = null;
      if (out.length > MAX_SHARED_STRINGS) throw NOT_XLSX();
    }
  });
  await drain(parsePart(buf, e, budget, p));
  return out;
}

async function readStyles(buf: Buffer, entries: Map<string, ZipEntry>, budget: InflateBudget): Promise<Map<number, { time: boolean }>> {
  const e = entries.get('xl/styles.xml');
  const out = new Map<number, { time: boolean }>();
  if (!e) return out;
  const custom = new Map<number, string>();
  let inXfs = false;
  let index = 0;
  const p = parser();
  p.on('opentag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 'numFmt') custom.set(Number(t.attributes.numFmtId), String(t.attributes.formatCode ?? ''));
    else if (n === 'cellXfs') inXfs = true;
    else if (n === 'xf' && inXfs) {
      const id = Number(t.attributes.numFmtId ?? 0);
      const code = custom.get(id);
      if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) {
        out.set(index, { time: code !== undefined ? /[hs]/i.test(code.replace(/"[^"]*"/g, '')) : BUILTIN_TIME_FORMATS.has(id) });
      }
      index++;
    }
  });
  p.on('closetag', (t: SaxesTagPlain) => {
    if (local(t.name) === 'cellXfs') inXfs = false;
  });
  await drain(parsePart(buf, e, budget, p));
  return out;
}

/** Excel's serial day number (1900 or 1904 system) as the wall-clock time it shows. */
export function serialToWall(serial: number, date1904: boolean, time: boolean): WallTime | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return undefined;
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const ms = Math.round((serial * 86_400_000) / 1000) * 1000;
  const iso = new Date(base + ms).toISOString().slice(0, 19);
  return new WallTime(iso, time && !iso.endsWith('T00:00:00'));
}

const colIndex = (ref: string): number => {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
};

type SheetNotes = { hiddenCols: number[]; merged: string[]; formulasWithoutValue: number };

export interface XlsxSheet {
  sheetName: string;
  rows: () => AsyncGenerator<SheetRow>;
  /** Filled while `rows()` runs to the end. */
  notes: SheetNotes;
  /** The names of the other sheets of the workbook, in its order. */
  otherSheets: string[];
  /** The rows of another sheet, by its name (a list's own sheet: list-sheets.ts). */
  rowsOf: (name: string) => AsyncGenerator<SheetRow>;
}

/** Opens the workbook (its shared strings and styles read at once) and gives its first visible sheet's rows, and the others' on request. */
export async function openXlsx(buf: Buffer): Promise<XlsxSheet> {
  const entries = zipEntries(buf);
  const budget = new InflateBudget();
  const wb = await readWorkbook(buf, entries, budget);
  const sheetEntry = entries.get(wb.sheetPath);
  if (!sheetEntry) throw NOT_XLSX();
  const notes: SheetNotes = { hiddenCols: [], merged: [], formulasWithoutValue: 0 };
  const others = wb.sheets.filter((x) => x.path !== wb.sheetPath);
  return {
    sheetName: wb.sheetName,
    rows: () => sheetRows(buf, wb, sheetEntry, budget, notes),
    notes,
    otherSheets: others.map((x) => x.name),
    rowsOf(name: string) {
      const entry = entries.get(others.find((x) => x.name === name)?.path ?? '');
      if (!entry) throw NOT_XLSX();
      return sheetRows(buf, wb, entry, budget, { hiddenCols: [], merged: [], formulasWithoutValue: 0 });
    },
  };
}

/** One sheet's rows as a stream; `notes` filled on the way. */
async function* sheetRows(buf: Buffer, wb: Workbook, sheetEntry: ZipEntry, budget: InflateBudget, notes: SheetNotes): AsyncGenerator<SheetRow> {
  notes.hiddenCols = [];
  notes.merged = [];
  notes.formulasWithoutValue = 0;
  const ready: SheetRow[] = [];
  let row: SheetRow | null = null;
  let lastRow = 0;
  let cell: { col: number; t: string; s: number; formula: boolean; v: string | null; inline: string | null } | null = null;
  let lastCol = -1;
  let target: 'v' | 't' | null = null;
  const p = parser();
  p.on('opentag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 'row') {
      lastRow = t.attributes.r ? Number(t.attributes.r) : lastRow + 1;
      row = { number: lastRow, cells: [], hidden: t.attributes.hidden === '1' || t.attributes.hidden === 'true' };
      lastCol = -1;
    } else if (n === 'c' && row) {
      const col = t.attributes.r ? colIndex(String(t.attributes.r)) : lastCol + 1;
      lastCol = col;
      cell = { col, t: String(t.attributes.t ?? 'n'), s: Number(t.attributes.s ?? 0), formula: false, v: null, inline: null };
    } else if (n === 'f' && cell) cell.formula = true;
    else if (n === 'v' && cell) {
      cell.v = '';
      target = 'v';
    } else if (n === 't' && cell) {
      cell.inline ??= '';
      target = 't';
    } else if (n === 'col' && (t.attributes.hidden === '1' || t.attributes.hidden === 'true')) {
      const min = Number(t.attributes.min);
      const max = Math.min(Number(t.attributes.max), min + 1000);
      for (let i = min; i <= max; i++) notes.hiddenCols.push(i - 1);
    } else if (n === 'mergeCell' && t.attributes.ref) notes.merged.push(String(t.attributes.ref));
  });
  p.on('text', (text) => {
    if (!cell || !target) return;
    if (target === 'v') cell.v += text;
    else cell.inline += text;
    if ((cell.v?.length ?? 0) > MAX_CELL_CHARS + 10 || (cell.inline?.length ?? 0) > MAX_CELL_CHARS) throw CELL_TOO_LONG(`${columnName(cell.col)}${lastRow}`);
  });
  p.on('closetag', (t: SaxesTagPlain) => {
    const n = local(t.name);
    if (n === 'v' || n === 't') target = null;
    else if (n === 'c' && cell && row) {
      const value = cellValue(cell, wb);
      if (cell.formula && cell.v === null) notes.formulasWithoutValue++;
      if (value !== null && value !== '') row.cells[cell.col] = value;
      cell = null;
    } else if (n === 'row' && row) {
      ready.push(row);
      row = null;
    }
  });
  for await (const _ of parsePart(buf, sheetEntry, budget, p)) {
    while (ready.length) yield ready.shift()!;
  }
}

function cellValue(c: { col: number; t: string; s: number; v: string | null; inline: string | null }, wb: Workbook): CellValue {
  switch (c.t) {
    case 's': {
      const i = Number(c.v);
      return Number.isInteger(i) && i >= 0 && i < wb.shared.length ? wb.shared[i] : null;
    }
    case 'inlineStr':
      return c.inline ?? '';
    case 'str':
      return c.v ?? '';
    case 'b':
      return c.v === null ? null : c.v.trim() === '1' || c.v.trim() === 'true';
    case 'e':
      return c.v ?? null;
    case 'd': {
      const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(c.v ?? '');
      return m ? new WallTime(`${m[1]}T${(m[2] ?? '00:00:00').padEnd(8, ':00')}`, !!m[2] && !m[2].startsWith('00:00')) : (c.v ?? null);
    }
    default: {
      if (c.v === null || c.v.trim() === '') return null;
      const n = Number(c.v);
      if (!Number.isFinite(n)) return c.v;
      const date = wb.dateStyles.get(c.s);
      return date ? (serialToWall(n, wb.date1904, date.time) ?? n) : n;
    }
  }
}
