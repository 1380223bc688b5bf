/**
 * `npm run restore <pasta> [--substituir]`: puts a backup made by `npm run backup` back
 * (src/server/backup/restore.ts) into DATA_DIR (embedded database) or DATABASE_URL, with its files.
 * Refuses while the portal runs on that DATA_DIR, a corrupt or foreign folder, a backup of a newer
 * version, and a portal that already has data unless --substituir is given. Start the portal after.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverConfig } from '../src/server/config';
import { storageFromEnv } from '../src/server/storage/storage';
import { APP_VERSION } from '../src/server/version';
import { PID_FILE } from '../src/server/backup/schedule';
import { BackupError, restoreBackup } from '../src/server/backup/restore';

async function main() {
  const args = process.argv.slice(2);
  const path = args.find((a) => !a.startsWith('--'));
  if (!path) throw new BackupError('Uso: npm run restore -- <pasta do backup> [--substituir]');
  const cfg = serverConfig();
  const pidFile = join(cfg.dataDir, PID_FILE);
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    let running = false;
    try {
      process.kill(pid, 0);
      running = true;
    } catch {
      running = false;
    }
    if (running) throw new BackupError(`O portal está em execução (pid ${pid}) sobre ${cfg.dataDir}: pare-o antes de restaurar.`);
  }
  const m = await restoreBackup({
    path: resolve(path),
    dataDir: cfg.dataDir,
    databaseUrl: cfg.databaseUrl,
    storage: await storageFromEnv(cfg.dataDir),
    version: APP_VERSION,
    substituir: args.includes('--substituir'),
  });
  const rows = Object.values(m.contagens).reduce((a, b) => a + b, 0);
  console.log(
    `Backup de ${m.criadoEm} restaurado: ${rows} linhas em ${Object.keys(m.contagens).length} tabelas, ${Object.keys(m.arquivos).length} arquivos. Inicie o portal (npm start).`,
  );
}

main().catch((e) => {
  console.error(e instanceof BackupError ? e.message : `Restauração não concluída: ${(e as Error).message}`);
  process.exit(1);
});
