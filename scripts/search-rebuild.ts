/**
 * `npm run search:rebuild`: rebuilds the search index across every module (src/server/search,
 * issue 39) from the records, whatever the fingerprints say: after restoring a table by hand, or
 * to measure it. `-- --modulo=contratos,diarios` (REST resources or entity names): only those.
 * The server also does it by itself, at start, for the modules whose declared search fields changed.
 * - PostgreSQL (DATABASE_URL): whether the portal runs or not (the rebuild is one transaction per run;
 *   writes meanwhile wait for it only on the index's rows).
 * - Embedded database (DATA_DIR): only while the portal is stopped (one process holds PGlite).
 */
import { join } from 'node:path';
import { SCHEMAS } from '../schemas';
import { serverConfig } from '../src/server/config';
import { connect } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { hasEmbeddedDatabase, runningPortalPid } from '../src/server/backup/portal-pid';
import { storedEffectiveSchemas, syncSearchIndex } from '../src/server/search/sync';
import '../src/server/modules/register';

async function main() {
  const cfg = serverConfig();
  const only = process.argv
    .find((a) => a.startsWith('--modulo='))
    ?.slice('--modulo='.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const pid = runningPortalPid(cfg.dataDir);
  if (!cfg.databaseUrl && pid) {
    throw new Error(`O portal está em execução com o banco embutido (pid ${pid}): pare-o, reconstrua o índice e inicie-o de novo.`);
  }
  if (!cfg.databaseUrl && !hasEmbeddedDatabase(cfg.dataDir)) {
    throw new Error(`Não há banco do portal em ${join(cfg.dataDir, 'pglite')}: confira DATA_DIR (ou DATABASE_URL).`);
  }
  const database = await connect(cfg.databaseUrl ? { databaseUrl: cfg.databaseUrl, poolSize: 2 } : { dataDir: cfg.dataDir });
  try {
    await migrate(database.db, SCHEMAS);
    const t0 = performance.now();
    const r = await syncSearchIndex(database.db, await storedEffectiveSchemas(database.db, SCHEMAS), { force: true, only });
    if (only?.length && !r.rebuilt.length) throw new Error(`Nenhum módulo com busca em: ${only.join(', ')}.`);
    for (const m of r.rebuilt) console.log(`${m.entidade.padEnd(32)} ${String(m.registros).padStart(9)} registros  ${m.ms} ms`);
    const total = r.rebuilt.reduce((n, m) => n + m.registros, 0);
    console.log(`Índice de busca reconstruído: ${r.rebuilt.length} módulos, ${total} registros, ${Math.round(performance.now() - t0)} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
