import { describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect';
import { countEstimateThreshold, countExactLimit, DEFAULT_COUNT_ESTIMATE_THRESHOLD, DEFAULT_COUNT_EXACT_LIMIT, mayExceed, plannedRows } from './list-count';

/** A database that answers every EXPLAIN with `rows`, pg_class with `reltuples`, and counts the round trips. */
function fakeDb(rows: number, reltuples: number | null = 0) {
  const calls: string[] = [];
  const db = {
    executeQuery: async (q: CompiledQuery) => {
      calls.push(q.sql);
      if (q.sql.includes('pg_class')) return { rows: reltuples === null ? [] : [{ n: reltuples }] };
      return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows } }] }] };
    },
  } as unknown as Db;
  return { db, calls };
}

const query = (sql: string, ...parameters: unknown[]) => ({ compile: () => CompiledQuery.raw(sql, parameters) });

describe('plannedRows', () => {
  it('asks the planner once for the same statement and parameters, again for other parameters', async () => {
    const { db, calls } = fakeDb(1234);
    expect(await plannedRows(db, query('select 1 from diario where obra = $1', '101'))).toBe(1234);
    expect(await plannedRows(db, query('select 1 from diario where obra = $1', '101'))).toBe(1234);
    expect(calls).toEqual(['EXPLAIN (FORMAT JSON) select 1 from diario where obra = $1']);
    await plannedRows(db, query('select 1 from diario where obra = $1', '102'));
    expect(calls).toHaveLength(2);
  });

  it('keeps the estimates of each database apart', async () => {
    const a = fakeDb(10);
    const b = fakeDb(20);
    expect(await plannedRows(a.db, query('select 1 from obra'))).toBe(10);
    expect(await plannedRows(b.db, query('select 1 from obra'))).toBe(20);
  });
});

describe('mayExceed', () => {
  it('is false for a table the statistics count below the threshold, true above it, once per table while cached', async () => {
    const small = fakeDb(0, 40);
    expect(await mayExceed(small.db, 'checklistTemplateField', 100_000)).toBe(false);
    expect(await mayExceed(small.db, 'checklistTemplateField', 100_000)).toBe(false);
    expect(small.calls).toHaveLength(1);
    expect(small.calls[0]).toContain('pg_class');
    const large = fakeDb(0, 2_500_000);
    expect(await mayExceed(large.db, 'diario', 100_000)).toBe(true);
  });

  it('is true for a table never analysed (reltuples -1) or not found, whose size is unknown', async () => {
    expect(await mayExceed(fakeDb(0, -1).db, 'diario', 10)).toBe(true);
    expect(await mayExceed(fakeDb(0, null).db, 'diario', 10)).toBe(true);
  });
});

describe('count settings from the environment', () => {
  it('read rows, 0 turns the bound off, anything else falls back to the default', () => {
    expect(countEstimateThreshold({})).toBe(DEFAULT_COUNT_ESTIMATE_THRESHOLD);
    expect(countExactLimit({})).toBe(DEFAULT_COUNT_EXACT_LIMIT);
    expect(countExactLimit({ COUNT_EXACT_LIMIT: '250' })).toBe(250);
    expect(countExactLimit({ COUNT_EXACT_LIMIT: '0' })).toBe(0);
    expect(countEstimateThreshold({ COUNT_ESTIMATE_THRESHOLD: '0' })).toBe(0);
    for (const bad of ['', 'abc', '-5', '2.5']) {
      expect(countExactLimit({ COUNT_EXACT_LIMIT: bad })).toBe(DEFAULT_COUNT_EXACT_LIMIT);
      expect(countEstimateThreshold({ COUNT_ESTIMATE_THRESHOLD: bad })).toBe(DEFAULT_COUNT_ESTIMATE_THRESHOLD);
    }
  });
});
