/**
 * A backup's manifest (`manifesto.json` in the backup folder): what was copied, when, by which
 * version of the portal and of its schemas, how many rows each table held at the copy's moment,
 * and the SHA-256 of the database file and of every stored file, so a restore can refuse a
 * corrupt, partial or foreign copy before it touches anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { EXTRA_COLUMN } from '../db/columns';
import { desiredState } from '../db/ddl';
import type { IdentityFiles } from './identity';

export const MANIFEST_FILE = 'manifesto.json';
export const FILES_DIR = 'arquivos';
/** The database's copy: PGlite's data directory as a gzip tarball, or PostgreSQL's `pg_dump -Fc`. */
export const DATABASE_FILE = { pglite: 'banco-pglite.tar.gz', postgres: 'banco-postgres.dump' } as const;
/** Tag of a portal backup: anything else is refused as foreign. */
export const BACKUP_FORMAT = 'portal-backup/1';

export interface BackupManifest {
  formato: typeof BACKUP_FORMAT;
  /** ISO time of the copy's moment. */
  criadoEm: string;
  versao: string;
  /** SHA-256 of the code schemas (tables and fields) the copy was taken with. */
  esquema: string;
  banco: { tipo: 'pglite' | 'postgres'; arquivo: string; sha256: string; bytes: number };
  /** The entity tables and their columns the database was migrated to (its `_esquema`), at the copy's moment. */
  tabelas?: Record<string, string[]>;
  /** Rows per table at the copy's moment. */
  contagens: Record<string, number>;
  /** Each stored file (by key): its SHA-256, size and content type. */
  arquivos: Record<string, { sha256: string; bytes: number; tipo: string }>;
  /** The local identity stack's files (`cognito/…`, `idp-cert/…` under DATA_DIR), when the portal runs it. */
  identidade?: IdentityFiles;
}

/** The fingerprint of the schemas a database is migrated to (names, fields and their kinds). */
export function schemaFingerprint(schemas: readonly EntitySchema[]): string {
  const shape = schemas.map((s) => [s.name, s.fields.map((f) => [f.name, f.kind])]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}

/**
 * What a backup's tables have that this code's schemas do not (`tabela` or `tabela.coluna`): a newer
 * schema, refused by the restore. The column of the administrators' custom fields is not counted.
 */
export function newerSchemaParts(backupTables: Record<string, string[]>, schemas: readonly EntitySchema[]): string[] {
  const code = desiredState([...schemas]);
  const out: string[] = [];
  for (const [table, columns] of Object.entries(backupTables)) {
    if (!code[table]) out.push(table);
    else for (const c of columns) if (c !== EXTRA_COLUMN && !code[table].columns[c]) out.push(`${table}.${c}`);
  }
  return out.sort();
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every table of the portal's schema (public), sorted. */
export async function portalTables(db: Db): Promise<string[]> {
  const r = await sql<{ t: string }>`
    select table_name as t from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  return r.rows.map((x) => x.t);
}

/** Rows per table, read on `db` (inside the copy's snapshot). */
export async function tableCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(t)}`.execute(db);
    out[t] = Number(r.rows[0].n);
  }
  return out;
}

/** Compares two semantic versions ("3.5.1"): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
