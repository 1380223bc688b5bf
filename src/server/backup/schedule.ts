/**
 * Backups while the portal runs (issue 35):
 * - the daily backup, a pg-boss schedule at BACKUP_HORA (portal time zone), claimed per day in
 *   `job_run` like the other daily jobs (one run a day, whatever the number of processes), then the
 *   folders older than BACKUP_RETENCAO_DIAS are removed (the newest one always stays);
 * - `npm run backup` against a running portal on the embedded database: only the process that holds
 *   PGlite may copy it, so the command signals it (SIGUSR2, the process id in DATA_DIR/portal.pid)
 *   and waits for the new folder.
 * Settings: BACKUP_DIR (default ./backups; an s3://bucket/prefix address keeps them in S3, s3-target.ts),
 * BACKUP_HORA (2), BACKUP_RETENCAO_DIAS (7), BACKUP_DIARIO=0 switches the daily one off.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { EntitySchema } from '../../../schemas/kinds';
import { portalTz } from '../db/boss';
import type { Database } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { PID_FILE } from './portal-pid';
import { todayIso } from '../time';
import { createBackup } from './create';
import { MANIFEST_FILE } from './manifest';
import { backupClient, isS3Url, listS3Backups, parseS3Url, pruneS3Backups, uploadBackup } from './s3-target';

export interface BackupSettings {
  /** A local folder (absolute) or an s3://bucket/prefix address. */
  dir: string;
  hour: number;
  retentionDays: number;
  daily: boolean;
}

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const int = (v: string | undefined, fallback: number, min: number, max: number) => {
    const n = Number(v);
    return v !== undefined && v.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  return {
    dir: isS3Url(env.BACKUP_DIR) ? env.BACKUP_DIR.trim() : resolve(env.BACKUP_DIR || './backups'),
    hour: int(env.BACKUP_HORA, 2, 0, 23),
    retentionDays: int(env.BACKUP_RETENCAO_DIAS, 7, 1, 3650),
    daily: env.BACKUP_DIARIO !== '0',
  };
}

/** Removes backup folders older than the retention, keeping the newest; the names removed. */
export function pruneBackups(dir: string, retentionDays: number, now = new Date()): string[] {
  if (!existsSync(dir)) return [];
  const folders = readdirSync(dir)
    .filter((n) => /^portal-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.test(n) && statSync(join(dir, n)).isDirectory())
    .sort();
  const limit = now.getTime() - retentionDays * 86_400_000;
  const old = folders.slice(0, -1).filter((n) => statSync(join(dir, n)).mtimeMs < limit);
  for (const n of old) rmSync(join(dir, n), { recursive: true, force: true });
  return old;
}

export interface BackupDeps {
  database: Database;
  storage: FileStorage;
  databaseUrl?: string;
  schemas: readonly EntitySchema[];
  version: string;
  settings: BackupSettings;
  /** DATA_DIR when the portal runs the local identity stack (identity.ts `localIdentityDataDir`). */
  identityDataDir?: string;
}

/** The s3:// location of the setting, or a pt-BR error when it names no bucket. */
function s3Location(dir: string) {
  const loc = parseS3Url(dir);
  if (!loc) throw new Error(`BACKUP_DIR inválido: ${dir} (use s3://bucket/prefixo ou uma pasta local).`);
  return loc;
}

/** The finished backups at the destination (folder names, sorted). */
export async function listBackups(dir: string): Promise<string[]> {
  if (isS3Url(dir)) return (await listS3Backups(await backupClient(), s3Location(dir))).filter((b) => b.complete).map((b) => b.name);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => !n.endsWith('.parcial') && existsSync(join(dir, n, MANIFEST_FILE)))
        .sort()
    : [];
}

/** One backup now, then the retention; logged in pt-BR. Returns where it is (a folder or an s3:// address). */
export async function backupNow(d: BackupDeps): Promise<string> {
  const s3 = isS3Url(d.settings.dir) ? s3Location(d.settings.dir) : undefined;
  // In S3: made in a local staging folder (TMPDIR), uploaded, then the staging folder removed.
  const staging = s3 ? mkdtempSync(join(tmpdir(), 'portal-backup-')) : d.settings.dir;
  try {
    const made = await createBackup({ ...d, dir: staging });
    let path = made.path;
    let removed: string[];
    if (s3) {
      const client = await backupClient();
      path = await uploadBackup(client, s3, made.path, basename(made.path));
      removed = await pruneS3Backups(client, s3, d.settings.retentionDays);
    } else {
      removed = pruneBackups(d.settings.dir, d.settings.retentionDays);
    }
    const { banco, arquivos, identidade } = made.manifest;
    console.log(
      `[backup] ${path}: banco ${(banco.bytes / 1e6).toFixed(1)} MB, ${Object.keys(arquivos).length} arquivos${identidade ? ', identidade local' : ''}${removed.length ? `; ${removed.length} backups antigos removidos` : ''}`,
    );
    return path;
  } finally {
    if (s3) rmSync(staging, { recursive: true, force: true });
  }
}

export const BACKUP_QUEUE = 'backup-diario';

/** This process works the daily backup (`startEngine` first). */
export async function workBackupJob(boss: PgBoss, d: BackupDeps) {
  if (!d.settings.daily) return { stop: async () => {} };
  await boss.schedule(BACKUP_QUEUE, `0 ${d.settings.hour} * * *`, null, { tz: portalTz() });
  const id = await boss.work(BACKUP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const claim = await sql`insert into job_run (job, dia) values ('backup', cast(${todayIso()} as date)) on conflict do nothing returning job`.execute(
      d.database.db,
    );
    if (!claim.rows.length) return;
    const path = await backupNow(d);
    await sql`update job_run set concluido_em = now(), resultado = cast(${JSON.stringify({ pasta: path })} as jsonb)
      where job = 'backup' and dia = cast(${todayIso()} as date)`.execute(d.database.db);
  });
  return { stop: () => boss.offWork(BACKUP_QUEUE, { id, wait: true }) };
}

/**
 * The running portal answers `npm run backup` (SIGUSR2): its process id in DATA_DIR/portal.pid,
 * removed when it stops. Returns the cleanup.
 */
export function answerBackupSignal(dataDir: string, d: BackupDeps): () => void {
  const pidFile = join(dataDir, PID_FILE);
  try {
    // DATA_DIR may not exist yet (PostgreSQL with local files elsewhere): the portal starts anyway.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(pidFile, String(process.pid));
  } catch (e) {
    console.warn(`[backup] não foi possível gravar ${pidFile}: npm run backup não encontrará este processo (${(e as Error).message}).`);
  }
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    void backupNow(d)
      .catch((e) => console.error('[backup] falhou:', (e as Error).message))
      .finally(() => (running = false));
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    try {
      unlinkSync(pidFile);
    } catch {
      // already gone
    }
  };
}
