// @vitest-environment jsdom
/**
 * Export → import with no change (issue 38): each list exported by the app's own export
 * (src/app/views/export-xlsx.ts: labels as headers, references by title, pt-BR formats), with the
 * entity's natural key among its columns, goes back through the import with no mapping to choose and
 * every row "Sem alteração".
 */
import { describe, expect, it } from 'vitest';

// The export writes moments in the browser's zone; a Brazilian browser's is the portal's (TZ_PORTAL), which the import reads.
process.env.TZ = 'America/Sao_Paulo';
import { SCHEMAS } from '../../schemas';
import type { DataProvider } from '@refinedev/core';
import { buildWorkbook, withReferenceTitles } from '../../src/app/views/export-xlsx';
import { importKeyOf } from '../../src/server/import/mapping';
import { useApi } from './backends';
import { dryRun, rowsOf, type Json } from './import-helpers';

const noFetch = { getList: async () => ({ data: [], total: 0 }) } as unknown as Pick<DataProvider, 'getList'>;

/** The keyed entities with demo records (their lists as the administrator exports them). */
const ENTITIES = ['contratos', 'obras', 'empresas', 'eap-os', 'produtos', 'processos-juridicos', 'usuarios', 'diarios'];

describe('export → import round trip', { timeout: 120_000 }, () => {
  const t = useApi('pglite');

  for (const resource of ENTITIES) {
    it(`${resource}: the exported list imports back with no change`, async () => {
      const schema = SCHEMAS.find((s) => s.resource === resource)!;
      expect(schema, resource).toBeTruthy();
      const key = importKeyOf(schema);
      const fields = schema.fields.filter((f) => (f.list && !f.hidden) || key.includes(f.name));
      const res = await t.api.request(`/api/v1/${resource}?_start=0&_end=300`);
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Json[];
      expect(rows.length, resource).toBeGreaterThan(0);
      const bytes = await buildWorkbook(schema, fields, await withReferenceTitles(noFetch, fields, rows));
      const d = await dryRun(t.api, resource, Buffer.from(bytes), `${resource}-exportado.xlsx`);
      expect(
        d.colunas.every((c: Json) => c.campo),
        JSON.stringify(d.colunas),
      ).toBe(true);
      const out = await rowsOf(t.api, d.id, 'simulacao');
      const changed = out.filter((r) => r.acao !== 'igual');
      expect(changed.slice(0, 3), JSON.stringify(changed.slice(0, 3))).toEqual([]);
      expect(d).toMatchObject({ iguais: rows.length, criadas: 0, atualizadas: 0, erros: 0 });
    });
  }
});
