/**
 * The audit trail's export (`GET /api/v1/auditoria?formato=xlsx|csv`): the filtered entries, newest
 * first, with pt-BR headers, dates of the portal's time zone (dd/mm/aaaa hh:mm:ss) and the same
 * kind, module and summary texts as the screen (resources/audit.ts). CSV: UTF-8 with BOM, `;`
 * between fields (what a Brazilian Excel opens).
 */
import ExcelJS from 'exceljs';
import { auditKindLabel, auditModuleLabel, auditSummary } from '../../../resources/audit';
import { portalTz } from '../db/boss';
import { wallClock } from '../time';
import type { AuditEntry } from './query';

export type ExportFormat = 'xlsx' | 'csv';

const two = (n: number) => String(n).padStart(2, '0');

/** '31/05/2026 14:03:09' in the portal's time zone. */
export function brDateTime(iso: string): string {
  const w = wallClock(portalTz(), new Date(iso));
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

const COLUMNS: { header: string; width: number; value: (e: AuditEntry) => string }[] = [
  { header: 'Data e hora', width: 20, value: (e) => brDateTime(e.em) },
  { header: 'Tipo', width: 22, value: (e) => auditKindLabel(e.tipo) },
  { header: 'Pessoa', width: 30, value: (e) => e.nome ?? '' },
  { header: 'E-mail', width: 32, value: (e) => e.pessoa ?? '' },
  { header: 'Módulo', width: 24, value: (e) => (e.modulo ? auditModuleLabel(e.modulo) : '') },
  { header: 'Registro', width: 12, value: (e) => e.registro ?? '' },
  { header: 'Detalhes', width: 60, value: (e) => auditSummary(e) },
  { header: 'IP', width: 16, value: (e) => e.ip ?? '' },
  { header: 'Dispositivo', width: 40, value: (e) => e.dispositivo ?? '' },
  { header: 'Código da requisição', width: 38, value: (e) => e.requestId ?? '' },
];

/** 'auditoria-2026-05-31.xlsx' */
export const exportFileName = (format: ExportFormat, today: string) => `auditoria-${today}.${format}`;

export async function auditXlsx(rows: AuditEntry[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  const ws = wb.addWorksheet('Auditoria', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const e of rows) {
    const row = ws.addRow(COLUMNS.map((c) => c.value(e)));
    // The date as a date cell (the portal's wall clock), shown dd/mm/aaaa hh:mm:ss.
    const w = wallClock(portalTz(), new Date(e.em));
    const cell = row.getCell(1);
    cell.value = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
    cell.numFmt = 'dd/mm/yyyy hh:mm:ss';
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const csvField = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function auditCsv(rows: AuditEntry[]): string {
  const lines = [COLUMNS.map((c) => csvField(c.header)).join(';'), ...rows.map((e) => COLUMNS.map((c) => csvField(c.value(e))).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
