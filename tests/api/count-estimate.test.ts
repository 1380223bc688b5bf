import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import { LIST_MAX } from '../../src/server/crud/list-query';

describe.each(ENGINE_BACKENDS)('list totals: planner estimate above COUNT_ESTIMATE_THRESHOLD, count capped at COUNT_EXACT_LIMIT (%s)', (backend) => {
  const t = useApi(backend);
  afterEach(() => {
    delete process.env.COUNT_ESTIMATE_THRESHOLD;
    delete process.env.COUNT_EXACT_LIMIT;
  });
  const exact = async () => Number((await sql<{ n: string }>`select count(*) as n from diario`.execute(t.api.db)).rows[0].n);

  it('answers the exact count without the estimate header by default', async () => {
    const res = await t.api.request('/api/v1/diarios?_start=0&_end=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count-estimate')).toBeNull();
    expect(Number(res.headers.get('x-total-count'))).toBe(await exact());
  });

  it('above a (low) threshold answers the estimate, flagged by x-total-count-estimate: true', async () => {
    process.env.COUNT_ESTIMATE_THRESHOLD = '1';
    const res = await t.api.request('/api/v1/diarios?_start=0&_end=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count-estimate')).toBe('true');
    const rows = (await res.json()) as unknown[];
    expect(rows).toHaveLength(5);
    const total = Number(res.headers.get('x-total-count'));
    expect(Number.isInteger(total)).toBe(true);
    expect(total).toBeGreaterThan(1);
  });

  it('counts exactly when the estimate is under the threshold (a filter matching nothing: 0, no header)', async () => {
    await sql`ANALYZE diario`.execute(t.api.db); // with statistics, an absent value is estimated at 1 row
    process.env.COUNT_ESTIMATE_THRESHOLD = '1';
    const res = await t.api.request('/api/v1/diarios?obra=nao-existe');
    expect(res.headers.get('x-total-count')).toBe('0');
    expect(res.headers.get('x-total-count-estimate')).toBeNull();
  });

  it('COUNT_ESTIMATE_THRESHOLD=0 always counts exactly', async () => {
    process.env.COUNT_ESTIMATE_THRESHOLD = '0';
    const res = await t.api.request('/api/v1/diarios?_start=0&_end=5');
    expect(res.headers.get('x-total-count-estimate')).toBeNull();
    expect(Number(res.headers.get('x-total-count'))).toBe(await exact());
  });

  it('the count stops one row past COUNT_EXACT_LIMIT (or past the page) and then says the total is a lower bound', async () => {
    const all = await exact();
    expect(all).toBeGreaterThan(20);
    process.env.COUNT_EXACT_LIMIT = '10';
    const first = await t.api.request('/api/v1/diarios?_start=0&_end=5');
    expect(first.headers.get('x-total-count')).toBe('11');
    expect(first.headers.get('x-total-count-at-least')).toBe('true');
    expect(first.headers.get('x-total-count-estimate')).toBeNull();
    expect((await first.json()) as unknown[]).toHaveLength(5);
    // Past the limit the count looks one row past the page's end, so the next page stays reachable.
    const deep = await t.api.request('/api/v1/diarios?_start=15&_end=20');
    expect(deep.headers.get('x-total-count')).toBe(String(Math.min(all, 21)));
    expect(deep.headers.get('x-total-count-at-least')).toBe(all > 20 ? 'true' : null);
  });

  it('a filtered list under COUNT_EXACT_LIMIT is counted exactly, without the lower-bound header', async () => {
    const obra = (await sql<{ obra: string; n: string }>`select obra, count(*) as n from diario group by obra order by count(*) limit 1`.execute(t.api.db))
      .rows[0];
    process.env.COUNT_EXACT_LIMIT = String(Number(obra.n) + 5);
    const res = await t.api.request(`/api/v1/diarios?obra=${encodeURIComponent(obra.obra)}&_start=0&_end=1`);
    expect(res.headers.get('x-total-count')).toBe(String(obra.n));
    expect(res.headers.get('x-total-count-at-least')).toBeNull();
  });

  it('COUNT_EXACT_LIMIT=0 counts every row', async () => {
    process.env.COUNT_EXACT_LIMIT = '0';
    const res = await t.api.request('/api/v1/diarios?_start=0&_end=5');
    expect(res.headers.get('x-total-count-at-least')).toBeNull();
    expect(Number(res.headers.get('x-total-count'))).toBe(await exact());
  });

  it('an unpaged list still says whether rows were left out', async () => {
    process.env.COUNT_EXACT_LIMIT = '3';
    const res = await t.api.request('/api/v1/diarios');
    const rows = (await res.json()) as unknown[];
    expect(rows.length).toBe(Math.min(await exact(), LIST_MAX));
    expect(res.headers.get('x-list-truncated')).toBe(String((await exact()) > rows.length));
  });

  it('exposes the headers to the browser (CORS)', async () => {
    const res = await t.api.request('/api/v1/diarios?_end=1', { headers: { origin: 'http://localhost:3000' } });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    expect(exposed).toContain('x-total-count-estimate');
    expect(exposed).toContain('x-total-count-at-least');
  });
});
