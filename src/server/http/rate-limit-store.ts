/**
 * Where the rate limits count (issue 27): the portal's database (PostgreSQL or the embedded PGlite,
 * table `portal_rate_limit`) or Redis when `REDIS_URL` is set, through rate-limiter-flexible, so
 * that a limit holds across the portal's processes and across restarts. Every limiter is insured by
 * an in-memory one (`insuranceLimiter`): while the store fails, this process counts on its own and
 * keeps answering; the store takes over again as soon as it answers.
 *
 * The database store goes through the portal's Kysely (its `pg` pool, or PGlite's single
 * connection): RateLimiterPostgres calls `client.query({ text, values, name })` and reads
 * `{ rows, rowCount }`, which `pg.Pool` offers but PGlite's `query(text, params)` does not, so a
 * small adapter serves both backends the same way.
 */
import { CompiledQuery } from 'kysely';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/connect';

export type RateLimitStore =
  /** PostgreSQL or PGlite, through the portal's Kysely. */
  | { kind: 'database'; db: Db }
  | { kind: 'redis'; redis: Redis }
  /** This process only (the local identity stack without a database, unit tests). */
  | { kind: 'memory' };

export interface LimiterSpec {
  /** Names the counter (several limiters share the store). */
  keyPrefix: string;
  /** Points (requests, failures) allowed per window. */
  points: number;
  durationSec: number;
}

export const RATE_LIMIT_TABLE = 'portal_rate_limit';

let lastWarning = 0;
/** A failing store is said once a minute at most (every request would say it otherwise). */
function warnStore(where: string, e: unknown): void {
  if (Date.now() - lastWarning < 60_000) return;
  lastWarning = Date.now();
  console.warn(`[limites] ${where} indisponível: contagem em memória neste processo até voltar.`, e instanceof Error ? e.message : e);
}

/** RateLimiterPostgres' client over Kysely (the statement name is ignored: Kysely prepares nothing by name). */
function sqlClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      try {
        const r = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
        return { rows: r.rows, rowCount: r.rows.length || Number(r.numAffectedRows ?? 0) };
      } catch (e) {
        warnStore('banco de dados', e);
        throw e;
      }
    },
  };
}

/** The counters' table, created once per database (the same statement as RateLimiterPostgres'). */
const tables = new WeakMap<Db, Promise<void>>();
function ensureTable(db: Db): Promise<void> {
  const known = tables.get(db);
  if (known) return known;
  const stmt = `CREATE TABLE IF NOT EXISTS "${RATE_LIMIT_TABLE}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;
  const created = sqlClient(db)
    .query({ text: stmt })
    .then(
      () => undefined,
      // Another process creating it at the same moment (23505), or the database down: the limiter is
      // insured meanwhile, and the next limiter created tries again.
      () => void tables.delete(db),
    );
  tables.set(db, created);
  return created;
}

/** A limiter on the store, insured by memory (the memory store: that limiter alone). */
export async function createLimiter(store: RateLimitStore, spec: LimiterSpec): Promise<RateLimiterAbstract> {
  const base = { keyPrefix: spec.keyPrefix, points: spec.points, duration: spec.durationSec };
  const insuranceLimiter = new RateLimiterMemory(base);
  switch (store.kind) {
    case 'memory':
      return insuranceLimiter;
    case 'redis':
      // Not connected: refused at once and counted in memory, instead of waiting for a reconnection.
      return new RateLimiterRedis({ ...base, keyPrefix: `portal:${spec.keyPrefix}`, storeClient: store.redis, rejectIfRedisNotReady: true, insuranceLimiter });
    case 'database':
      await ensureTable(store.db);
      return new RateLimiterPostgres({
        ...base,
        storeClient: sqlClient(store.db),
        storeType: 'client',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        insuranceLimiter,
      });
  }
}

/** A Redis client for the limits: no offline queue (a command while disconnected fails at once: memory counts). */
export function redisClient(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, retryStrategy: (n) => Math.min(n * 500, 5_000) });
  redis.on('error', (e) => warnStore('Redis (REDIS_URL)', e));
  return redis;
}

/** `REDIS_URL` → Redis (its client closed by `close`); otherwise the portal's database. */
export function rateLimitStoreFromEnv(db: Db, env: NodeJS.ProcessEnv = process.env): { store: RateLimitStore; close(): Promise<void> } {
  const url = env.REDIS_URL?.trim();
  if (!url) return { store: { kind: 'database', db }, close: async () => {} };
  const redis = redisClient(url);
  return { store: { kind: 'redis', redis }, close: () => closeRedis(redis) };
}

export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
