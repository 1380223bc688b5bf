/**
 * Totals of large lists: the exact `count(*)` of a filtered list grows with the rows it matches,
 * and a page of 25 rows costs 1–5 ms on a million rows. Two bounds keep the total near that cost
 * (`npm run bench:count`):
 * - above COUNT_ESTIMATE_THRESHOLD rows (10,000) by the planner's estimate, the list answers that
 *   estimate (one EXPLAIN, cached; no scan) and says so (`x-total-count-estimate: true`, "cerca de N");
 * - otherwise the count stops after COUNT_EXACT_LIMIT rows (1,000; or the page's end, if further):
 *   a list that reaches it answers a lower bound (`x-total-count-at-least: true`, "mais de N"). This
 *   caps the cost where the planner under-estimates a filter, e.g. rules that OR several conditions.
 */
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../db/connect';

export const DEFAULT_COUNT_ESTIMATE_THRESHOLD = 10_000;
export const DEFAULT_COUNT_EXACT_LIMIT = 1_000;

/** A row count from the environment, read at each call so tests can change it; the default when unset or invalid. */
function rowsFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** `COUNT_ESTIMATE_THRESHOLD` (rows; 0 = never estimate). */
export function countEstimateThreshold(env: NodeJS.ProcessEnv = process.env): number {
  return rowsFromEnv(env.COUNT_ESTIMATE_THRESHOLD, DEFAULT_COUNT_ESTIMATE_THRESHOLD);
}

/** `COUNT_EXACT_LIMIT` (rows counted at most; 0 = no limit). */
export function countExactLimit(env: NodeJS.ProcessEnv = process.env): number {
  return rowsFromEnv(env.COUNT_EXACT_LIMIT, DEFAULT_COUNT_EXACT_LIMIT);
}

/**
 * Recent estimates by statement and parameters. The planner's estimate moves only when the table's
 * statistics do (ANALYZE, autovacuum), so a list asked again within ESTIMATE_TTL_MS (pages, refetch
 * on focus, many people on the same site's list) reuses it and costs one round trip instead of two.
 */
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_MAX = 2000;
const estimateCaches = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

/** The planner's estimate of the rows a query returns (`EXPLAIN (FORMAT JSON)`, same bound parameters), cached briefly. */
export async function plannedRows(db: Db, query: Compilable): Promise<number> {
  const c = query.compile();
  return cached(db, `${c.sql}\u0000${JSON.stringify(c.parameters)}`, () => explainRows(db, c));
}

/**
 * Whether a list of `table` can match more than `threshold` rows: false when the statistics
 * (`pg_class.reltuples`, cached like the estimates) count fewer rows in the whole table, so the
 * many small tables are counted exactly without asking the planner first. A table never analysed
 * (reltuples -1) may be any size. Statistics lag behind inserts until the next ANALYZE (autovacuum,
 * or the embedded server's periodic VACUUM); meanwhile the count is exact, as below the threshold.
 */
export async function mayExceed(db: Db, table: string, threshold: number): Promise<boolean> {
  const rows = await cached(db, `reltuples\u0000${table}`, async () => {
    const r = await db.executeQuery<{ n: number | string | null }>(
      CompiledQuery.raw('select reltuples::float8 as n from pg_class where oid = to_regclass(quote_ident($1))', [table]),
    );
    const n = r.rows[0]?.n;
    return n === null || n === undefined ? -1 : Number(n);
  });
  return rows < 0 || rows > threshold;
}

async function cached(db: Db, key: string, compute: () => Promise<number>): Promise<number> {
  const now = performance.now();
  let estimates = estimateCaches.get(db);
  if (!estimates) estimateCaches.set(db, (estimates = new Map()));
  const hit = estimates.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const rows = await compute();
  if (estimates.size >= ESTIMATE_CACHE_MAX) estimates.delete(estimates.keys().next().value!);
  estimates.delete(key);
  estimates.set(key, { rows, at: now });
  return rows;
}

async function explainRows(db: Db, c: CompiledQuery): Promise<number> {
  const r = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${c.sql}`, [...c.parameters]));
  let plan = Object.values(r.rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = Number((plan as { Plan?: { 'Plan Rows'?: unknown } }[])?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) ? rows : 0;
}
