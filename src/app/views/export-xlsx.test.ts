import { describe, expect, it } from 'vitest';
import type { DataProvider } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { buildWorkbook, excelCell, exportFileName, fetchAllRows } from './export-xlsx';

const schema: EntitySchema = {
  name: 'teste',
  resource: 'testes',
  label: 'Teste',
  labelPlural: 'Testes',
  gender: 'm',
  subject: 'Obra',
  titleField: 'nome',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome', list: true },
    { name: 'valor', kind: 'money', label: 'Valor', list: true },
    { name: 'data', kind: 'date', label: 'Data', list: true },
    { name: 'ativo', kind: 'boolean', label: 'Ativo', list: true },
    { name: 'resp', kind: 'person', label: 'Responsável', list: true },
  ],
};

function fakeProvider(total: number) {
  const calls: unknown[] = [];
  const dp: Pick<DataProvider, 'getList'> = {
    getList: (async (params: Parameters<DataProvider['getList']>[0]) => {
      calls.push(params);
      const { currentPage = 1, pageSize = 10 } = params.pagination ?? {};
      const start = (currentPage - 1) * pageSize;
      const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({
        id: start + i + 1,
        nome: `Linha ${start + i + 1}`,
        valor: '1234.5',
        data: '2024-02-29',
        ativo: true,
        resp: { mail: 'a@b.c', nome: 'Ana' },
      }));
      return { data, total };
    }) as DataProvider['getList'],
  };
  return { dp, calls };
}

describe('export-xlsx', () => {
  it('fetches every page with the filters and sorters, reporting progress', async () => {
    const { dp, calls } = fakeProvider(2500);
    const progress: number[] = [];
    const rows = await fetchAllRows({
      dataProvider: dp,
      schema,
      filters: [{ field: 'nome', operator: 'contains', value: 'x' }],
      sorters: [{ field: 'nome', order: 'asc' }],
      onProgress: (p) => progress.push(p),
    });
    expect(rows).toHaveLength(2500);
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({
      resource: 'testes',
      pagination: { currentPage: 3, pageSize: 1000 },
      filters: [{ field: 'nome' }],
      sorters: [{ field: 'nome' }],
    });
    expect(progress).toEqual([40, 80, 99]);
  });

  it('follows a lower-bound total (the API stops counting at its limit) to the last row', async () => {
    const { dp } = fakeProvider(2500);
    // As the API answers: the count stops one row past the page's end, flagged as a lower bound.
    const capped: Pick<DataProvider, 'getList'> = {
      getList: (async (params: Parameters<DataProvider['getList']>[0]) => {
        const r = await dp.getList(params);
        const end = (params.pagination?.currentPage ?? 1) * (params.pagination?.pageSize ?? 10);
        return r.total! > end ? { ...r, total: end + 1, totalAtLeast: true } : r;
      }) as DataProvider['getList'],
    };
    const seen: string[] = [];
    const rows = await fetchAllRows({ dataProvider: capped, schema, onProgress: (_p, fetched, total, kind) => seen.push(`${fetched}/${total} ${kind}`) });
    expect(rows).toHaveLength(2500);
    expect(seen).toEqual(['1000/1001 atLeast', '2000/2001 atLeast', '2500/2500 exact']);
  });

  it('writes typed cells with Portuguese headers', async () => {
    const { dp } = fakeProvider(3);
    const rows = await fetchAllRows({ dataProvider: dp, schema });
    const bytes = await buildWorkbook(schema, schema.fields, rows);
    const mod = (await import('exceljs')) as unknown as { default?: typeof import('exceljs') } & typeof import('exceljs');
    const ExcelJS = mod.default ?? mod;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Testes');
    expect(ws.getRow(1).values).toEqual([undefined, 'Nome', 'Valor', 'Data', 'Ativo', 'Responsável']);
    expect(ws.rowCount).toBe(4);
    const r = ws.getRow(2);
    expect(r.getCell(1).value).toBe('Linha 1');
    expect(r.getCell(2).value).toBe(1234.5);
    expect(r.getCell(2).numFmt).toContain('R$');
    expect((r.getCell(3).value as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(r.getCell(4).value).toBe('Sim');
    expect(r.getCell(5).value).toBe('Ana <a@b.c>');
  });

  it('names the file after the resource and the day', () => {
    expect(exportFileName(schema, new Date(2024, 4, 6))).toBe('testes-2024-05-06.xlsx');
    expect(excelCell({ name: 'x', kind: 'decimal', label: 'X', scale: 3 }, '1.5')).toEqual({ value: 1.5, numFmt: '#,##0.000' });
  });
});
