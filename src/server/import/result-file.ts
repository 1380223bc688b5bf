/**
 * The result of an import as the same spreadsheet: the header and every data row as read, plus a
 * column "Resultado" saying what the row did (or will do, after a dry run), or why it was refused,
 * field by field. Written as a stream, so a 50,000-row result does not sit in memory as objects.
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { SubRows, WallTime, type CellValue } from './cells';
import { openSpreadsheet } from './sheet';
import { allOutcomes, type ImportRow, type RowOutcome } from './store';

const GREEN = 'FFE2F0D9';
const RED = 'FFFADBD8';
const GREY = 'FFEDEDED';

/** The text of the "Resultado" cell of a row. */
export function resultText(o: RowOutcome | undefined, schema: EntitySchema | undefined, dryRun: boolean): string {
  if (!o) return dryRun ? 'Não simulada.' : 'Não processada.';
  const label = (name: string) => schema?.fields.find((f) => f.name === name)?.label ?? name;
  switch (o.acao) {
    case 'criar':
      return dryRun ? 'Será criado.' : `Criado${o.registroId ? ` (nº ${o.registroId})` : ''}.`;
    case 'atualizar': {
      const fields = Object.keys(o.alteracoes ?? {}).map(label);
      const what = fields.length ? `: ${fields.join(', ')}` : '';
      return dryRun ? `Será atualizado${what}.` : `Atualizado${what}.`;
    }
    case 'igual':
      return 'Sem alteração.';
    case 'ignorada':
      return o.mensagem ?? 'Ignorada.';
    default: {
      const fields = Object.entries(o.erros ?? {}).map(([k, msgs]) => `${label(k)}: ${msgs.join(' ')}`);
      return ['Erro.', fields.length ? fields.join(' | ') : (o.mensagem ?? '')].filter(Boolean).join(' ');
    }
  }
}

function excelValue(v: CellValue | undefined): ExcelJS.CellValue {
  if (v === null || v === undefined || v instanceof SubRows) return null;
  if (v instanceof WallTime) return new Date(`${v.iso}Z`);
  return v;
}

export async function resultWorkbook(db: Db, row: ImportRow, file: Buffer, schema: EntitySchema | undefined): Promise<Buffer> {
  const phase = row.etapa ?? 'simulacao';
  const outs = await allOutcomes(db, row.id, phase);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(row.info.about.sheetName || 'Planilha', { views: [{ state: 'frozen', ySplit: 1 }] });
  // The main sheet's columns (a list's own sheet is not copied: its rows are reported on their parent's row).
  const width = Math.max(...row.info.columns.filter((c) => !c.list).map((c) => c.index + 1), 1);
  const sheet = await openSpreadsheet(file, row.arquivo_nome, { ...row.info.about, listas: undefined });
  const dryRun = phase === 'simulacao';
  ws.getColumn(width + 1).width = 60;
  for await (const r of sheet.rows()) {
    if (r.number < row.info.headerRow) continue;
    const cells = Array.from({ length: width }, (_, i) => excelValue(r.cells[i]));
    if (r.number === row.info.headerRow) {
      const head = ws.addRow([...cells, 'Resultado']);
      head.font = { bold: true };
      head.commit();
      continue;
    }
    if (r.cells.every((c) => c === null || c === undefined || (typeof c === 'string' && !c.trim()))) continue;
    const o = outs.get(r.number);
    const out = ws.addRow([...cells, resultText(o, schema, dryRun)]);
    r.cells.forEach((c, i) => {
      if (c instanceof WallTime && i < width) out.getCell(i + 1).numFmt = c.hasTime ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy';
    });
    const color = !o ? undefined : o.acao === 'erro' ? RED : o.acao === 'ignorada' ? GREY : GREEN;
    if (color) out.getCell(width + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: color } };
    out.commit();
  }
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}
