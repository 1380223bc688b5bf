/**
 * Backups while the portal runs (issue 35):
 * - the daily backup, a pg-boss schedule at BACKUP_HORA (portal time zone), claimed per day in
 *   `job_run` like the other daily jobs (one run a day, whatever the number of processes), then the
 *   folders older than BACKUP_RETENCAO_DIAS are removed (the newest one always stays);
 * - `npm run backup` against a running portal on the embedded database: only the process that holds
 *   PGlite may copy it, so the command signals it (SIGUSR2, the process id in DATA_DIR/portal.pid)
 *   and waits for the new folder.
 * Settings: BACKUP_DIR (default ./backups), BACKUP_HORA (2), BACKUP_RETENCAO_DIAS (7), BACKUP_DIARIO=0 switches the daily one off.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { EntitySchema } from '../../../schemas/kinds';
import { portalTz } from '../db/boss';
import type { Database } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { todayIso } from '../time';
import { createBackup } from './create';

export interface BackupSettings {
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
    dir: resolve(env.BACKUP_DIR || './backups'),
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
}

/** One backup now, then the retention; logged in pt-BR. */
export async function backupNow(d: BackupDeps): Promise<string> {
  const { path, manifest } = await createBackup({ ...d, dir: d.settings.dir });
  const removed = pruneBackups(d.settings.dir, d.settings.retentionDays);
  const files = Object.keys(manifest.arquivos).length;
  console.log(
    `[backup] ${path}: banco ${(manifest.banco.bytes / 1e6).toFixed(1)} MB, ${files} arquivos${removed.length ? `; ${removed.length} backups antigos removidos` : ''}`,
  );
  return path;
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

export const PID_FILE = 'portal.pid';

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
