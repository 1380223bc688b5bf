/**
 * `npm run backup`: a backup of the portal now (src/server/backup/), in BACKUP_DIR (./backups, or an
 * s3://bucket/prefix address), with the local identity's accounts when the portal runs that stack.
 * - PostgreSQL (DATABASE_URL): pg_dump on a snapshot, whether the portal runs or not.
 * - Embedded database: if the portal runs on DATA_DIR (DATA_DIR/portal.pid), it is asked to make
 *   the copy (only the process holding PGlite may); otherwise the data directory is opened here.
 * Prints the folder; exit code 1 with a pt-BR message on failure.
 */
import { join } from 'node:path';
import { SCHEMAS } from '../schemas';
import { serverConfig } from '../src/server/config';
import { connect } from '../src/server/db/connect';
import { storageFromEnv } from '../src/server/storage/storage';
import { APP_VERSION } from '../src/server/version';
import { backupNow, backupSettings, listBackups } from '../src/server/backup/schedule';
import { hasEmbeddedDatabase, runningPortalPid } from '../src/server/backup/portal-pid';
import { localIdentityDataDir } from '../src/server/backup/identity';

async function askRunningPortal(pid: number, dir: string): Promise<string> {
  const before = new Set(await listBackups(dir));
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, dir.startsWith('s3://') ? 2000 : 500));
    const made = (await listBackups(dir)).find((n) => !before.has(n));
    if (made) return dir.startsWith('s3://') ? `${dir.replace(/\/+$/, '')}/${made}` : join(dir, made);
  }
  throw new Error(`O portal em execução (pid ${pid}) não concluiu o backup em 10 minutos: veja o log do servidor.`);
}

async function main() {
  const cfg = serverConfig();
  const settings = backupSettings();
  const pid = runningPortalPid(cfg.dataDir);
  if (!cfg.databaseUrl && pid) {
    console.log(`Portal em execução (pid ${pid}) com o banco embutido: ele faz a cópia.`);
    console.log(`Backup criado: ${await askRunningPortal(pid, settings.dir)}`);
    return;
  }
  if (!cfg.databaseUrl && !hasEmbeddedDatabase(cfg.dataDir)) {
    throw new Error(`Não há banco do portal em ${join(cfg.dataDir, 'pglite')}: confira DATA_DIR (ou DATABASE_URL) ou inicie o portal uma vez com npm start.`);
  }
  const database = await connect(cfg.databaseUrl ? { databaseUrl: cfg.databaseUrl, poolSize: 2 } : { dataDir: cfg.dataDir });
  try {
    const storage = await storageFromEnv(cfg.dataDir);
    const identityDataDir = localIdentityDataDir(cfg.dataDir);
    const path = await backupNow({ database, storage, databaseUrl: cfg.databaseUrl, schemas: SCHEMAS, version: APP_VERSION, settings, identityDataDir });
    console.log(`Backup criado: ${path}`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(`Backup não concluído: ${(e as Error).message}`);
  process.exit(1);
});
