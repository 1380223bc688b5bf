import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createDataProvider } from '../providers/data-provider';
import { listTotalText, roundEstimate } from './list-total';

const server = setupServer(
  http.get('http://api.test/api/v1/grandes', () =>
    HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '1234567', 'x-total-count-estimate': 'true' } }),
  ),
  http.get('http://api.test/api/v1/pequenas', () => HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '7' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('estimated list totals', () => {
  const dp = createDataProvider('http://api.test/api/v1');

  it('the data provider passes on x-total-count-estimate as totalEstimated', async () => {
    const big = await dp.getList({ resource: 'grandes', pagination: { currentPage: 1, pageSize: 25 } });
    expect(big.total).toBe(1234567);
    expect(big.totalEstimated).toBe(true);
    expect(big.data).toEqual([{ id: 1 }]);
    const small = await dp.getList({ resource: 'pequenas', pagination: { currentPage: 1, pageSize: 25 } });
    expect(small.total).toBe(7);
    expect(small.totalEstimated).toBeUndefined();
  });

  it('shows "cerca de N" (two significant digits) for an estimate and the exact count otherwise', () => {
    expect(listTotalText(1234567, [1, 25], true)).toBe('1–25 de cerca de 1.200.000 registros');
    expect(listTotalText(187_654, [26, 50], true)).toBe('26–50 de cerca de 190.000 registros');
    expect(listTotalText(42, [1, 25])).toBe('1–25 de 42 registros');
    expect(listTotalText(1, [1, 1])).toBe('1–1 de 1 registro');
    expect(roundEstimate(99)).toBe(99);
  });
});
