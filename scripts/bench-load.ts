/**
 * npm run bench:load — mixed load on the API: BENCH_CONNECTIONS connections (default 200) for
 * BENCH_SECONDS (default 20; the figure is 60) of list / show / create / update of RDOs
 * (60 % list, 25 % show, 10 % update, 5 % create), with autocannon.
 *
 * The API runs in a child process (`node --import tsx scripts/bench-load.ts --server`; with PGlite
 * the data directory is created and filled first by another child, `--prepare`) with the
 * production admission queue (DB_CONCURRENCY, DB_QUEUE_MAX, DB_QUEUE_WAIT_MS) and pool
 * (PG_POOL_MAX), on BENCH_ROWS RDOs (default 100,000) in PGlite, then in a temporary database on
 * DATABASE_URL when it is set (BENCH_DB=pglite|postgres runs one of them). Prints, for each,
 * req/s, p50/p99, errors, timeouts, non-2xx (503 from the queue counted apart), CPU per response
 * and the server's peak RSS, and which goals the run met. Goal: 0 errors and timeouts, p99 < 500 ms on
 * PostgreSQL, RSS < 512 MB. On PostgreSQL, a second run follows with BENCH_PROCESSES (default 3)
 * server processes behind a round-robin proxy (scripts/bench-load-cluster.ts), printed side by side
 * with the first (goal: 3 processes ≥ 2× the req/s of one, 0 errors). Figures only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCluster } from './bench-load-cluster';
import {
  busyShare,
  CONNECTIONS,
  cpuSeconds,
  DURATION,
  figures,
  loadAverage,
  machineCpu,
  N,
  perResponse,
  postgresCpuSeconds,
  printResult,
  rssMb,
  runMix,
  type ServerInfo,
  spawnJson,
  stop,
} from './lib/bench-load-mix';

/** Seed BENCH_ROWS RDOs (10,000 generated, the rest copied by INSERT … SELECT generate_series). */
async function seedRows(db: import('../src/server/db/connect').Db) {
  const { sql } = await import('kysely');
  const { schemaByName } = await import('../schemas');
  const { insertRows } = await import('../src/server/seed/seed');
  const { demoRdoRows } = await import('../src/server/seed/demo-data');
  const { bulkCopy } = await import('../src/server/seed/bulk-rows');
  const diario = schemaByName('diario')!;
  const first = Math.min(N, 10_000);
  await insertRows(db, diario, demoRdoRows(first, '2019-01-01', 0));
  if (N > first) await bulkCopy(db, diario, N - first);
  await sql`VACUUM ANALYZE`.execute(db);
}

/** PGlite: create and fill the data directory in a process of its own (initdb's memory goes with it). */
async function prepare(dir: string) {
  const { openDatabase } = await import('../src/server/boot/open-database');
  const database = await openDatabase({ dataDir: dir, seed: true });
  await seedRows(database.db);
  await database.close();
}

async function server(dir: string | undefined) {
  const { serve } = await import('@hono/node-server');
  const { sql } = await import('kysely');
  const { SCHEMAS } = await import('../schemas');
  const { createApp } = await import('../src/server/app');
  const { localStorage } = await import('../src/server/storage/storage');
  const { normalizeUser } = await import('../src/access/user');
  const { poolSizeFromEnv } = await import('../src/server/db/connect');
  const { openDatabase } = await import('../src/server/boot/open-database');
  const { admissionFromEnv } = await import('../src/server/http/admission');
  const { benchDatabase } = await import('./bench-db');
  const mb = () => `${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`;
  let bench: { database: Awaited<ReturnType<typeof openDatabase>>; dataDir: string; label: string; close(): Promise<void> };
  let databaseUrl: string | undefined;
  const attach = process.env.BENCH_ATTACH_URL;
  if (dir) {
    // Reopen the prepared directory, as the server does at each start.
    const database = await openDatabase({ dataDir: dir, seed: false });
    bench = { database, dataDir: dir, label: 'PGlite', close: () => database.close() };
  } else if (attach) {
    // Another process of the multi-process run: the database the first one created and seeded.
    const database = await openDatabase({ databaseUrl: attach, seed: false, poolSize: poolSizeFromEnv() });
    const files = mkdtempSync(join(tmpdir(), 'portal-bench-load-files-'));
    bench = { database, dataDir: files, label: 'PostgreSQL', close: () => database.close().then(() => rmSync(files, { recursive: true, force: true })) };
  } else {
    const created = await benchDatabase('bench_load', { poolSize: poolSizeFromEnv() });
    databaseUrl = created.databaseUrl;
    bench = created;
    await seedRows(bench.database.db);
  }
  const db = bench.database.db;
  console.error(`[servidor] RSS com o banco aberto e ${N} RDOs: ${mb()}`);
  const ids = await sql<{ lo: string; hi: string }>`select min(id) as lo, max(id) as hi from diario`.execute(db);
  const admin = normalizeUser({
    id_user: 'a',
    username: 'admin@portal.local',
    email: 'admin@portal.local',
    name: 'Admin',
    roles: ['acesso_total'],
    obra: [],
    empresa: ['Portal Engenharia'],
    tipo: 'PE',
  });
  const admission = admissionFromEnv(bench.database.kind, poolSizeFromEnv());
  const app = createApp({
    db,
    schemas: SCHEMAS,
    storage: localStorage(join(bench.dataDir, 'f')),
    version: 'bench',
    authenticate: async () => admin,
    admission,
  });
  // Requests being answered: those queued when autocannon stops are still answered after it closed its sockets.
  let inFlight = 0;
  const fetch = async (req: Request) => {
    inFlight++;
    try {
      return await app.fetch(req);
    } finally {
      inFlight--;
    }
  };
  const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    console.log(
      JSON.stringify({
        port: info.port,
        lo: Number(ids.rows[0].lo),
        hi: Number(ids.rows[0].hi),
        kind: bench.label,
        admission,
        pool: poolSizeFromEnv(),
        databaseUrl,
      } satisfies ServerInfo),
    );
  });
  process.on('SIGTERM', async () => {
    // Let the requests still being answered finish (up to 10 s) before the database closes under them.
    s.close();
    for (const end = Date.now() + 10_000; inFlight > 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    await bench.close().catch(() => undefined);
    process.exit(0);
  });
}

/** The databases to load: PGlite, and the PostgreSQL server of DATABASE_URL when set; BENCH_DB=pglite|postgres picks one. */
function backends(env: NodeJS.ProcessEnv = process.env): ('pglite' | 'postgres')[] {
  const all: ('pglite' | 'postgres')[] = env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = env.BENCH_DB;
  if (only === 'pglite' || only === 'postgres') {
    if (!all.includes(only)) throw new Error('BENCH_DB=postgres pede DATABASE_URL');
    return [only];
  }
  return all;
}

async function main() {
  for (const kind of backends()) {
    const env = { ...process.env };
    if (kind === 'pglite') delete env.DATABASE_URL;
    const one = await runOne(env);
    if (kind === 'postgres') await runCluster(self, env, one);
  }
}

const self = new URL(import.meta.url).pathname;

async function runOne(env: NodeJS.ProcessEnv) {
  let dir: string | undefined;
  if (!env.DATABASE_URL) {
    dir = mkdtempSync(join(tmpdir(), 'portal-bench-load-'));
    const prep = spawn(process.execPath, ['--import', 'tsx', self, '--prepare', dir], { stdio: 'inherit', env });
    const code = await new Promise((r) => prep.once('exit', r));
    if (code !== 0) throw new Error(`preparação saiu (${code})`);
  }
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const { child, info } = await spawnJson<ServerInfo>(self, ['--server', ...(dir ? [dir] : [])], env, profile);
  console.log(
    `Banco: ${info.kind}; ${N.toLocaleString('pt-BR')} RDOs; ${CONNECTIONS} conexões por ${DURATION} s; fila ${JSON.stringify(info.admission)}; pool ${info.pool}`,
  );
  const before = rssMb(child.pid!, 'VmRSS');
  const cpu0 = {
    server: cpuSeconds(child.pid!),
    serverSystem: cpuSeconds(child.pid!, 'system'),
    pg: postgresCpuSeconds(),
    bench: process.cpuUsage(),
    machine: machineCpu(),
  };
  const load0 = loadAverage();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!, 'VmRSS'))), 250);
  const run = await runMix(`http://127.0.0.1:${info.port}`, info);
  clearInterval(sampler);
  const { result, served } = run;
  const benchCpu = process.cpuUsage(cpu0.bench);
  const perRequest = (seconds: number) => perResponse(seconds, served);
  const hwm = rssMb(child.pid!, 'VmHWM');
  printResult(run);
  console.log(
    `CPU por resposta: servidor ${perRequest(cpuSeconds(child.pid!) - cpu0.server)} (sistema ${perRequest(cpuSeconds(child.pid!, 'system') - cpu0.serverSystem)}), PostgreSQL ${info.kind === 'PGlite' ? '— (no processo do servidor)' : perRequest(postgresCpuSeconds() - cpu0.pg)}, autocannon ${perRequest((benchCpu.user + benchCpu.system) / 1e6)}`,
  );
  console.log(`CPU da máquina ocupada durante a carga: ${busyShare(cpu0.machine, machineCpu())}; carga média (loadavg) ${load0} → ${loadAverage()}`);
  console.log(
    `RSS do servidor: ${before.toFixed(0)} MB antes da carga, máximo ${peak.toFixed(0)} MB durante a carga (VmHWM com a carga dos dados: ${hwm.toFixed(0)} MB)`,
  );
  const mark = (ok: boolean) => (ok ? 'cumprida' : 'NÃO cumprida');
  const p99Goal = info.kind === 'PGlite' ? '' : `; p99 < 500 ms: ${mark(result.latency.p99 < 500)}`;
  console.log(`Metas: 0 erros/timeouts: ${mark(!result.errors && !result.timeouts)}${p99Goal}; RSS < 512 MB: ${mark(peak < 512)}`);
  await stop(child);
  if (dir) rmSync(dir, { recursive: true, force: true });
  return figures(1, run);
}

const arg = (name: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? '') : undefined);
if (arg('--prepare') !== undefined)
  prepare(arg('--prepare')!).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
else if (arg('--proxy') !== undefined)
  // The multi-process run's balancer, in a process of its own (its CPU apart from autocannon's).
  import('./lib/round-robin-proxy').then(async ({ startRoundRobinProxy }) => {
    const ports = arg('--proxy')!.split(',').map(Number);
    const proxy = await startRoundRobinProxy(() => ports);
    console.log(JSON.stringify({ url: proxy.url }));
    process.on('SIGTERM', async () => {
      console.log(JSON.stringify({ counts: Object.fromEntries(proxy.counts) }));
      await proxy.close();
      process.exit(0);
    });
  });
else if (arg('--server') !== undefined)
  server(arg('--server') || undefined).catch((e) => {
    console.error(e);
    process.exit(1);
  });
else
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
