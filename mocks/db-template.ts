/**
 * Test databases from a template. A fresh in-memory PGlite costs about seven seconds of CPU before
 * the first test runs (initdb ~4.6 s, migration ~1.2 s, demo seed ~0.8 s, VACUUM ANALYZE), and
 * every API and component test file opens one. The test run's global setup (tests/global-setup.ts)
 * builds one migrated, seeded database with its stored files, once; each test file then loads a
 * copy of its data directory (under a second) and of its files. The copy is the same database a
 * fresh open produces: `openDatabase` still runs the migration and the seed, which find nothing to do.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/boot/open-database';
import { localStorage } from '../src/server/storage/storage';

/** Where the global setup tells the test workers the template is (a directory). */
export const DB_TEMPLATE_ENV = 'PORTAL_TEST_DB_TEMPLATE';

const DATA_FILE = 'pglite.tar';
const FILES_DIR = 'files';

/** Builds the seeded template in a new temporary directory and returns the directory. */
export async function buildDbTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-db-template-'));
  const files = join(dir, FILES_DIR);
  mkdirSync(files);
  const database = await openDatabase({ memory: true, seed: true, storage: localStorage(files) });
  try {
    const dump = await database.dumpDataDir!();
    writeFileSync(join(dir, DATA_FILE), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return dir;
}

let loaded: { dir: string; data: Blob } | undefined;

/**
 * The seeded template announced by the global setup, with its stored files copied into `filesDir`;
 * null when there is none (a test run without the global setup opens a fresh database).
 */
export function seededTemplate(filesDir: string): Blob | null {
  const dir = process.env[DB_TEMPLATE_ENV];
  if (!dir || !existsSync(join(dir, DATA_FILE))) return null;
  if (loaded?.dir !== dir) loaded = { dir, data: new Blob([readFileSync(join(dir, DATA_FILE))]) };
  cpSync(join(dir, FILES_DIR), filesDir, { recursive: true });
  return loaded.data;
}

/** Removes a template directory. */
export function removeDbTemplate(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
