/**
 * npm run bench:import — a spreadsheet import of BENCH_ROWS EAP items (default 50,000) into a fresh
 * seeded database (PostgreSQL when DATABASE_URL is set, in a temporary database; in-memory PGlite
 * otherwise), through the API in process: upload, dry run, import (BENCH_MODE: `validas`, batches
 * committed as they go, default; `tudo`, one transaction). Prints rows/s of each phase, the process's
 * peak memory (RSS) and the p95 of another person's list (GET /api/v1/contratos, every 250 ms)
 * while the import runs.
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { createTestApi } from '../mocks/test-app';
import { settled } from '../src/server/import/queue';

const N = Number(process.env.BENCH_ROWS ?? 50_000);
const MODE = process.env.BENCH_MODE === 'tudo' ? 'tudo' : 'validas';
const HEADER = ['Área', 'Obra', 'Código', 'Descrição', 'Unidade', 'Quantidade prevista', 'Peso (%)', 'Início previsto', 'Término previsto'];

/** The file, written as a stream (as Excel would hand it over): N items of site 101. */
async function file(): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => stream.on('end', r));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const ws = wb.addWorksheet('EAP');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < N; i++) {
    const a = Math.floor(i / 1000) + 1;
    const b = (i % 1000) + 1;
    const row = ws.addRow([
      'Campo',
      '101',
      `9.${a}.${b}`,
      `Item de bancada ${a}.${b}`,
      'un',
      (i % 50) + 1,
      0.01,
      new Date(Date.UTC(2026, 0, 1 + (i % 200))),
      new Date(Date.UTC(2026, 6, 1 + (i % 100))),
    ]);
    row.getCell(8).numFmt = 'dd/mm/yyyy';
    row.getCell(9).numFmt = 'dd/mm/yyyy';
    row.commit();
  }
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  let peak = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const api = await createTestApi({ databaseUrl: process.env.DATABASE_URL || null });
  try {
    const t0 = Date.now();
    const bytes = await file();
    console.log(
      `Arquivo: ${N.toLocaleString('pt-BR')} linhas, ${mb(bytes.length)} (${((Date.now() - t0) / 1000).toFixed(1)} s para gerar); banco ${api.kind}; modo ${MODE}`,
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'eap.xlsx');
    const t1 = Date.now();
    const up = await api.request('/api/v1/importacoes?recurso=eap-os', { method: 'POST', body: form });
    const created = (await up.json()) as { id: number; colunas: { coluna: string; campo: string | null }[]; message?: string };
    if (up.status !== 201) throw new Error(`envio recusado: ${created.message}`);
    const tUpload = (Date.now() - t1) / 1000;
    const mapeamento = Object.fromEntries(created.colunas.map((c) => [c.coluna, c.campo]));
    const phase = async (path: string, body: unknown) => {
      const start = Date.now();
      const latencies: number[] = [];
      let polling = true;
      // Reads due every 250 ms; each counts from when it was due, so time the event loop or the
      // database kept it waiting is part of what the person waits (a slot already past is skipped).
      const poll = (async () => {
        const t0 = performance.now();
        let k = 0;
        while (polling) {
          const due = t0 + k * 250;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          await api.request('/api/v1/contratos?_start=0&_end=25', { as: 'sm@portal.local' });
          latencies.push(performance.now() - due);
          k = Math.max(k + 1, Math.floor((performance.now() - t0) / 250));
        }
      })();
      const r = await api.request(`/api/v1/importacoes/${created.id}/${path}`, { method: 'POST', json: body });
      if (r.status !== 202) throw new Error(`${path}: ${await r.text()}`);
      await settled();
      polling = false;
      await poll;
      const seconds = (Date.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      const p95 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] : NaN;
      const d = (await (await api.request(`/api/v1/importacoes/${created.id}`)).json()) as Record<string, unknown>;
      return { seconds, p95, samples: latencies.length, d };
    };
    const dry = await phase('simular', { mapeamento });
    const imp = await phase('importar', { modo: MODE });
    clearInterval(sampler);
    const line = (name: string, p: { seconds: number; p95: number; samples: number; d: Record<string, unknown> }) =>
      `${name.padEnd(10)} ${p.seconds.toFixed(1).padStart(7)} s  ${(N / p.seconds).toFixed(0).padStart(6)} linhas/s   lista de outra pessoa p95 ${p.p95.toFixed(0)} ms (${p.samples} leituras)   ${String(p.d.mensagem)}`;
    console.log(`Envio      ${tUpload.toFixed(1).padStart(7)} s  (leitura e verificação do arquivo)`);
    console.log(line('Simulação', dry));
    console.log(line('Importação', imp));
    console.log(`Memória máxima do processo: RSS ${mb(peak)} (com o PGlite em memória, quando é ele), heap do JavaScript ${mb(peakHeap)}`);
  } finally {
    clearInterval(sampler);
    await api.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
