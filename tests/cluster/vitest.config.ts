import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: the multi-process test alone (it starts its own processes; PostgreSQL via TEST_DATABASE_URL). */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
