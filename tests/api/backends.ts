import { afterAll, beforeAll } from 'vitest';
import { createTestApi, type TestApi } from '../../mocks/test-app';

/** The databases every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database for the generated sweeps of the HTTP contract (bad-input, route-fuzz, contract,
 * contract-params: status codes, pt-BR messages, answers against the OpenAPI document, for every route
 * and entity). What they check is decided above the database, by the same SQL on either one; the
 * other API files prove that both databases answer alike. PostgreSQL when TEST_DATABASE_URL is set (CI,
 * which also runs the PGlite side of every other file), PGlite otherwise (`npm test` on a new clone).
 */
export const SWEEP_BACKENDS: ('pglite' | 'postgres')[] = [BACKENDS[BACKENDS.length - 1]];

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
