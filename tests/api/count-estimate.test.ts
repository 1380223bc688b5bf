import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';

describe.each(BACKENDS)('list totals: exact below COUNT_ESTIMATE_THRESHOLD, planner estimate above (%s)', (backend) => {
  const t = useApi(backend);
  afterEach(() => {
    delete process.env.COUNT_ESTIMATE_THRESHOLD;
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

  it('exposes the header to the browser (CORS)', async () => {
    const res = await t.api.request('/api/v1/diarios?_end=1', { headers: { origin: 'http://localhost:3000' } });
    expect((res.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('x-total-count-estimate');
  });
});
