/**
 * Test databases from a template. A fresh in-memory PGlite costs about seven seconds of CPU before
 * the first test runs (initdb ~4.6 s, migration ~1.2 s, demo seed ~0.8 s, VACUUM ANALYZE), and
 * every API and component test file opens one. The test run's global setup (tests/global-setup.ts)
 * builds one migrated, seeded database with its stored files, once; each test file then loads a
 * copy of its data directory (under a second) and of its files. The copy is the same database a
 * fresh open produces: `openDatabase` still runs the migration and the seed, which find nothing to do.
 * With `TEST_DATABASE_URL` the same is done on the PostgreSQL server: one seeded database built once,
 * which each API test's database is created from (`CREATE DATABASE … TEMPLATE …`, about a second
 * instead of the ~14 s a migration and seed take there).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import { openDatabase } from '../src/server/boot/open-database';
import { localStorage } from '../src/server/storage/storage';

/** Where the global setup tells the test workers the template is (a directory). */
export const DB_TEMPLATE_ENV = 'PORTAL_TEST_DB_TEMPLATE';

const DATA_FILE = 'pglite.tar';
const FILES_DIR = 'files';
const PG_NAME_FILE = 'postgres-template.txt';
const PG_FILES_DIR = 'postgres-files';

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Builds the seeded PostgreSQL template database (and its stored files) beside the PGlite one. */
async function buildPgTemplate(dir: string, serverUrl: string): Promise<void> {
  const name = `portal_tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const files = join(dir, PG_FILES_DIR);
  mkdirSync(files);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), seed: true, storage: localStorage(files) });
  await database.close();
  writeFileSync(join(dir, PG_NAME_FILE), name);
}

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
  if (process.env.TEST_DATABASE_URL) await buildPgTemplate(dir, process.env.TEST_DATABASE_URL);
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

/**
 * The seeded PostgreSQL template's name, with its stored files copied into `filesDir`; null without
 * one (no global setup, or no `TEST_DATABASE_URL` when it ran).
 */
export function seededPgTemplate(filesDir: string): string | null {
  const dir = process.env[DB_TEMPLATE_ENV];
  if (!dir || !existsSync(join(dir, PG_NAME_FILE))) return null;
  cpSync(join(dir, PG_FILES_DIR), filesDir, { recursive: true });
  return readFileSync(join(dir, PG_NAME_FILE), 'utf8');
}

/** Removes a template directory and, where one was built, the PostgreSQL template database. */
export async function removeDbTemplate(dir: string): Promise<void> {
  const pgName = join(dir, PG_NAME_FILE);
  if (process.env.TEST_DATABASE_URL && existsSync(pgName)) {
    await onServer(process.env.TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${readFileSync(pgName, 'utf8')} WITH (FORCE)`).catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
}
