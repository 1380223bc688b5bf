import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

export type Db = Kysely<any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (`PGlite.dumpDataDir`), loadable with `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: a consistent copy of the data directory (gzip tarball) as of one moment, with what
   * `read` reads on the same connection at that moment: Kysely's only connection is held (no
   * statement or transaction in flight, later ones wait), a CHECKPOINT flushes the data files,
   * then the directory is copied (src/server/backup/).
   */
  consistentCopy?<T>(read: (conn: Db) => Promise<T>): Promise<{ tarball: Blob; read: T }>;
  /** Where a process listens for `NOTIFY` (src/server/events/listener.ts): a server URL, or the embedded instance. */
  listenVia: ListenVia;
  /** PostgreSQL only: the pool's connections right now (metrics); PGlite has a single one. */
  poolStats?: () => PoolStats;
}

/** `pg.Pool`'s counters: open connections, idle ones, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** PostgreSQL: a dedicated client on this URL; PGlite: the instance's own `listen`. */
export type ListenVia = { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; pglite: PGlite };

export interface ConnectOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory for the embedded database files (PGlite). Ignored with `memory`. */
  dataDir?: string;
  /** In-memory PGlite (tests, MSW). */
  memory?: boolean;
  /**
   * With `memory`: start from this data-directory dump (`PGlite.dumpDataDir`) instead of an empty
   * cluster. Tests start from a migrated, seeded template (mocks/db-template.ts): loading it takes
   * under a second, where initdb, migration and seed take about seven.
   */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL (default `poolSizeFromEnv()`). */
  poolSize?: number;
}

/** `PG_POOL_MAX`, else sized to the machine: max(4, 2 × cores). */
export function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PG_POOL_MAX);
  if (Number.isInteger(n) && n > 0) return n;
  return Math.max(4, 2 * availableParallelism());
}

/**
 * PGlite's start parameters: its defaults plus `shared_buffers` from `PGLITE_SHARED_BUFFERS`
 * (default 16MB). PostgreSQL's own default (128MB) lives inside the WebAssembly memory of the
 * Node process and, once touched, never goes back: with it the server passed 512 MB RSS under load.
 * Pages outside the buffers are read from the data files through the operating system's cache.
 */
export function pgliteStartParams(env: NodeJS.ProcessEnv = process.env): string[] {
  const v = env.PGLITE_SHARED_BUFFERS?.trim();
  const buffers = v && /^\d{1,6}(?:kB|MB|GB)$/.test(v) ? v : '16MB';
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffers}`];
}

/** Databases whose every statement goes through one connection (PGlite): a long transaction makes everyone wait. */
const oneConnection = new WeakSet<Db>();

/** Whether `db` has a single connection (PGlite): background work then leaves it free between batches (src/server/import/job.ts). */
export const hasOneConnection = (db: Db): boolean => oneConnection.has(db);

/** Opens the database: PostgreSQL through `pg` when a URL is given, PGlite otherwise. */
export async function connect(opts: ConnectOptions = {}): Promise<Database> {
  if (opts.databaseUrl) {
    // Values are always bound parameters (extended protocol); no per-request introspection happens.
    // A connection that cannot be made fails within 5 s (the request answers 503) instead of waiting forever.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? poolSizeFromEnv(), connectionTimeoutMillis: 5000 });
    // An idle connection the server dropped (restart, failover) is only logged: the pool opens a new
    // one at the next query. Unheard, this error would end the process.
    pool.on('error', (e) => console.warn('[db] conexão ociosa perdida:', e.message));
    // A connection checked out of the pool (a transaction between two statements) that the server
    // drops emits 'error' on its client, where the pool no longer listens: unheard, that ends the
    // process. The statement in flight (or the next one) fails with the same error, which answers
    // 503, and the broken client is discarded when released; this listener only keeps the process up.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return {
      db,
      kind: 'postgres',
      listenVia: { kind: 'postgres', connectionString: opts.databaseUrl },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  let pglite: PGlite;
  if (opts.memory) {
    // Tests and MSW: PostgreSQL's defaults (these databases are small and short-lived).
    pglite = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } else {
    const dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    // Durable by default: PGlite flushes each commit unless relaxedDurability is set.
    pglite = new PGlite(dir, { startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
  }
  await pglite.waitReady;
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  oneConnection.add(db);
  return {
    db,
    kind: 'pglite',
    listenVia: { kind: 'pglite', pglite },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    consistentCopy: (read) =>
      db.connection().execute(async (conn) => {
        const value = await read(conn);
        await pglite.exec('CHECKPOINT');
        return { tarball: await pglite.dumpDataDir('gzip'), read: value };
      }),
    close: () => closePglite(db, pglite),
  };
}

/**
 * Closes PGlite only once no query is in flight: PGlite 0.4 spins forever, blocking the event loop,
 * when it is closed in the middle of a query (electric-sql/pglite#1058; seen in CI as a test file
 * that never ended, a late list request of the page racing the file's teardown). Holding Kysely's
 * only connection waits for the running query or transaction; queries queued behind it then fail
 * with PGlite's "closed" error instead of starting.
 */
async function closePglite(db: Kysely<any>, pglite: PGlite): Promise<void> {
  await db
    .connection()
    .execute(async () => {
      if (!pglite.closed) await pglite.close();
    })
    .catch(() => {});
  // The dialect's destroy closes PGlite again, which now refuses: already closed.
  await db.destroy().catch(() => {});
}
