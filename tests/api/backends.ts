import { afterAll, beforeAll } from 'vitest';
import { createTestApi, type TestApi } from '../../mocks/test-app';

/** The databases every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

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
