/**
 * Export of a list's filtered rows to .xlsx: fetches ALL rows page by page (1000 per request, the
 * API's maximum page) with the current filters and sorters through the data provider, then writes
 * a sheet with the Portuguese labels as headers and typed cells (money/decimal as numbers with a
 * number format, dates as dates). As the spreadsheet import reads it (schemas/import-layout.ts):
 * the "ID" and the key columns always, and each list (an RDO's "Mão de obra") in a sheet of its own,
 * so that the file, edited in Excel, imports back with no mapping step. `exceljs` is loaded lazily.
 */
import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { exportColumns, importKeyFields, listSheetFields, listSheetName, mainSheetName, sheetSubFields } from '../../../schemas/import-layout';
import { todayIso } from '../format';
import { appKindOf } from '../fields/kinds/registry';
import type { ExcelCell } from '../fields/kinds/types';
import { fetchReferenceTitles, keysByField, referenceFields, sentTitle } from '../fields/reference-titles';
import { totalKindOf, type TotalKind } from './list-total';
import { saveBlob } from '../providers/api-client';

export const EXPORT_PAGE_SIZE = 1000;

export interface ExportOptions {
  dataProvider: Pick<DataProvider, 'getList'>;
  schema: EntitySchema;
  /** Columns to write, in order (defaults to the schema's list fields). */
  fields?: FieldDef[];
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  /** 0..100; `kind`: whether the total is exact, an estimate or a lower bound (views/list-total.ts). */
  onProgress?: (percent: number, fetched: number, total: number, kind: TotalKind) => void;
  /** Abort between pages. */
  signal?: AbortSignal;
}

/** Fetch every row matching the filters, page by page. */
export async function fetchAllRows(opts: ExportOptions): Promise<Record<string, unknown>[]> {
  const { dataProvider, schema, filters, sorters, onProgress, signal } = opts;
  const rows: Record<string, unknown>[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page++) {
    if (signal?.aborted) throw new Error('Exportação cancelada.');
    const res = await dataProvider.getList({
      resource: schema.resource,
      pagination: { currentPage: page, pageSize: EXPORT_PAGE_SIZE, mode: 'server' },
      filters,
      sorters,
      // The API records the export in the audit trail (issue 35, src/server/audit/access-tracking.ts).
      meta: { headers: { 'x-portal-exportacao': 'xlsx' } },
    });
    const data = res.data as Record<string, unknown>[];
    total = typeof res.total === 'number' ? res.total : rows.length + data.length;
    rows.push(...data);
    onProgress?.(total ? Math.min(99, Math.round((rows.length / total) * 100)) : 99, rows.length, total, totalKindOf(res));
    if (data.length < EXPORT_PAGE_SIZE) break;
  }
  return rows;
}

const TITLE_BATCH = 500;

/**
 * The rows with each reference replaced by its record's title: the one the API sent with the row
 * (`_titles`), else fetched (batches of 500 keys per request).
 */
export async function withReferenceTitles(
  dataProvider: Pick<DataProvider, 'getList'>,
  fields: FieldDef[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const refs = referenceFields(fields);
  if (!refs.length) return rows;
  const keys = keysByField(fields, rows);
  const titles = new Map<string, Map<string, string>>();
  for (const [name, values] of keys) {
    const byKey = new Map<string, string>();
    for (let i = 0; i < values.length; i += TITLE_BATCH) {
      const got = await fetchReferenceTitles(dataProvider, fields, new Map([[name, values.slice(i, i + TITLE_BATCH)]]));
      for (const [k, v] of got.get(name) ?? []) byKey.set(k, v.title);
    }
    titles.set(name, byKey);
  }
  return rows.map((r) => {
    const out = { ...r };
    for (const { name } of refs) {
      if (r[name] === null || r[name] === undefined) continue;
      const t = sentTitle(r, name)?.title ?? titles.get(name)?.get(String(r[name]));
      if (t !== undefined) out[name] = t;
    }
    return out;
  });
}

/** Excel cell value and number format of a field value: the `exportCell` of the field's kind (src/app/fields/kinds/). */
export function excelCell(field: FieldDef, value: unknown): ExcelCell {
  if (value === null || value === undefined || value === '') return { value: null };
  return appKindOf(field).exportCell(field, value);
}

/** 'diarios-2024-05-31.xlsx' */
export function exportFileName(schema: EntitySchema, now: Date = new Date()): string {
  return `${schema.resource}-${todayIso(now)}.xlsx`;
}

type ExcelModule = typeof import('exceljs');

/** exceljs, loaded on first use (its own chunk). */
export async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as unknown as ExcelModule & { default?: ExcelModule };
  return mod.default?.Workbook ? mod.default : mod;
}

/** Build the workbook bytes for the given rows. */
export async function buildWorkbook(schema: EntitySchema, fields: FieldDef[], rows: Record<string, unknown>[]): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  wb.created = new Date();
  const ws = wb.addWorksheet(mainSheetName(schema), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = fields.map((f) => ({
    header: f.label,
    key: f.name,
    width: Math.max(10, Math.min(60, Math.round((f.width ?? (f.kind === 'longtext' ? 400 : 140)) / 7))),
  }));
  ws.getRow(1).font = { bold: true };
  for (const record of rows) {
    const row = ws.addRow([]);
    fields.forEach((f, i) => {
      const { value, numFmt } = excelCell(f, record[f.name]);
      const cell = row.getCell(i + 1);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
    });
  }
  if (fields.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: fields.length } };
  // Each list in a sheet of its own, its rows named by the key of their record (written only when the main sheet has that key).
  const key = importKeyFields(schema);
  if (key.every((k) => fields.some((f) => f.name === k.name))) {
    for (const list of listSheetFields(schema)) {
      const subs = sheetSubFields(list);
      const sheet = wb.addWorksheet(listSheetName(schema, list), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = [...key, ...subs].map((f) => ({ header: f.label, key: f.name, width: Math.max(12, Math.min(40, f.label.length + 4)) }));
      sheet.getRow(1).font = { bold: true };
      for (const record of rows) {
        const value = record[list.name];
        const items = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
        for (const item of items as Record<string, unknown>[]) {
          const row = sheet.addRow([]);
          [...key.map((k) => excelCell(k, record[k.name])), ...subs.map((f) => excelCell(f, item?.[f.name]))].forEach((c, i) => {
            const cell = row.getCell(i + 1);
            cell.value = c.value;
            if (c.numFmt) cell.numFmt = c.numFmt;
          });
        }
      }
    }
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Hands a workbook to the browser as a download (nothing in jsdom). */
export function downloadXlsx(bytes: ArrayBuffer, fileName: string) {
  saveBlob(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}

/** Fetch all filtered rows, write the workbook and download `<resource>-<yyyy-mm-dd>.xlsx`. Returns the row count. */
export async function exportXlsx(opts: ExportOptions): Promise<{ rows: number; fileName: string; bytes: ArrayBuffer }> {
  const fields = exportColumns(opts.schema, opts.fields ?? opts.schema.fields.filter((f) => f.list && !f.hidden));
  const rows = await withReferenceTitles(opts.dataProvider, fields, await fetchAllRows(opts));
  const bytes = await buildWorkbook(opts.schema, fields, rows);
  const fileName = exportFileName(opts.schema);
  downloadXlsx(bytes, fileName);
  opts.onProgress?.(100, rows.length, rows.length, 'exact');
  return { rows: rows.length, fileName, bytes };
}
