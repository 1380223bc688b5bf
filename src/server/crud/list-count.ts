/**
 * Totals of large lists: the exact `count(*)` of a filtered list grows with the rows it matches,
 * so above a threshold the list answers the planner's row estimate instead (one EXPLAIN, no scan)
 * and says so (`x-total-count-estimate: true`).
 */
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../db/connect';

export const DEFAULT_COUNT_ESTIMATE_THRESHOLD = 100_000;

/** `COUNT_ESTIMATE_THRESHOLD` (rows; 0 = always count exactly), read at each call so tests can lower it. */
export function countEstimateThreshold(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.COUNT_ESTIMATE_THRESHOLD;
  if (raw === undefined || raw === '') return DEFAULT_COUNT_ESTIMATE_THRESHOLD;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_COUNT_ESTIMATE_THRESHOLD;
}

/** The planner's estimate of the rows a query returns (`EXPLAIN (FORMAT JSON)`, same bound parameters). */
export async function plannedRows(db: Db, query: Compilable): Promise<number> {
  const c = query.compile();
  const r = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${c.sql}`, [...c.parameters]));
  let plan = Object.values(r.rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = Number((plan as { Plan?: { 'Plan Rows'?: unknown } }[])?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) ? rows : 0;
}
