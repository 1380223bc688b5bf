/**
 * Cancelling a run of the spreadsheet import (issue 38), `POST /api/v1/importacoes/{id}/cancelar`,
 * on each database: only-the-valid-rows stops at the end of the batch it is in (the batches done
 * stay, nothing after them is written), all-or-nothing writes nothing (the cancel is heard at the end
 * of the batch it is in, too); a second cancel, or a cancel of a run that ended, is a 409 in pt-BR.
 */
import { describe, expect, it, vi } from 'vitest';
import { BATCH_ROWS, requestCancel } from '../../src/server/import/job';
import { BatchWriter } from '../../src/server/import/batch-rows';
import { BACKENDS, useApi } from './backends';
import { countOf, dryRun, finished, importNow, rowsOf, xlsx, type Json } from './import-helpers';

/** Enough rows that the import is still running when the cancel arrives (several batches). */
const ROWS = BATCH_ROWS * 4;
// Products: a row is one insert (a site would also create its document library), so the batches go by quickly.
const HEADER = ['Código', 'Nome', 'Categoria', 'Unidade'];
const products = (first: number) => Array.from({ length: ROWS }, (_, i) => [`PC-${first + i}`, `Produto cancelável ${first + i}`, 'Componente', 'un']);

for (const backend of BACKENDS) {
  describe(`cancelling an import (${backend})`, { timeout: 120_000 }, () => {
    const t = useApi(backend);
    const cancel = (id: number, as = 'admin@portal.local') => t.api.request(`/api/v1/importacoes/${id}/cancelar`, { method: 'POST', as });
    /** Starts the import and asks to cancel it at once, then a second time. */
    const startAndCancel = async (id: number, modo: 'tudo' | 'validas') => {
      const started = await t.api.request(`/api/v1/importacoes/${id}/importar`, { method: 'POST', json: { modo } });
      expect(started.status, await started.clone().text()).toBe(202);
      const first = await cancel(id);
      expect(first.status, await first.clone().text()).toBe(202);
      const second = await cancel(id);
      expect(second.status).toBe(409);
      expect(((await second.json()) as Json).message).toBe('O cancelamento desta importação já foi pedido: ela para em instantes.');
      return finished(t.api, id);
    };

    it('only the valid rows: stops after the batch it is in, keeps what was written, writes nothing after it', async () => {
      const before = await countOf(t.api, 'produtos');
      const d = await dryRun(t.api, 'produtos', await xlsx(HEADER, products(70000)), 'produtos-validas.xlsx');
      expect(d).toMatchObject({ situacao: 'simulada', total: ROWS, criadas: ROWS, erros: 0 });
      const done = await startAndCancel(d.id, 'validas');
      expect(done.situacao).toBe('cancelada');
      expect(done.processadas).toBeGreaterThan(0);
      expect(done.processadas).toBeLessThan(ROWS);
      expect(done.processadas % BATCH_ROWS).toBe(0);
      expect(done).toMatchObject({ criadas: done.processadas, erros: 0 });
      expect(done.mensagem).toBe(`Importação cancelada: as ${done.processadas} linhas anteriores ficaram gravadas.`);
      // The batches done are in the database and in the report; no row after them is.
      expect(await countOf(t.api, 'produtos')).toBe(before + done.processadas);
      expect(await countOf(t.api, 'produtos', `&codigo=PC-${70000 + done.processadas - 1}`)).toBe(1);
      expect(await countOf(t.api, 'produtos', `&codigo=PC-${70000 + done.processadas}`)).toBe(0);
      expect((await rowsOf(t.api, d.id, 'importacao')).length).toBe(done.processadas);

      // A run that ended is not running any more.
      const late = await cancel(d.id);
      expect(late.status).toBe(409);
      expect(((await late.json()) as Json).message).toBe('Esta importação não está em andamento.');
    });

    it('all-or-nothing: a cancel heard in the middle of the transaction writes nothing', async () => {
      // On PGlite the transaction holds the only connection, so no request reaches the route while it runs: the test raises
      // the job's in-memory flag (what the route does in this process) once a batch and a half went through: it is heard at the end of the second batch.
      const before = await countOf(t.api, 'produtos');
      const d = await dryRun(t.api, 'produtos', await xlsx(HEADER, products(80000)), 'produtos-tudo.xlsx');
      expect(d).toMatchObject({ situacao: 'simulada', total: ROWS, criadas: ROWS, erros: 0 });
      const run = BatchWriter.prototype.run;
      let seen = 0;
      const spy = vi.spyOn(BatchWriter.prototype, 'run').mockImplementation(async function (this: BatchWriter, ...args) {
        const out = await run.apply(this, args);
        if (args[2] === 'importacao' && (seen += out.length) >= 1.5 * BATCH_ROWS) requestCancel(d.id);
        return out;
      });
      try {
        const started = await t.api.request(`/api/v1/importacoes/${d.id}/importar`, { method: 'POST', json: { modo: 'tudo' } });
        expect(started.status).toBe(202);
        const done = await finished(t.api, d.id);
        expect(done).toMatchObject({
          situacao: 'cancelada',
          processadas: 2 * BATCH_ROWS,
          criadas: 0,
          ignoradas: 2 * BATCH_ROWS,
          mensagem: 'Importação cancelada: nada foi gravado.',
        });
      } finally {
        spy.mockRestore();
      }
      expect(await countOf(t.api, 'produtos')).toBe(before);
      expect(await countOf(t.api, 'produtos', '&codigo=PC-80000')).toBe(0);
      const report = await rowsOf(t.api, d.id, 'importacao');
      expect(report).toHaveLength(2 * BATCH_ROWS);
      expect(report.every((r) => r.acao === 'ignorada')).toBe(true);
      const late = await cancel(d.id);
      expect(late.status).toBe(409);
      expect(((await late.json()) as Json).message).toBe('Esta importação não está em andamento.');
    });

    it('a finished import cannot be cancelled', async () => {
      const d = await dryRun(t.api, 'produtos', await xlsx(HEADER, products(90000).slice(0, 2)), 'produtos-pequena.xlsx');
      expect(await importNow(t.api, d.id)).toMatchObject({ situacao: 'concluida', criadas: 2 });
      const late = await cancel(d.id);
      expect(late.status).toBe(409);
      expect(((await late.json()) as Json).message).toBe('Esta importação não está em andamento.');
    });
  });
}
