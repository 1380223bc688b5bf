/**
 * The post-sales dashboard against the real API in-process: KPIs equal the aggregate API's totals
 * under the viewer's rules, the top-10 cost table ends in "Outros" and its rows add up to the total,
 * charts describe their data, and the period lives in the URL and changes every query.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews, currentLocation } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { POSVENDA_DASHBOARD } from '../../../../resources/dashboards/posvenda';
import { DashboardView, listLink, periodOf, resolveFilterValue, widgetFilters } from './dashboard-page';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';

// jsdom has no canvas: G2 throws asynchronously when it draws (CI failed once on that uncaught
// error). The charts are drawn in the browser suite; here the figure around each one states its
// data (aria-label), which is what is checked.
vi.mock('./charts', () => ({ default: () => null }));

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);
const posvenda = schemaByName('posvenda') as EntitySchema;

async function aggregate(resource: string, query: string): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const res = await t.mock.api.request(`/api/v1/${resource}/aggregate?${query}`, { as: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; rows: Record<string, unknown>[] };
}

const render = (path: string) =>
  renderViews({
    schemas: [],
    path,
    user: DEMO_USERS[ADMIN],
    routes: <Route path="/dashboard-posvendas" element={<DashboardView spec={POSVENDA_DASHBOARD} />} />,
  });

describe('post-sales dashboard', { timeout: 120_000 }, () => {
  it('KPIs show the aggregate totals and link to the filtered list', async () => {
    const open = await aggregate('posvendas', 'status=Aberto&status=Em%20an%C3%A1lise&status=Em%20atendimento&status=Aguardando%20cliente');
    expect(open.total).toBeGreaterThan(0);
    render('/dashboard-posvendas?de=2020-01-01&ate=2030-12-31');
    const card = await screen.findByRole('region', { name: 'Tickets em aberto' }, T);
    await waitFor(() => expect(within(card).getByText(String(open.total))).toBeInTheDocument(), T);
    const link = within(card).getByRole('link');
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('/posvendas?filters[0][field]=status&filters[0][operator]=in');
  });

  it('the largest costs table ends with "Outros" and adds up to the period total', async () => {
    render('/dashboard-posvendas?de=2020-01-01&ate=2030-12-31');
    const card = await screen.findByRole('region', { name: 'Os 10 maiores custos por ticket e os demais' }, T);
    const all = await aggregate('custos-posvenda', 'measure=sum:valor&groupBy=ticket&top=10&data_gte=2020-01-01&data_lte=2030-12-31');
    await waitFor(() => expect(within(card).getAllByRole('row').length).toBe(all.rows.length + 2), T); // header + rows + total
    const money = (n: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n).replace(/\u00a0/g, ' ');
    const totalRow = within(card).getByText('Total').closest('tr')!;
    expect(totalRow.textContent!.replace(/\u00a0/g, ' ')).toContain(money(all.total));
  });

  it('the period is read from the URL, defaults to the last months and filters each widget', async () => {
    const p = periodOf(POSVENDA_DASHBOARD, new URLSearchParams(''), '2026-11-23');
    expect(p).toEqual({ de: '2025-11-23', ate: '2026-11-23' });
    expect(periodOf(POSVENDA_DASHBOARD, new URLSearchParams('de=2025-01-01&ate=2025-06-30'))).toEqual({ de: '2025-01-01', ate: '2025-06-30' });
    const w = POSVENDA_DASHBOARD.widgets.find((x) => x.id === 'abertura-mes')!;
    const ctx = { params: { obra: '101' }, search: new URLSearchParams('obra=103'), today: '2026-11-23' };
    expect(widgetFilters(w, posvenda, { de: '2025-01-01', ate: '2025-06-30' }, ctx)).toEqual({
      abertura_gte: ['2025-01-01T00:00:00'],
      abertura_lte: ['2025-06-30T23:59:59'],
    });
    expect(['$hoje', '$ontem', '$hoje+30', ':obra', '?obra', ':nada', 'PAP'].map((v) => resolveFilterValue(v, ctx))).toEqual([
      '2026-11-23',
      '2026-11-22',
      '2026-12-23',
      '101',
      '103',
      undefined,
      'PAP',
    ]);
    expect(listLink(posvenda, { status: ['Concluído'], prazo_lte: ['2026-11-23'] })).toBe(
      '/posvendas?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=Conclu%C3%ADdo&filters[1][field]=prazo&filters[1][operator]=lte&filters[1][value]=2026-11-23',
    );
    render('/dashboard-posvendas?de=2025-01-01&ate=2025-06-30');
    await screen.findByRole('region', { name: 'Custo no período' }, T);
    await waitFor(
      () =>
        expect(t.requests.some((r) => r.url.pathname === '/api/v1/custos-posvenda/aggregate' && r.url.searchParams.get('data_gte') === '2025-01-01')).toBe(
          true,
        ),
      T,
    );
    expect(currentLocation.search).toContain('de=2025-01-01');
  });
});
