/**
 * Opening the portal's database (composition root, beside `src/server/app.ts` and `src/server/main.ts`):
 * connect, migrate to the schemas with the core objects the engine and the features contribute
 * (`src/server/modules/register.ts`), and optionally seed the demo data with its files.
 */
import { sql } from 'kysely';
import { SCHEMAS, schemasInDependencyOrder } from '../../../schemas';
import { connect, type ConnectOptions, type Database } from '../db/connect';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed/seed';
import { backfillSla } from '../sla/engine';
import { ensureSearchIndex } from '../search/sync';
import type { FileStorage } from '../storage/storage';
import '../modules/register';

/** Connect, migrate to the schemas and (optionally) seed the demo data. */
export async function openDatabase(opts: ConnectOptions & { seed?: boolean; storage?: FileStorage }): Promise<Database & { seeded: boolean }> {
  const database = await connect(opts);
  await migrate(database.db, SCHEMAS);
  let seeded = false;
  if (opts.seed !== false) {
    const { demoData } = await import('../seed/demo-data');
    seeded = await seedDemo(database.db, schemasInDependencyOrder(), demoData(), opts.storage);
    // The demo's deadlines from the first screen on (issue 36: the inbox showed no due date until the
    // SLA job's first pass, a minute after `npm start`).
    if (seeded) await database.db.transaction().execute((trx) => backfillSla(trx, SCHEMAS));
  }
  // The search index as the declared search fields say (rebuilt when they changed; issue 39, src/server/search).
  await ensureSearchIndex(database.db, SCHEMAS, { force: seeded });
  // A loaded dump was vacuumed and analysed before it was taken.
  if (database.kind === 'pglite' && (seeded || !opts.loadDataDir)) await vacuum(database);
  return { ...database, seeded };
}

/**
 * PGlite has no autovacuum: without VACUUM the visibility map stays empty (no index-only scans, so
 * every count reads the table) and the planner has no statistics. The embedded server runs it at
 * start and then periodically, as autovacuum would.
 */
export async function vacuum(database: Database): Promise<void> {
  await sql`VACUUM ANALYZE`.execute(database.db);
}
