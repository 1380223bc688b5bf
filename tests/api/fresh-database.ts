/**
 * An empty database for a migration test: PGlite in memory, or a new PostgreSQL database on the
 * TEST_DATABASE_URL server (dropped by `drop()`), with no migration run yet.
 */
import pg from 'pg';
import { connect, type Database } from '../../src/server/db/connect';

export type FreshDatabase = Database & { drop: () => Promise<void> };

/** A new, empty database on the TEST_DATABASE_URL server: its address and how to drop it. */
export async function scratchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export async function freshDatabase(backend: 'pglite' | 'postgres', prefix = 'portal_mig'): Promise<FreshDatabase> {
  if (backend === 'pglite') {
    const d = await connect({ memory: true });
    return { ...d, drop: async () => {} };
  }
  const scratch = await scratchPostgres(prefix);
  const d = await connect({ databaseUrl: scratch.url, poolSize: 2 });
  return { ...d, drop: scratch.drop };
}
