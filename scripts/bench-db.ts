/**
 * The benchmarks' database: a temporary database on the PostgreSQL server of DATABASE_URL (dropped
 * at the end), else PGlite in a temporary directory. Migrated and seeded with the demo data.
 * BENCH_KEEP=1 keeps it (its URL or directory is printed) to read plans with psql afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/boot/open-database';

export async function benchDatabase(prefix: string, opts: { poolSize?: number; seed?: boolean } = {}) {
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let cleanup: () => Promise<void>;
  if (serverUrl) {
    const name = `portal_${prefix}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    cleanup = async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), `portal-${prefix}-`));
    cleanup = async () => rmSync(dataDir!, { recursive: true, force: true });
  }
  const database = await openDatabase({ databaseUrl, dataDir, seed: opts.seed ?? true, poolSize: opts.poolSize });
  return {
    database,
    /** The temporary PostgreSQL database's URL (undefined on PGlite). */
    databaseUrl,
    dataDir: dataDir ?? mkdtempSync(join(tmpdir(), `portal-${prefix}-files-`)),
    label: database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    async close() {
      await database.close();
      if (process.env.BENCH_KEEP === '1') console.log(`Banco mantido (BENCH_KEEP=1): ${databaseUrl ?? dataDir}`);
      else await cleanup();
    },
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Timings (ms) of `fn` run `n` times after `warm` warm-up runs: p50 and p95. */
export async function timeIt(fn: () => Promise<unknown>, n: number, warm = 3): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
