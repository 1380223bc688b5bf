/**
 * The database side of live updates: every committed write that can change someone's pending
 * items sends `NOTIFY portal_eventos` from inside its own transaction, so PostgreSQL delivers it
 * to every listening server process only once the write commits (and never for a rolled-back one).
 *
 * The hook is the history entry: every write of a record (create, update, delete, transition; the
 * generic CRUD, the workflow engine and the features' own writes alike) inserts its `auditoria`
 * row in the write's transaction (src/server/crud/audit.ts). A trigger on that table calls
 * `pg_notify` when the row's resource has a workflow or decides who holds a step (people, absences). The payload is a constant: PostgreSQL folds identical notifications of one
 * transaction into one, and no record id or content ever leaves the database this way.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';

/** The one channel of the portal's live updates. */
export const EVENTS_CHANNEL = 'portal_eventos';
/** The channel of cache notices: the payload is the name of a table some process caches. */
export const CACHE_CHANNEL = 'portal_cache';
/**
 * Tables whose content server processes cache (the directory's access, absences and substitutes,
 * the business calendar, the schema overlays, the maintenance switch): any write of one, by any process or by hand in SQL,
 * notifies every process at commit, which drops what it derived from it.
 */
export const CACHED_TABLES = ['usuario', 'ausencia', 'feriado', 'calendario_config', 'schema_overlay', 'manutencao'] as const;
/** The only signal today: someone's "Minhas pendências" may have changed. */
export const PENDENCIAS_SIGNAL = 'pendencias';

/**
 * Entities without a workflow whose writes still change who holds a step: the people directory
 * (roles of role inboxes) and absences (a substitute sees the absent person's items, decision 31).
 */
const HOLDER_ENTITIES = new Set(['usuario', 'ausencia']);

/** Resources whose writes can change pending items: those with a workflow, and `HOLDER_ENTITIES`. */
export function pendingResources(schemas: readonly EntitySchema[]): string[] {
  const out = new Set<string>();
  for (const s of schemas) if (s.workflow || HOLDER_ENTITIES.has(s.name)) out.add(s.resource);
  return [...out].sort();
}

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Core statements (run at every start, idempotent; `registerCoreSql`): the trigger function and the trigger. */
export function eventsCoreSql(schemas: readonly EntitySchema[]): string[] {
  const list = pendingResources(schemas).map(literal).join(', ');
  return [
    `CREATE OR REPLACE FUNCTION portal_eventos_auditoria() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.recurso IN (${list || `''`}) THEN
         PERFORM pg_notify(${literal(EVENTS_CHANNEL)}, ${literal(PENDENCIAS_SIGNAL)});
       END IF;
       RETURN NULL;
     END $$`,
    // Created once (no lock on the history table at later starts, while other processes write).
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'portal_eventos' AND tgrelid = 'auditoria'::regclass) THEN
         CREATE TRIGGER portal_eventos AFTER INSERT ON auditoria FOR EACH ROW EXECUTE FUNCTION portal_eventos_auditoria();
       END IF;
     END $$`,
  ];
}

/**
 * For a feature write that changes who holds a step without a history entry of a pending resource
 * (e.g. an absence and its substitute): the same signal, from inside the caller's transaction.
 */
export async function notifyPendencias(trx: Db): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${PENDENCIAS_SIGNAL})`.execute(trx);
}

/**
 * Statements run at every start once the entity tables exist (`registerAfterTablesSql`): one
 * statement-level trigger per cached table that exists, created once (no lock at later starts).
 */
export function cacheNoticeSql(): string[] {
  return [
    `CREATE OR REPLACE FUNCTION portal_cache_aviso() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify(${literal(CACHE_CHANNEL)}, TG_TABLE_NAME);
       RETURN NULL;
     END $$`,
    ...CACHED_TABLES.map(
      (table) => `DO $$ BEGIN
       IF to_regclass(${literal(table)}) IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM pg_trigger WHERE tgname = 'portal_cache' AND tgrelid = ${literal(table)}::regclass) THEN
         CREATE TRIGGER portal_cache AFTER INSERT OR UPDATE OR DELETE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_aviso();
       END IF;
     END $$`,
    ),
  ];
}
