/**
 * npm run bench:import — a spreadsheet import of BENCH_ROWS EAP items (default 50,000) into a fresh
 * seeded database (PostgreSQL when DATABASE_URL is set, in a temporary database; otherwise PGlite
 * on disk in a temporary directory, as the server runs it, created and seeded first by a child
 * `--preparar` so that initdb's memory is not counted), through the HTTP API of a server in a child
 * process (`--servidor`): upload, dry run, import (BENCH_MODE: `validas`, batches committed as they
 * go, default; `tudo`, one transaction). Prints the seconds and rows/s of each phase, the server's
 * peak memory (VmHWM of its process: with PGlite the database lives in it), the p95 of another
 * person's list (GET /api/v1/contratos as a site manager, every 250 ms, counted from when it was
 * due) during each phase, the machine's load, and whether each goal of issue 38 was met: the
 * import of 50,000 rows in ≤ 60 s on PostgreSQL and ≤ 120 s on PGlite, the server below 512 MB
 * throughout, the other person's list answering (p95 ≤ 500 ms, the load goal of bench:load).
 * BENCH_PROFILE=1: the server's SQL of each phase by kind, count and time (scripts/lib/sql-profile.ts);
 * BENCH_NODE: more flags for the server's node (--cpu-prof, --trace-gc…).
 */
import ExcelJS from 'exceljs';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

const N = Number(process.env.BENCH_ROWS ?? 50_000);
const MODE = process.env.BENCH_MODE === 'tudo' ? 'tudo' : 'validas';
const PROFILE = process.env.BENCH_PROFILE === '1';
const HEADER = ['Área', 'Obra', 'Código', 'Descrição', 'Unidade', 'Quantidade prevista', 'Peso (%)', 'Início previsto', 'Término previsto'];
/** Issue 38: 50,000 rows in ≤ 60 s on PostgreSQL, ≤ 120 s on PGlite; the server < 512 MB; lists still answered. */
const GOAL = { postgres: 60, pglite: 120, rssMb: 512, p95Ms: 500, rows: 50_000 };
const SELF = fileURLToPath(import.meta.url);

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
const br = (x: number, digits = 1) => x.toFixed(digits).replace('.', ',');
const load = () =>
  loadavg()
    .map((x) => br(x))
    .join(' / ');
/** A process's memory from /proc (kB → bytes): VmHWM is its peak since it started. */
const procMem = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/** PGlite: the data directory created, migrated and seeded by a child process (its initdb memory leaves with it). */
function prepared(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
  const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--preparar', dir], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error('a preparação do banco PGlite falhou');
  return dir;
}

interface ServerInfo {
  port: number;
  kind: 'pglite' | 'postgres';
  rss: number;
}

/** The API in a child process, as a server runs it; its first JSON line says where it listens. */
async function startServer(dir: string | undefined): Promise<{ child: ChildProcess; info: ServerInfo }> {
  const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  // BENCH_NODE: more flags for the server's node (e.g. --cpu-prof, --trace-gc).
  const flags = (process.env.BENCH_NODE ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', SELF, '--servidor', ...(dir ? [dir] : [])], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    lines.on('line', (l) => (l.startsWith('{"port"') ? resolve(JSON.parse(l)) : console.log(l)));
    child.once('exit', (code) => reject(new Error(`o servidor saiu (${code})`)));
  });
  return { child, info };
}

interface Phase {
  seconds: number;
  p95: number;
  samples: number;
  d: Record<string, unknown>;
}

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : prepared();
  const { child, info } = await startServer(dataDir);
  let peakLoad = loadavg()[0];
  const sampler = setInterval(() => (peakLoad = Math.max(peakLoad, loadavg()[0])), 1000);
  const base = `http://127.0.0.1:${info.port}`;
  const call = (path: string, init: RequestInit & { as?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer test:${init.as ?? 'admin@portal.local'}` },
    });
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  try {
    console.log(
      `Carga da máquina no início (1, 5, 15 min): ${load()}; ${N.toLocaleString('pt-BR')} linhas; banco ${info.kind}; modo ${MODE}; node do servidor ${process.env.BENCH_NODE || 'sem opções'}`,
    );
    const t0 = Date.now();
    const bytes = await file();
    console.log(`Arquivo: ${mb(bytes.length)} (${br((Date.now() - t0) / 1000)} s para gerar); servidor com o banco aberto: RSS ${mb(info.rss)}`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'eap.xlsx');
    const t1 = Date.now();
    const up = await call('/api/v1/importacoes?recurso=eap-os', { method: 'POST', body: form });
    const created = (await up.json()) as { id: number; colunas: { coluna: string; campo: string | null }[]; message?: string };
    if (up.status !== 201) throw new Error(`envio recusado: ${created.message}`);
    const tUpload = (Date.now() - t1) / 1000;
    const mapeamento = Object.fromEntries(created.colunas.map((c) => [c.coluna, c.campo]));
    const detail = async () => (await (await call(`/api/v1/importacoes/${created.id}`)).json()) as Record<string, unknown>;
    const phase = async (path: string, body: unknown): Promise<Phase> => {
      const start = Date.now();
      const latencies: number[] = [];
      let polling = true;
      // Reads due every 250 ms; each counts from when it was due, so time the server or the
      // database kept it waiting is part of what the person waits (a slot already past is skipped).
      const poll = (async () => {
        const t0 = performance.now();
        let k = 0;
        while (polling) {
          const due = t0 + k * 250;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const r = await call('/api/v1/contratos?_start=0&_end=25', { as: 'sm@portal.local' });
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`lista de contratos: ${r.status}`);
          latencies.push(performance.now() - due);
          k = Math.max(k + 1, Math.floor((performance.now() - t0) / 250));
        }
      })();
      const r = await call(`/api/v1/importacoes/${created.id}/${path}`, json(body));
      if (r.status !== 202) throw new Error(`${path}: ${await r.text()}`);
      let d = await detail();
      while (d.situacao === 'simulando' || d.situacao === 'importando') {
        await new Promise((res) => setTimeout(res, 200));
        d = await detail();
      }
      const seconds = (Date.now() - start) / 1000;
      polling = false;
      await poll;
      latencies.sort((a, b) => a - b);
      const p95 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] : NaN;
      if (PROFILE) child.stdin!.write(`perfil ${path} ${N}\n`);
      return { seconds, p95, samples: latencies.length, d };
    };
    const dry = await phase('simular', { mapeamento });
    const imp = await phase('importar', { modo: MODE });
    const peak = procMem(child.pid!, 'VmHWM');
    const line = (name: string, p: Phase) =>
      `${name.padEnd(10)} ${br(p.seconds).padStart(7)} s  ${(N / p.seconds).toFixed(0).padStart(6)} linhas/s   lista de outra pessoa p95 ${p.p95.toFixed(0)} ms (${p.samples} leituras)   ${String(p.d.mensagem)}`;
    console.log(`Envio      ${br(tUpload).padStart(7)} s  (leitura e verificação do arquivo)`);
    console.log(line('Simulação', dry));
    console.log(line('Importação', imp));
    const total = tUpload + dry.seconds + imp.seconds;
    console.log(`Envio + simulação + importação: ${br(total)} s (${(N / total).toFixed(0)} linhas/s)`);
    console.log(
      `Memória máxima do servidor: RSS ${mb(peak)} (VmHWM do processo; ${info.kind === 'pglite' ? 'o PGlite roda dentro dele' : 'o PostgreSQL à parte'})`,
    );
    console.log(`Carga da máquina no fim (1, 5, 15 min): ${load()}; a maior de 1 min durante a medição: ${br(peakLoad)}`);

    const limit = info.kind === 'postgres' ? GOAL.postgres : GOAL.pglite;
    const full = N >= GOAL.rows;
    const ok = (met: boolean) => (!full ? 'não avaliada' : met ? 'ATINGIDA' : 'NÃO atingida');
    console.log(
      `Metas da issue 38 (${info.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})${full ? '' : ` — ${N.toLocaleString('pt-BR')} linhas: as metas valem para ${GOAL.rows.toLocaleString('pt-BR')}`}:`,
    );
    console.log(
      `  importação de ${GOAL.rows.toLocaleString('pt-BR')} linhas ≤ ${limit} s (≥ ${(GOAL.rows / limit).toFixed(0)} linhas/s): ${br(imp.seconds)} s, ${(N / imp.seconds).toFixed(0)} linhas/s — ${ok(imp.seconds <= limit)}; com o envio e a simulação: ${br(total)} s — ${ok(total <= limit)}`,
    );
    console.log(`  servidor abaixo de ${GOAL.rssMb} MB o tempo todo: pico ${mb(peak)} — ${ok(peak < GOAL.rssMb * 1024 * 1024)}`);
    console.log(
      `  lista de outra pessoa respondendo (p95 ≤ ${GOAL.p95Ms} ms): ${dry.p95.toFixed(0)} ms na simulação, ${imp.p95.toFixed(0)} ms na importação — ${ok(Math.max(dry.p95, imp.p95) <= GOAL.p95Ms)}`,
    );
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--servidor [dir]`: the API on a free port (test sign-in: `Bearer test:<e-mail>`), the import's jobs run in it. */
async function server(dir: string | undefined) {
  const { startSqlProfile, takeSqlProfile } = await import('./lib/sql-profile');
  if (PROFILE) startSqlProfile();
  const { serve } = await import('@hono/node-server');
  const { createTestApi } = await import('../mocks/test-app');
  const api = await createTestApi({ databaseUrl: process.env.DATABASE_URL || null, dataDir: dir });
  if (PROFILE) takeSqlProfile(0);
  const s = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, (a) =>
    console.log(JSON.stringify({ port: a.port, kind: api.kind, rss: process.memoryUsage().rss } satisfies ServerInfo)),
  );
  createInterface({ input: process.stdin }).on('line', (l) => {
    const [cmd, name, rows] = l.split(' ');
    if (cmd === 'perfil') console.error(`${name}:\n${takeSqlProfile(Number(rows))}`);
  });
  process.once('SIGTERM', () => {
    s.close();
    void api.close().then(() => process.exit(0));
  });
}

async function prepare(dir: string) {
  const { openDatabase } = await import('../src/server/boot/open-database');
  const database = await openDatabase({ dataDir: dir, seed: true });
  await database.close();
}

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
const role = arg('--preparar') !== undefined ? prepare(arg('--preparar')!) : arg('--servidor') !== undefined ? server(arg('--servidor') || undefined) : main();
role.then(
  () => (arg('--servidor') !== undefined ? undefined : process.exit(0)),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
