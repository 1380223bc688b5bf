/**
 * The background-work engine (issue 27): pg-boss, in the portal's own database, the same code on
 * PostgreSQL and on the embedded PGlite. Its tables live in the `pgboss` schema.
 *
 * - PostgreSQL: pg-boss has its own small pool on DATABASE_URL.
 * - PGlite: every pg-boss statement goes through Kysely's single connection
 *   (`db.connection().execute`), so none of them ever lands inside a transaction the app has open
 *   on that connection.
 *
 * A running engine is registered for its database (`bossOf(db)`, from the root Kysely or any of
 * its transactions), so `enqueueMail` can send its job inside the caller's transaction.
 */
import { PgBoss, fromPglite, type ConstructorOptions, type Queue } from 'pg-boss';
import type { Database, Db } from './connect';

/** The portal's time zone: schedules run on its clock. */
export const portalTz = () => process.env.TZ_PORTAL ?? 'America/Sao_Paulo';

/** Attempts at one e-mail before it is given up (the first and MAX_ATTEMPTS - 1 retries). */
export const MAX_ATTEMPTS = 8;

/** The portal's queues, created (if missing) when an engine starts. */
export const QUEUES: Record<string, Omit<Queue, 'name'>> = {
  // Deliveries: retried after 30 s, 60 s, … at most 5 minutes apart; a worker that stops beating
  // its heartbeat (killed) loses the job after about 10 s plus the supervisor's 2 s, then retried as a failure.
  email: { retryLimit: MAX_ATTEMPTS - 1, retryDelay: 30, retryBackoff: true, retryDelayMax: 300, heartbeatSeconds: 10, expireInSeconds: 900 },
  // Push notifications (issue 41, src/server/notifications/delivery.ts): 5 attempts, 30 s to 5 minutes apart.
  push: { retryLimit: 4, retryDelay: 30, retryBackoff: true, retryDelayMax: 300, heartbeatSeconds: 10, expireInSeconds: 300 },
  // Webhooks (issue 41, src/server/webhooks/delivery.ts): each job carries its own retries (about 24 hours, tables.ts).
  webhook: { retryLimit: 30, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, heartbeatSeconds: 10, expireInSeconds: 120 },
  // The daily jobs' check (src/server/jobs/runner.ts) and the SLA pass (src/server/sla/jobs.ts): no
  // retries (the next tick is the retry), one at a time.
  'tarefas-diarias': { policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 },
  sla: { policy: 'singleton', retryLimit: 0, expireInSeconds: 900 },
  // The attached files' text for the search (src/server/search/file-text-job.ts): every minute, one pass at a time.
  'texto-arquivos': { policy: 'singleton', retryLimit: 0, expireInSeconds: 900 },
  // The daily backup (src/server/backup/schedule.ts): one at a time, no retry (the day's claim decides).
  'backup-diario': { policy: 'singleton', retryLimit: 0, expireInSeconds: 3 * 3600 },
  // Spreadsheet imports (src/server/import/queue.ts): a dry run or an import per job, never retried (the person starts it again).
  importacao: { retryLimit: 0, expireInSeconds: 4 * 3600, heartbeatSeconds: 30 },
};

// One engine per database: keyed by the Kysely adapter, shared by the root instance and its transactions.
const registry = new Map<object, PgBoss[]>();
const keyOf = (db: Db) => db.getExecutor().adapter;

/** The engine running for this database (root or transaction), if any. */
export function bossOf(db: Db): PgBoss | undefined {
  return registry.get(keyOf(db))?.[0];
}

export interface Engine {
  boss: PgBoss;
  /** Stops the workers (each running handler gets up to `timeoutMs` to finish) and the engine's timers. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface EngineOptions {
  /** Run the cron schedules in this process (default true). */
  schedule?: boolean;
  /** PostgreSQL only: the engine's own pool size (default 4). */
  max?: number;
  /** Where errors of the engine go (default console.error). */
  log?: (message: string, error: unknown) => void;
}

/** Starts pg-boss on the database (creating or migrating its schema) and registers it for `bossOf`. */
export async function startEngine(database: Pick<Database, 'db' | 'listenVia'>, opts: EngineOptions = {}): Promise<Engine> {
  const common: ConstructorOptions = {
    schedule: opts.schedule ?? true,
    // Jobs whose worker died (no heartbeat for 10 s) are failed within 2 s more, and retried after
    // the queue's retry delay (mail: 15 to 30 s for the first retry).
    superviseIntervalSeconds: 2,
    monitorIntervalSeconds: 2,
  };
  const via = database.listenVia;
  let boss: PgBoss;
  if (via.kind === 'pglite') {
    const raw = fromPglite(via.pglite);
    const db = database.db;
    boss = new PgBoss({
      ...common,
      backend: 'pglite',
      db: { executeSql: (text: string, values?: unknown[]) => db.connection().execute(() => raw.executeSql(text, values)), listen: raw.listen },
    });
  } else boss = new PgBoss({ ...common, connectionString: via.connectionString, max: opts.max ?? 4 });
  const log = opts.log ?? ((m: string, e: unknown) => console.error(m, e instanceof Error ? e.message : e));
  boss.on('error', (e) => log('[fila] erro no pg-boss:', e));
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const [name, options] of Object.entries(QUEUES))
    if (!existing.has(name)) await boss.createQueue(name, options).catch(async (e) => void ((await boss.getQueue(name)) ?? Promise.reject(e)));
  const key = keyOf(database.db);
  registry.set(key, [...(registry.get(key) ?? []), boss]);
  let stopping: Promise<void> | undefined;
  return {
    boss,
    stop(timeoutMs = 8000) {
      stopping ??= (async () => {
        const rest = (registry.get(key) ?? []).filter((b) => b !== boss);
        if (rest.length) registry.set(key, rest);
        else registry.delete(key);
        await boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs) });
      })();
      return stopping;
    },
  };
}
