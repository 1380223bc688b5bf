/**
 * `npm run backup` and the daily backup job (issue 35): a folder `portal-<moment>` holding the
 * database as of one moment, the stored files it references, and the manifest (manifest.ts).
 * - PGlite: the data directory copied while the only connection is held and after a CHECKPOINT
 *   (`consistentCopy`, src/server/db/connect.ts): every write before is in, every write after waits.
 * - PostgreSQL: `pg_dump -Fc` on a snapshot exported by a REPEATABLE READ transaction, which also
 *   reads the counts and the file keys, so the three agree whatever is written meanwhile.
 * With the local identity stack, its accounts (DATA_DIR/cognito) are copied right after (identity.ts).
 * The folder is written as `<name>.parcial` and renamed once complete: a half-written backup is
 * never taken for one.
 */
import { runProgram } from './run';
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Database, Db } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { thumbKey } from '../storage/thumbnails';
import { copyIdentity } from './identity';
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  portalTables,
  schemaFingerprint,
  sha256OfFile,
  tableCounts,
  type BackupManifest,
} from './manifest';

export interface BackupOptions {
  database: Database;
  storage: FileStorage;
  /** Where backup folders are written (BACKUP_DIR). */
  dir: string;
  /** PostgreSQL: the URL pg_dump connects to (DATABASE_URL). */
  databaseUrl?: string;
  schemas: readonly EntitySchema[];
  version: string;
  /** DATA_DIR of a portal on the local identity stack: its accounts are copied too (identity.ts). */
  identityDataDir?: string;
  now?: Date;
}

interface Snapshot {
  tables: Record<string, string[]>;
  counts: Record<string, number>;
  files: { key: string; tipo: string }[];
}

/** A stored file's key as a path under the backup's files folder (keys are the server's own; anything else is refused). */
export function fileKeyPath(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.' || p === '') || key.includes('\u0000')) {
    throw new Error(`Chave de arquivo inválida no banco: ${JSON.stringify(key)}`);
  }
  return key;
}

async function snapshotOf(conn: Db): Promise<Snapshot> {
  const counts = await tableCounts(conn, await portalTables(conn));
  const r = await sql<{ key: string; tipo: string }>`select key, tipo from arquivo order by key`.execute(conn);
  const st = await sql<{ tabela: string; estado: { columns: Record<string, unknown> } }>`select tabela, estado from _esquema order by tabela`.execute(conn);
  const tables = Object.fromEntries(st.rows.map((x) => [x.tabela, Object.keys(x.estado.columns).sort()]));
  return { tables, counts, files: r.rows };
}

/** Copies one stored file into the backup; its hash and size, or undefined when the store no longer has it. */
async function copyFile(storage: FileStorage, key: string, target: string): Promise<{ sha256: string; bytes: number } | undefined> {
  const got = await storage.get(key);
  if (!got) return undefined;
  const chunks: Uint8Array[] = [];
  const reader = got.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array);
  }
  const body = Buffer.concat(chunks);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body);
  return { sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
}

/** The backup folder's name for a moment: `portal-2026-11-27T19-50-00Z`. */
export const backupName = (at: Date) =>
  `portal-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}`;

export async function createBackup(o: BackupOptions): Promise<{ path: string; manifest: BackupManifest }> {
  const at = o.now ?? new Date();
  const path = join(o.dir, backupName(at));
  const partial = `${path}.parcial`;
  mkdirSync(join(partial, FILES_DIR), { recursive: true });
  const kind = o.database.kind;
  const dbFile = join(partial, DATABASE_FILE[kind]);
  let snap: Snapshot;
  if (kind === 'pglite') {
    if (!o.database.consistentCopy) throw new Error('Este banco embutido não permite cópia consistente.');
    const { tarball, read } = await o.database.consistentCopy(snapshotOf);
    writeFileSync(dbFile, Buffer.from(await tarball.arrayBuffer()));
    snap = read;
  } else {
    if (!o.databaseUrl) throw new Error('Informe DATABASE_URL para o pg_dump.');
    snap = await o.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const exported = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
        const read = await snapshotOf(trx);
        // pg_dump sees exactly this transaction's snapshot while it is open.
        await runProgram('pg_dump', ['-Fc', '--no-owner', '--no-acl', `--snapshot=${exported.rows[0].id}`, '-f', dbFile, o.databaseUrl!]);
        return read;
      });
  }
  // Right after the database's moment: the identity's files are not in the database's transaction.
  const identidade = o.identityDataDir ? await copyIdentity(o.identityDataDir, partial) : {};
  const arquivos: BackupManifest['arquivos'] = {};
  for (const f of snap.files) {
    for (const [key, tipo] of [
      [f.key, f.tipo],
      [thumbKey(f.key), 'image/webp'],
    ] as const) {
      const copied = await copyFile(o.storage, key, join(partial, FILES_DIR, fileKeyPath(key)));
      if (copied) arquivos[key] = { ...copied, tipo };
    }
  }
  const manifest: BackupManifest = {
    formato: BACKUP_FORMAT,
    criadoEm: at.toISOString(),
    versao: o.version,
    esquema: schemaFingerprint(o.schemas),
    banco: { tipo: kind, arquivo: DATABASE_FILE[kind], sha256: await sha256OfFile(dbFile), bytes: statSync(dbFile).size },
    tabelas: snap.tables,
    contagens: snap.counts,
    arquivos,
    ...(Object.keys(identidade).length ? { identidade } : {}),
  };
  writeFileSync(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  renameSync(partial, path);
  return { path, manifest };
}
