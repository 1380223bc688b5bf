/**
 * `bench:load`'s multi-process run on PostgreSQL: BENCH_PROCESSES (default 3) `--server` children on
 * one temporary database (the first creates and seeds it, the others open it with seed off), behind
 * the round-robin proxy (scripts/lib/round-robin-proxy.ts, in a process of its own), with the same
 * autocannon mix and duration as the single-process run. Prints its figures, then both runs side by
 * side and the ratio of req/s against the goal (≥ 2× one process, 0 errors). Figures only: on a
 * machine with few cores the processes, PostgreSQL, the proxy and autocannon share them, and the CPU
 * lines say how busy the machine was.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  busyShare,
  CONNECTIONS,
  cpuSeconds,
  DURATION,
  figures,
  type LoadFigures,
  loadAverage,
  machineCpu,
  perResponse,
  postgresCpuSeconds,
  printResult,
  rssMb,
  runMix,
  type ServerInfo,
  spawnJson,
  stop,
} from './lib/bench-load-mix';

export async function runCluster(self: string, env: NodeJS.ProcessEnv, one: LoadFigures) {
  const processes = Math.max(2, Number(env.BENCH_PROCESSES ?? 3) || 3);
  const { poolSizeFromEnv } = await import('../src/server/db/connect');
  const total = poolSizeFromEnv(env);
  // The pool of the single-process run (PG_POOL_MAX, else sized to the machine) is split among the
  // processes, at least 2 each (one slow statement does not hold up a whole process): PostgreSQL runs
  // on the same cores, and more connections than it can run at once only add contention — what
  // should scale here is the Node work, not the database's parallelism. In production the sum must
  // also stay under max_connections. DB_CONCURRENCY is left as each process computes it (2 × its
  // pool, as the production admission does), unless set in the environment.
  const pool = Math.max(2, Math.floor(total / processes));
  const childEnv = { ...env, PG_POOL_MAX: String(pool) };
  const children: ChildProcess[] = [];
  let proxy: ChildProcess | undefined;
  try {
    const first = await spawnJson<ServerInfo>(self, ['--server'], childEnv);
    children.push(first.child);
    if (!first.info.databaseUrl) throw new Error('o primeiro processo não informou o banco');
    const ports = [first.info.port];
    for (let i = 1; i < processes; i++) {
      const other = await spawnJson<ServerInfo>(self, ['--server'], { ...childEnv, BENCH_ATTACH_URL: first.info.databaseUrl });
      children.push(other.child);
      ports.push(other.info.port);
    }
    const balancer = await spawnJson<{ url: string }>(self, ['--proxy', ports.join(',')], env);
    proxy = balancer.child;
    const counts = new Promise<Record<string, number>>((resolve) => {
      createInterface({ input: balancer.child.stdout! }).on('line', (l) => {
        if (l.startsWith('{"counts"')) resolve(JSON.parse(l).counts);
      });
    });
    const info = first.info;
    console.log(
      `\nBanco: ${info.kind}; ${processes} processos atrás de um proxy round-robin; ${CONNECTIONS} conexões por ${DURATION} s; por processo: fila ${JSON.stringify(info.admission)}, pool ${info.pool} (soma ${info.pool * processes})`,
    );
    const pids = children.map((c) => c.pid!);
    const servers = () => pids.reduce((a, p) => a + cpuSeconds(p), 0);
    const cpu0 = { servers: servers(), proxy: cpuSeconds(proxy.pid!), pg: postgresCpuSeconds(), bench: process.cpuUsage(), machine: machineCpu() };
    const load0 = loadAverage();
    const peak = pids.map((p) => rssMb(p, 'VmRSS'));
    const sampler = setInterval(() => pids.forEach((p, i) => (peak[i] = Math.max(peak[i], rssMb(p, 'VmRSS')))), 250);
    const run = await runMix(balancer.info.url, info);
    clearInterval(sampler);
    const benchCpu = process.cpuUsage(cpu0.bench);
    const per = (seconds: number) => perResponse(seconds, run.served);
    printResult(run);
    console.log(
      `CPU por resposta: servidores ${per(servers() - cpu0.servers)} (somados), proxy ${per(cpuSeconds(proxy.pid!) - cpu0.proxy)}, PostgreSQL ${per(postgresCpuSeconds() - cpu0.pg)}, autocannon ${per((benchCpu.user + benchCpu.system) / 1e6)}`,
    );
    console.log(`CPU da máquina ocupada durante a carga: ${busyShare(cpu0.machine, machineCpu())}; carga média (loadavg) ${load0} → ${loadAverage()}`);
    console.log(`RSS máximo de cada processo durante a carga: ${peak.map((p) => `${p.toFixed(0)} MB`).join(', ')}`);
    await stop(proxy);
    const byPort = await Promise.race([counts, new Promise<Record<string, number>>((r) => setTimeout(() => r({}), 1000))]);
    console.log(`Respostas por processo (proxy): ${ports.map((p) => byPort[p] ?? '?').join(', ')}`);
    printComparison(one, figures(processes, run));
  } finally {
    if (proxy) await stop(proxy);
    // The first process drops the temporary database when it closes: the others go first.
    for (const c of children.slice(1)) await stop(c);
    if (children[0]) await stop(children[0]);
  }
}

/**
 * Both runs side by side, and the goal: N processes ≥ 2× the req/s of one, with 0 errors (network
 * errors, timeouts and 5xx: 503 from the queue, 502 from the proxy). 4xx answers are counted apart:
 * they are the mix's requests the portal refuses (the same at any load), not failures under load.
 */
function printComparison(one: LoadFigures, many: LoadFigures) {
  const failures = (f: LoadFigures) => `${f.errors}/${f.timeouts}/${f.failed}/${f.non2xx - f.failed}`;
  const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(i === 0 ? 10 : i === 4 ? 26 : 10)).join('');
  console.log('\nPostgreSQL, um processo × vários (mesma execução):');
  console.log(row(['processos', 'req/s', 'p50 (ms)', 'p99 (ms)', 'erros/timeouts/5xx/4xx']));
  for (const f of [one, many]) console.log(row([f.processes, f.reqs.toFixed(0), f.p50, f.p99, failures(f)]));
  const ratio = many.reqs / Math.max(1, one.reqs);
  const clean = !many.errors && !many.timeouts && !many.failed;
  console.log(
    `Razão req/s(${many.processes})/req/s(1): ${ratio.toFixed(2)}× — meta ≥ 2×: ${ratio >= 2 ? 'dentro' : 'fora'}; 0 erros/timeouts/5xx com ${many.processes} processos: ${clean ? 'dentro' : 'fora'}`,
  );
}
