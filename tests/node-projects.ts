/** Which server-side test files share their worker's modules, and which get their own (vite.config.ts). */
/** The server-side tests (Node environment). */
export const NODE_TESTS = [
  'src/server/**/*.test.ts',
  'src/access/**/*.test.ts',
  'schemas/**/*.test.ts',
  'resources/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/*.test.ts',
];

/**
 * The server-side tests that change what a module holds for the whole process, so they each get a
 * fresh module graph: `vi.mock`/`vi.doMock`, environment variables read when a module loads, fake
 * timers, and registries filled on purpose with entities that do not exist (hooks, modules). A new
 * test file of that kind belongs here; any other shares its worker's modules with the files before it.
 */
export const NODE_ISOLATED = [
  'src/server/crud/hooks-registry.test.ts',
  'src/server/modules/register.test.ts',
  'src/server/db/migrate.test.ts',
  'src/server/identity/hardening.test.ts',
  'src/server/http/json-body-limit.test.ts',
  'tests/api/access-plans.test.ts',
  'tests/api/backup-s3.test.ts',
  'tests/api/count-estimate.test.ts',
  'tests/api/files-security.test.ts',
  'tests/api/health-metrics.test.ts',
  'tests/api/idempotency.test.ts',
  'tests/api/import-keys.test.ts',
  'tests/api/import-lists.test.ts',
  'tests/api/import-round-trip.test.ts',
  'tests/api/live-events.test.ts',
  'tests/api/photo-markup.test.ts',
  'tests/api/plantas.test.ts',
  'tests/api/rdo-signatures-limits.test.ts',
  'tests/api/s3-storage.test.ts',
  'tests/api/security-headers.test.ts',
  'tests/api/simple-rest-contract.test.ts',
  'tests/api/weather.test.ts',
  'tests/api/webhooks-events.test.ts',
  'tests/api/webhooks.test.ts',
];
