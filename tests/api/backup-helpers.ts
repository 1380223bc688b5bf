/** Helpers of the backup tests (issue 35): temporary folders, table digests, refusals. */
import { afterAll, expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { portalTables } from '../../src/server/backup/manifest';
import { BackupError } from '../../src/server/backup/restore';

/** Temporary folders, removed after the file's tests. */
export function tempDirs() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}

/** Every table's rows as one digest each (rows as text, sorted): equal digests, equal tables. */
export async function digests(db: Db, skip: string[] = []): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await portalTables(db)) {
    if (skip.includes(t)) continue;
    const r = await sql<{
      d: string;
    }>`select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as d from (select t::text as x from ${sql.table(t)} t) s`.execute(db);
    out[t] = r.rows[0].d;
  }
  return out;
}

export const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The work is refused with a BackupError whose pt-BR message matches. */
export async function expectRefused(work: Promise<unknown>, message: RegExp) {
  const e = await work.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(BackupError);
  expect((e as Error).message).toMatch(message);
}
