import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

export type Db = Kysely<any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory for the embedded database files (PGlite). Ignored with `memory`. */
  dataDir?: string;
  /** In-memory PGlite (tests, MSW). */
  memory?: boolean;
  /** Pool size for PostgreSQL (default `poolSizeFromEnv()`). */
  poolSize?: number;
}

/** `PG_POOL_MAX`, else sized to the machine: max(4, 2 × cores). */
export function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PG_POOL_MAX);
  if (Number.isInteger(n) && n > 0) return n;
  return Math.max(4, 2 * availableParallelism());
}

/** Opens the database: PostgreSQL through `pg` when a URL is given, PGlite otherwise. */
export async function connect(opts: ConnectOptions = {}): Promise<Database> {
  if (opts.databaseUrl) {
    // Values are always bound parameters (extended protocol); no per-request introspection happens.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? poolSizeFromEnv() });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (opts.memory) {
    pglite = new PGlite();
  } else {
    const dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    // Durable by default: PGlite flushes each commit unless relaxedDurability is set.
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
