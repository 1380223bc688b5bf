import { afterAll, beforeAll } from 'vitest';
import { createTestApi, type TestApi } from '../../mocks/test-app';

/**
 * Both databases (PostgreSQL only when TEST_DATABASE_URL is set) for the files whose subject is the
 * database engine itself: LISTEN/NOTIFY between processes (live-events, cache-notices, session-streams,
 * revocation, maintenance's switch reaching another process), concurrent writes and locks (crud,
 * numbering, idempotency, daily-digest, seguros' daily job run by two processes at once, rate-limit,
 * sign-in-throttle-store, rdo-record-integrity's one report per site and date under an advisory lock,
 * sla's e-mails sent once by passes running at the same time), DDL and migrations over existing rows (schema-config, empresa-migration,
 * interaction-site-backfill, rit-upgrade), planner statistics (count-estimate), time zones and
 * aggregates in SQL (aggregate, aggregate-duration, auditoria), text search and what it shows each
 * person (busca, busca-acesso: the text search configuration, unaccent and pg_trgm are the engine's
 * own builds on each side), bulk writes (import), the pool's end (shutdown, health-metrics).
 */
export const ENGINE_BACKENDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database for the API behaviour decided above the database — access rules, validation,
 * workflows, documents, answers — by the same SQL on either engine: PostgreSQL when TEST_DATABASE_URL
 * is set (CI), PGlite otherwise (`npm test` on a new clone). In CI the PGlite side of these is proven
 * by the ENGINE_BACKENDS files, by the app's tests (every screen calls the real API on PGlite
 * in-process) and by the browser suite (`npm start` runs on PGlite).
 */
export const BACKENDS: ('pglite' | 'postgres')[] = [ENGINE_BACKENDS[ENGINE_BACKENDS.length - 1]];

/** The generated sweeps of the HTTP contract (bad-input, route-fuzz, contract, contract-params): one database, as BACKENDS. */
export const SWEEP_BACKENDS = BACKENDS;

/**
 * A seeded API for the enclosing describe block, on the given backend; `options` (read when the block
 * starts, after the earlier `beforeAll`s) adds to createTestApi's, e.g. another file storage.
 */
export function useApi(backend: 'pglite' | 'postgres', options?: () => Omit<NonNullable<Parameters<typeof createTestApi>[0]>, 'databaseUrl'>) {
  const ref = {} as { api: TestApi };
  beforeAll(async () => {
    ref.api = await createTestApi({ ...options?.(), databaseUrl: backend === 'pglite' ? null : process.env.TEST_DATABASE_URL });
  });
  afterAll(async () => {
    await ref.api?.close();
  });
  return ref;
}
