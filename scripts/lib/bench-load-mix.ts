/**
 * Pieces shared by `bench:load`'s single-process run (scripts/bench-load.ts) and its multi-process
 * run (scripts/bench-load-cluster.ts): starting a `--server` child, the autocannon mix of list / show
 * / update / create of RDOs, and CPU / memory readings from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
export const N = Number(process.env.BENCH_ROWS ?? 100_000);

/** What a `--server` child prints once it listens. */
export interface ServerInfo {
  port: number;
  lo: number;
  hi: number;
  kind: string;
  admission: unknown;
  pool: number;
  /** The temporary PostgreSQL database (for other processes to open it). */
  databaseUrl?: string;
}

/** Start `node --import tsx <script> <args>` and wait for the first JSON line it prints. */
export async function spawnJson<T>(script: string, args: string[], env: NodeJS.ProcessEnv, node: string[] = []) {
  const child = spawn(process.execPath, [...node, '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    lines.on('line', (l) => {
      if (l.startsWith('{')) resolve(JSON.parse(l));
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} saiu (${code})`)));
  });
  return { child, info, lines };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds (user + system) used so far by a process, from /proc (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number, part: 'user' | 'system' | 'all' = 'all'): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((part === 'system' ? 0 : Number(f[11])) + (part === 'user' ? 0 : Number(f[12]))) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL server process on this machine (the DATABASE_URL server when local). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The whole machine's CPU time so far (/proc/stat, ticks): busy (not idle nor iowait) and total. */
export function machineCpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

/** Share of all cores busy between two readings, e.g. "97 %". */
export const busyShare = (a: ReturnType<typeof machineCpu>, b: ReturnType<typeof machineCpu>) =>
  `${((100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total)).toFixed(0)} %`;

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export function rssMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** A run's figures, for the side-by-side comparison. */
export interface LoadFigures {
  processes: number;
  reqs: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** 5xx answers (503 from the admission queue, 502 from the proxy, 500). */
  failed: number;
  busy: number;
  served: number;
}

/**
 * The mix, on `origin` (a server or the proxy in front of several): 60 % list, 25 % show, 10 % update,
 * 5 % create, CONNECTIONS connections for DURATION seconds. Each update takes a different record at
 * version 1 (bulk rows never edited; one counter here, whichever process answers), so no 409.
 */
export async function runMix(origin: string, info: Pick<ServerInfo, 'lo' | 'hi'>) {
  const { demoRdoRows } = await import('../../src/server/seed/demo-data');
  const demoRow = (i: number) => demoRdoRows(1, '2001-01-01', i * 20 * 5 + (i % 5));
  let nextUpdate = info.lo + 10_000;
  let nextCreate = 0;
  const statuses: Record<number, number> = {};
  let busy = 0;
  const result = await autocannon({
    url: `${origin}/api/v1/diarios`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const r = Math.random();
          if (r < 0.6)
            return { ...req, method: 'GET', path: `/api/v1/diarios?_start=0&_end=25&_sort=data&_order=desc&obra=${101 + Math.floor(Math.random() * 5)}` };
          if (r < 0.85) return { ...req, method: 'GET', path: `/api/v1/diarios/${info.lo + Math.floor(Math.random() * (info.hi - info.lo))}` };
          if (r < 0.95 && nextUpdate <= info.hi) {
            const id = nextUpdate++;
            return {
              ...req,
              method: 'PATCH',
              path: `/api/v1/diarios/${id}`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ version: 1, estacaoMeteorologica: `carga ${id}` }),
            };
          }
          const [row] = demoRow(nextCreate++);
          return { ...req, method: 'POST', path: '/api/v1/diarios', headers: { 'content-type': 'application/json' }, body: JSON.stringify(row) };
        },
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 503) busy++;
        },
      },
    ],
  });
  const served = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { result, statuses, busy, served };
}

export function figures(processes: number, run: Awaited<ReturnType<typeof runMix>>): LoadFigures {
  const { result } = run;
  return {
    processes,
    reqs: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    failed: Object.entries(run.statuses).reduce((a, [status, n]) => a + (Number(status) >= 500 ? n : 0), 0),
    busy: run.busy,
    served: run.served,
  };
}

export function printResult(run: Awaited<ReturnType<typeof runMix>>) {
  const { result, busy, statuses } = run;
  console.log(`req/s ${result.requests.average.toFixed(0)}   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   máx ${result.latency.max} ms`);
  console.log(
    `erros ${result.errors}   timeouts ${result.timeouts}   não-2xx ${result.non2xx} (503 da fila: ${busy})   respostas por status ${JSON.stringify(statuses)}`,
  );
}

/** "1.23 ms" of CPU per response. */
export const perResponse = (seconds: number, served: number) => `${((seconds * 1000) / Math.max(1, served)).toFixed(2)} ms`;
