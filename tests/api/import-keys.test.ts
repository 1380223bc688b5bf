// @vitest-environment jsdom
/**
 * How a row of an exported list finds its record (issue 38), on each database: an entity without a
 * natural key updates by the export's "ID" (an unknown ID refused, a blank one a new record); in an
 * entity with a natural key, a key that does not exist with an ID filled in is refused instead of
 * taken for a new record.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

process.env.TZ = 'America/Sao_Paulo';
import type { DataProvider } from '@refinedev/core';
import { schemaByResource } from '../../schemas';
import { exportXlsx } from '../../src/app/views/export-xlsx';
import type { TestApi } from '../../mocks/test-app';
import { ENGINE_BACKENDS, useApi } from './backends';
import { dryRun, rowsOf, type Json } from './import-helpers';

const ADMIN = 'admin@portal.local';

const provider = (api: TestApi): Pick<DataProvider, 'getList'> => ({
  getList: (async ({ resource, pagination }: Parameters<DataProvider['getList']>[0]) => {
    const size = pagination?.pageSize ?? 10;
    const start = ((pagination?.currentPage ?? 1) - 1) * size;
    const res = await api.request(`/api/v1/${resource}?_start=${start}&_end=${start + size}&_sort=id&_order=asc`, { as: ADMIN });
    return { data: await res.json(), total: Number(res.headers.get('x-total-count')) };
  }) as DataProvider['getList'],
});

async function exported(api: TestApi, resource: string): Promise<ExcelJS.Worksheet> {
  const { bytes } = await exportXlsx({ dataProvider: provider(api), schema: schemaByResource(resource)! });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb.worksheets[0];
}

const col = (ws: ExcelJS.Worksheet, header: string) => (ws.getRow(1).values as unknown[]).indexOf(header);
const fileOf = async (ws: ExcelJS.Worksheet) => Buffer.from(await ws.workbook.xlsx.writeBuffer());

for (const backend of ENGINE_BACKENDS) {
  describe(`the record a row names (${backend})`, { timeout: 120_000 }, () => {
    const t = useApi(backend);

    it('without a natural key: the ID updates its record, an unknown ID is refused, a blank one creates', async () => {
      const ws = await exported(t.api, 'custos-posvenda');
      expect(col(ws, 'ID')).toBe(1);
      const desc = col(ws, 'Descrição');
      const [first, second, third] = [2, 3, 4].map((n) => ws.getRow(n));
      const id = Number(first.getCell(1).value);
      first.getCell(desc).value = 'Troca do disjuntor (revisado)';
      second.getCell(1).value = 999_999;
      third.getCell(1).value = null;
      const d = await dryRun(t.api, 'custos-posvenda', await fileOf(ws), 'custos.xlsx');
      const out = await rowsOf(t.api, d.id, 'simulacao');
      expect(out.find((r) => r.linha === 2)).toMatchObject({
        acao: 'atualizar',
        registroId: id,
        alteracoes: { descricao: { para: 'Troca do disjuntor (revisado)' } },
      });
      expect(out.find((r) => r.linha === 3)).toMatchObject({
        acao: 'erro',
        erros: { id: ['Nenhum registro tem o ID 999999: deixe o ID em branco para criar um registro novo.'] },
      });
      expect(out.find((r) => r.linha === 4)?.acao).toBe('criar');
      expect(out.filter((r) => r.linha > 4).every((r: Json) => r.acao === 'igual')).toBe(true);
    });

    it('with a natural key: an ID does not turn a key that does not exist into another record', async () => {
      const ws = await exported(t.api, 'contratos');
      ws.getRow(2).getCell(col(ws, 'Nº do contrato')).value = 'CT-NAO-EXISTE';
      const d = await dryRun(t.api, 'contratos', await fileOf(ws), 'contratos.xlsx');
      const [row] = (await rowsOf(t.api, d.id, 'simulacao')).filter((r) => r.linha === 2);
      expect(row.acao).toBe('erro');
      expect(row.erros.id[0]).toMatch(/^Nenhum registro tem esta chave e o ID \d+: deixe o ID em branco para criar um registro novo/);
    });
  });
}
