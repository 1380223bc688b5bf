/**
 * "Exportar" of the impracticable days: the period's list as .xlsx, written in the browser like every
 * list export of the portal (src/app/views/export-xlsx.ts), dates as dates and rain with 2 decimals,
 * with the totals below the rows. `exceljs` is loaded lazily.
 */
import type { LostDays } from './api';
import { downloadXlsx, loadExcel } from '../../views/export-xlsx';
import { weatherOf } from './api';

const asDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const br = (iso: string) => iso.split('-').reverse().join('/');

/** 'dias-impraticaveis-101-2026-11-01-a-2026-11-30.xlsx' */
export const lostDaysFileName = (a: Pick<LostDays, 'obra' | 'de' | 'ate'>) => `dias-impraticaveis-${a.obra.replace(/[^\w-]/g, '_')}-${a.de}-a-${a.ate}.xlsx`;

export async function buildLostDaysWorkbook(a: LostDays): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal';
  wb.created = new Date();
  const ws = wb.addWorksheet('Dias impraticáveis', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Data', key: 'data', width: 12 },
    { header: 'Nº do RDO', key: 'numero', width: 10 },
    { header: 'Situação', key: 'status', width: 22 },
    { header: 'Turnos impraticáveis', key: 'turnos', width: 24 },
    { header: 'Tempo', key: 'tempo', width: 36 },
    { header: 'Chuva (mm)', key: 'chuvaMm', width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const d of a.lista) {
    const row = ws.addRow({
      data: asDate(d.data),
      numero: d.numero,
      status: d.status,
      turnos: d.turnos.join(', '),
      tempo: weatherOf(d).join('; '),
      chuvaMm: d.chuvaMm,
    });
    row.getCell('data').numFmt = 'dd/mm/yyyy';
    row.getCell('chuvaMm').numFmt = '#,##0.00';
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 6 } };
  ws.addRow([]);
  ws.addRow([`Obra ${a.obra}, de ${br(a.de)} a ${br(a.ate)}`]);
  ws.addRow(['Dias com turno impraticável', a.dias]);
  ws.addRow(['Turnos impraticáveis', a.turnos]);
  ws.addRow(['Dias inteiros impraticáveis', a.diasInteiros]);
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Write and download the workbook; the bytes and the file name are returned (tests read them). */
export async function exportLostDays(a: LostDays): Promise<{ fileName: string; bytes: ArrayBuffer }> {
  const bytes = await buildLostDaysWorkbook(a);
  const fileName = lostDaysFileName(a);
  downloadXlsx(bytes, fileName);
  return { fileName, bytes };
}
