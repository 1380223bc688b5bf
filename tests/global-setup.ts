/**
 * Vitest global setup: one migrated, seeded database for the whole run (mocks/db-template.ts).
 * Runs in the main process before the workers start; they inherit the environment variable.
 * With several projects it may be called once per project: the first call builds, the others reuse.
 */
import { buildDbTemplate, DB_TEMPLATE_ENV, removeDbTemplate } from '../mocks/db-template';

export async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[DB_TEMPLATE_ENV]) return undefined;
  const dir = await buildDbTemplate();
  process.env[DB_TEMPLATE_ENV] = dir;
  return async () => {
    await removeDbTemplate(dir);
    delete process.env[DB_TEMPLATE_ENV];
  };
}
