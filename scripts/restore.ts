/**
 * `npm run restore <pasta | s3://bucket/prefixo/portal-…> [--substituir]`: puts a backup made by
 * `npm run backup` back (src/server/backup/restore.ts) into DATA_DIR (embedded database) or
 * DATABASE_URL, with its files and the local identity's accounts; one in S3 is downloaded first.
 * Refuses while the portal runs on that DATA_DIR, a corrupt or foreign folder, a backup of a newer
 * version, and a portal that already has data unless --substituir is given. Start the portal after.
 */
import { SCHEMAS } from '../schemas';
import { serverConfig } from '../src/server/config';
import { storageFromEnv } from '../src/server/storage/storage';
import { APP_VERSION } from '../src/server/version';
import { runningPortalPid } from '../src/server/backup/portal-pid';
import { BackupError, restoreBackup } from '../src/server/backup/restore';
import { localBackupFolder } from '../src/server/backup/s3-target';

async function main() {
  const args = process.argv.slice(2);
  const path = args.find((a) => !a.startsWith('--'));
  if (!path) throw new BackupError('Uso: npm run restore -- <pasta do backup ou s3://bucket/prefixo/portal-…> [--substituir]');
  const cfg = serverConfig();
  const pid = runningPortalPid(cfg.dataDir);
  if (pid) throw new BackupError(`O portal está em execução (pid ${pid}) sobre ${cfg.dataDir}: pare-o antes de restaurar.`);
  const folder = await localBackupFolder(path);
  const m = await restoreBackup({
    path: folder.path,
    dataDir: cfg.dataDir,
    databaseUrl: cfg.databaseUrl,
    storage: await storageFromEnv(cfg.dataDir),
    version: APP_VERSION,
    schemas: SCHEMAS,
    substituir: args.includes('--substituir'),
  }).finally(folder.cleanup);
  const rows = Object.values(m.contagens).reduce((a, b) => a + b, 0);
  console.log(
    `Backup de ${m.criadoEm} restaurado: ${rows} linhas em ${Object.keys(m.contagens).length} tabelas, ${Object.keys(m.arquivos).length} arquivos${m.identidade ? ', contas da identidade local' : ''}. Inicie o portal (npm start).`,
  );
}

main().catch((e) => {
  console.error(e instanceof BackupError ? e.message : `Restauração não concluída: ${(e as Error).message}`);
  process.exit(1);
});
