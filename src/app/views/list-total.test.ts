import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createDataProvider } from '../providers/data-provider';
import { listTotalText, roundEstimate, sumLabel, totalKindOf, totalText } from './list-total';

const server = setupServer(
  http.get('http://api.test/api/v1/grandes', () =>
    HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '1234567', 'x-total-count-estimate': 'true' } }),
  ),
  http.get('http://api.test/api/v1/pequenas', () => HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '7' } })),
  http.get('http://api.test/api/v1/limitadas', () =>
    HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '1001', 'x-total-count-at-least': 'true' } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('estimated and capped list totals', () => {
  const dp = createDataProvider('http://api.test/api/v1');

  it('the data provider passes on x-total-count-estimate as totalEstimated', async () => {
    const big = await dp.getList({ resource: 'grandes', pagination: { currentPage: 1, pageSize: 25 } });
    expect(big.total).toBe(1234567);
    expect(big.totalEstimated).toBe(true);
    expect(big.data).toEqual([{ id: 1 }]);
    const small = await dp.getList({ resource: 'pequenas', pagination: { currentPage: 1, pageSize: 25 } });
    expect(small.total).toBe(7);
    expect(small.totalEstimated).toBeUndefined();
    expect(small.totalAtLeast).toBeUndefined();
    const capped = await dp.getList({ resource: 'limitadas', pagination: { currentPage: 1, pageSize: 25 } });
    expect(capped.total).toBe(1001);
    expect(capped.totalAtLeast).toBe(true);
    expect(capped.totalEstimated).toBeUndefined();
  });

  it('shows "cerca de N" (two significant digits) for an estimate and the exact count otherwise', () => {
    expect(listTotalText(1234567, [1, 25], 'estimate')).toBe('1–25 de cerca de 1.200.000 registros');
    expect(listTotalText(187_654, [26, 50], 'estimate')).toBe('26–50 de cerca de 190.000 registros');
    expect(listTotalText(42, [1, 25])).toBe('1–25 de 42 registros');
    expect(listTotalText(1, [1, 1])).toBe('1–1 de 1 registro');
    expect(listTotalText(1234, [1001, 1025])).toBe('1.001–1.025 de 1.234 registros');
    expect(roundEstimate(99)).toBe(99);
  });

  it('shows "mais de N" for a lower bound: the count stopped at its limit', () => {
    expect(listTotalText(1001, [1, 25], 'atLeast')).toBe('1–25 de mais de 1.000 registros');
    expect(totalText(1001, 'atLeast')).toBe('mais de 1.000');
    expect(totalText(2501, 'exact')).toBe('2.501');
    expect(totalKindOf({ totalAtLeast: true })).toBe('atLeast');
    expect(totalKindOf({ totalEstimated: true })).toBe('estimate');
    expect(totalKindOf(undefined)).toBe('exact');
  });
});

describe("the caption of a related list's sum (issue 36)", () => {
  it('reads naturally, never "Total (valor total)"', () => {
    expect(sumLabel('Valor total')).toBe('Valor total');
    expect(sumLabel('Valor')).toBe('Valor total');
    expect(sumLabel('Horas')).toBe('Horas totais');
  });
});
