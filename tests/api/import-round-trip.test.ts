// @vitest-environment jsdom
/**
 * Export → import with no change (issue 38), on each database, for every entity of the demo data: the
 * list exported by the app's own export as the administrator (src/app/views/export-xlsx.ts: labels as
 * headers, references by title, pt-BR formats, the "ID" and key columns, each list in a sheet of its
 * own) goes back through the import with every column matched (no mapping to choose), a dry run with
 * every row "Sem alteração", an import that creates and changes nothing, and the records identical
 * before and after (their versions included). Once with the list's columns, once with every column.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

// The export writes moments in the browser's zone; a Brazilian browser's is the portal's (TZ_PORTAL), which the import reads.
process.env.TZ = 'America/Sao_Paulo';
import type { DataProvider } from '@refinedev/core';
import { SCHEMAS } from '../../schemas';
import type { EntitySchema } from '../../schemas/kinds';
import { listSheetFields, listSheetName } from '../../schemas/import-layout';
import { importRights } from '../../resources/importacao';
import { exportXlsx } from '../../src/app/views/export-xlsx';
import type { TestApi } from '../../mocks/test-app';
import { ENGINE_BACKENDS, useApi } from './backends';
import { dryRun, importNow, rowsOf, type Json } from './import-helpers';

const ADMIN = 'admin@portal.local';

/** The app's data provider, as far as the export uses it: pages and `eq` filters, as the administrator. */
function provider(api: TestApi): Pick<DataProvider, 'getList'> {
  return {
    getList: (async ({ resource, pagination, filters }: Parameters<DataProvider['getList']>[0]) => {
      const size = pagination?.pageSize ?? 10;
      const start = ((pagination?.currentPage ?? 1) - 1) * size;
      const q = new URLSearchParams({ _start: String(start), _end: String(start + size) });
      for (const f of filters ?? []) if ('field' in f) for (const v of [f.value].flat()) q.append(f.field, String(v));
      const res = await api.request(`/api/v1/${resource}?${q.toString()}`, { as: ADMIN });
      expect(res.status, `${resource}: ${await res.clone().text()}`).toBe(200);
      return { data: await res.json(), total: Number(res.headers.get('x-total-count')) };
    }) as DataProvider['getList'],
  };
}

/** Every record of the entity as the API gives it, in id order. */
async function records(api: TestApi, resource: string): Promise<Json[]> {
  const res = await api.request(`/api/v1/${resource}?_start=0&_end=1000&_sort=id&_order=asc`, { as: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as Json[];
}

/** Every entity a person may create or edit: the import is offered for each (resources/importacao.ts). */
const IMPORTABLE: EntitySchema[] = SCHEMAS.filter((s) => importRights(s).actions.length > 0);

for (const backend of ENGINE_BACKENDS) {
  describe(`export → import round trip (${backend})`, { timeout: 300_000 }, () => {
    const t = useApi(backend);

    it('covers every importable entity', () => {
      expect(IMPORTABLE.length).toBe(SCHEMAS.length);
      expect(IMPORTABLE.length).toBeGreaterThan(40);
    });

    for (const schema of IMPORTABLE) {
      it(`${schema.resource}: the exported list imports back with no mapping and no change`, async () => {
        const before = await records(t.api, schema.resource);
        expect(before.length, `${schema.resource} sem registros de demonstração`).toBeGreaterThan(0);
        for (const columns of ['lista', 'todas'] as const) {
          const chosen = columns === 'lista' ? undefined : schema.fields.filter((f) => !f.hidden);
          const { bytes } = await exportXlsx({ dataProvider: provider(t.api), schema, fields: chosen });
          const at = `${schema.resource} (${columns})`;

          // Each list with items is in its own sheet.
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(bytes);
          for (const list of listSheetFields(schema)) {
            const items = before.reduce((n, r) => n + (Array.isArray(r[list.name]) ? r[list.name].length : r[list.name] ? 1 : 0), 0);
            const sheet = wb.getWorksheet(listSheetName(schema, list));
            expect(sheet, `${at}: aba ${list.label}`).toBeTruthy();
            expect(sheet!.actualRowCount - 1, `${at}: linhas da aba ${list.label}`).toBe(items);
          }

          const d = await dryRun(t.api, schema.resource, Buffer.from(bytes), `${schema.resource}-exportado.xlsx`);
          expect(
            d.colunas.filter((c: Json) => !c.campo),
            `${at}: colunas sem campo`,
          ).toEqual([]);
          const out = await rowsOf(t.api, d.id, 'simulacao');
          const changed = out.filter((r) => r.acao !== 'igual');
          expect(changed.slice(0, 3), `${at}: ${JSON.stringify(changed.slice(0, 3))}`).toEqual([]);
          expect(d, at).toMatchObject({ situacao: 'simulada', iguais: before.length, criadas: 0, atualizadas: 0, erros: 0 });

          const done = await importNow(t.api, d.id);
          expect(done, `${at}: ${done.mensagem}`).toMatchObject({ situacao: 'concluida', iguais: before.length, criadas: 0, atualizadas: 0, erros: 0 });
          expect(await records(t.api, schema.resource), at).toEqual(before);
        }
      });
    }
  });
}
