/**
 * `npm run restore <pasta>` (issue 35): checks the whole backup against its manifest before
 * touching anything — a portal backup (not a foreign folder), of this portal's version or an older
 * one (a newer schema than the code is refused), of the same kind of database, every hash right —
 * then puts the database and the files back and checks every table's row count against the
 * manifest. A portal that already has data is replaced only with `substituir` (PGlite: the current
 * data directory is moved aside, not deleted; PostgreSQL: `pg_restore --clean`). The local identity's
 * accounts, when the backup has them, go back to DATA_DIR/cognito (identity.ts).
 */
import { runProgram } from './run';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { EntitySchema } from '../../../schemas/kinds';
import type { FileStorage } from '../storage/storage';
import { connect } from '../db/connect';
import { fileKeyPath } from './create';
import { IDENTITY_DIR, identityHasData, identityKeyPath, restoreIdentity } from './identity';
import {
  BACKUP_FORMAT,
  FILES_DIR,
  MANIFEST_FILE,
  compareVersions,
  newerSchemaParts,
  portalTables,
  sha256OfFile,
  tableCounts,
  type BackupManifest,
} from './manifest';

/** A refusal, in pt-BR, with nothing changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface RestoreOptions {
  /** The backup folder (`portal-…`). */
  path: string;
  /** PGlite: the portal's DATA_DIR (the database goes to `<dataDir>/pglite`). */
  dataDir: string;
  /** PostgreSQL: DATABASE_URL of the portal to restore into. */
  databaseUrl?: string;
  storage: FileStorage;
  version: string;
  /** The code's schemas: a backup with tables or columns they lack is of a newer schema, refused. */
  schemas: readonly EntitySchema[];
  /** Replace a portal that already has data. */
  substituir?: boolean;
  now?: Date;
}

/** Reads and checks a backup folder; the manifest, or a BackupError saying what is wrong. */
export async function checkBackup(path: string, version: string, schemas: readonly EntitySchema[]): Promise<BackupManifest> {
  if (!existsSync(path) || !statSync(path).isDirectory())
    throw new BackupError(`Backup não encontrado: ${path} (informe a pasta portal-… criada por npm run backup).`);
  const manifestPath = join(path, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new BackupError(`${path} não é um backup do portal: falta o ${MANIFEST_FILE}.`);
  let m: BackupManifest;
  try {
    m = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`O ${MANIFEST_FILE} de ${path} está corrompido (não é um JSON válido).`);
  }
  if (m?.formato !== BACKUP_FORMAT || !m.banco || !m.contagens || !m.arquivos)
    throw new BackupError(`${path} não é um backup do portal (formato desconhecido).`);
  if (compareVersions(m.versao, version) > 0) {
    throw new BackupError(`Este backup é da versão ${m.versao} do portal, mais nova que a instalada (${version}): atualize o portal antes de restaurá-lo.`);
  }
  // Of the same version (an older one may hold what a later version removed, which its migration handles):
  // tables or columns this code does not know come from a newer build.
  const newer = newerSchemaParts(m.tabelas ?? {}, schemas);
  if (newer.length && compareVersions(m.versao, version) === 0) {
    const named = newer.slice(0, 8).join(', ') + (newer.length > 8 ? ` e mais ${newer.length - 8}` : '');
    throw new BackupError(
      `Este backup tem um esquema mais novo que o do portal instalado (${version}): ${named} não existem nesta versão. Atualize o portal antes de restaurá-lo.`,
    );
  }
  const dbFile = join(path, m.banco.arquivo);
  if (!existsSync(dbFile) || (await sha256OfFile(dbFile)) !== m.banco.sha256) {
    throw new BackupError(`O backup está corrompido: ${m.banco.arquivo} não confere com o manifesto. Nada foi alterado.`);
  }
  const under = (folder: string, rel: string, check: (rel: string) => string) => {
    try {
      return join(path, folder, check(rel));
    } catch {
      throw new BackupError(`${path} não é um backup do portal: o manifesto cita o caminho inválido ${JSON.stringify(rel)}.`);
    }
  };
  for (const [key, f] of Object.entries(m.arquivos)) {
    const file = under(FILES_DIR, key, fileKeyPath);
    if (!existsSync(file) || (await sha256OfFile(file)) !== f.sha256) {
      throw new BackupError(`O backup está corrompido: o arquivo ${key} falta ou não confere com o manifesto. Nada foi alterado.`);
    }
  }
  for (const [rel, f] of Object.entries(m.identidade ?? {})) {
    const file = under(IDENTITY_DIR, rel, identityKeyPath);
    if (!existsSync(file) || (await sha256OfFile(file)) !== f.sha256) {
      throw new BackupError(`O backup está corrompido: o arquivo de identidade ${rel} falta ou não confere com o manifesto. Nada foi alterado.`);
    }
  }
  return m;
}

const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');

/** Whether the PostgreSQL database already holds portal data (any row in the portal's tables). */
async function postgresHasData(databaseUrl: string): Promise<boolean> {
  const database = await connect({ databaseUrl, poolSize: 1 });
  try {
    const counts = await tableCounts(database.db, await portalTables(database.db));
    return Object.values(counts).some((n) => n > 0);
  } finally {
    await database.close();
  }
}

/** Restores the backup; returns its manifest once the restored tables hold the manifest's counts. */
export async function restoreBackup(o: RestoreOptions): Promise<BackupManifest> {
  const m = await checkBackup(o.path, o.version, o.schemas);
  const kind = o.databaseUrl ? 'postgres' : 'pglite';
  if (m.banco.tipo !== kind) {
    throw new BackupError(
      m.banco.tipo === 'pglite'
        ? 'Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL.'
        : 'Este backup é de um PostgreSQL: restaure-o com DATABASE_URL apontando para o banco de destino.',
    );
  }
  const dbFile = join(o.path, m.banco.arquivo);
  const stamp = stampOf(o.now ?? new Date());
  const dir = join(o.dataDir, 'pglite');
  const hasData = kind === 'pglite' && (existsSync(join(dir, 'PG_VERSION')) || (existsSync(dir) && readdirSync(dir).length > 0));
  if (hasData && !o.substituir) {
    throw new BackupError(
      `O portal de destino já tem dados (${dir}). Para trocá-los pelo backup, repita com --substituir (os dados atuais serão movidos para o lado, não apagados).`,
    );
  }
  if (kind === 'postgres' && !o.substituir && (await postgresHasData(o.databaseUrl!))) {
    throw new BackupError('O banco PostgreSQL de destino já tem dados do portal. Para trocá-los pelo backup, repita com --substituir.');
  }
  if (m.identidade && !o.substituir && identityHasData(o.dataDir)) {
    throw new BackupError(
      `O portal de destino já tem contas na identidade local (${join(o.dataDir, 'cognito')}). Para trocá-las pelas do backup, repita com --substituir (as atuais serão movidas para o lado, não apagadas).`,
    );
  }
  if (kind === 'pglite') {
    if (hasData) renameSync(dir, `${dir}.antes-da-restauracao-${stamp}`);
    mkdirSync(dir, { recursive: true });
    const pg = new PGlite(dir, { loadDataDir: new Blob([readFileSync(dbFile)]) });
    await pg.waitReady;
    await pg.close();
  } else {
    await runProgram('pg_restore', ['--no-owner', '--no-acl', ...(o.substituir ? ['--clean', '--if-exists'] : []), '-d', o.databaseUrl!, dbFile]);
  }
  if (m.identidade) restoreIdentity(o.path, m.identidade, o.dataDir, stamp);
  for (const [key, f] of Object.entries(m.arquivos)) {
    await o.storage.put(key, readFileSync(join(o.path, FILES_DIR, fileKeyPath(key))), f.tipo);
  }
  // The restored database holds what the manifest says, table by table.
  const database = await connect(kind === 'pglite' ? { dataDir: o.dataDir } : { databaseUrl: o.databaseUrl, poolSize: 1 });
  try {
    const counts = await tableCounts(database.db, Object.keys(m.contagens));
    const wrong = Object.entries(m.contagens).filter(([t, n]) => counts[t] !== n);
    if (wrong.length) throw new BackupError(`A restauração não confere com o manifesto: ${wrong.map(([t, n]) => `${t} (${counts[t]} de ${n})`).join(', ')}.`);
  } finally {
    await database.close();
  }
  return m;
}
