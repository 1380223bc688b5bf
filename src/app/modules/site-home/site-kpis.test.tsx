/**
 * The KPI cards of the site home against the real API in-process: each count equals the aggregate
 * API's total for the viewer, the physical progress is the S-curve's last realised point, and a
 * KPI the viewer cannot read is neither requested nor shown (the site manager reads no post-sales
 * tickets; a staff member who reads none of the site's RDOs gets no schedule). The site manager
 * sees the S-curve and the progress of his site (docs/access.md decision 30).
 */
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { SITE_KPIS } from '../../../../resources/dashboards/site-kpis';
import { SiteKpis, daysOfWork, kpiFilters } from './site-kpis';
import { SCurveCard } from '../schedule/s-curve-card';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

const render = (user: string) =>
  renderViews({
    schemas: [],
    path: '/obras/101',
    user: DEMO_USERS[user],
    routes: (
      <Route
        path="/obras/:obra"
        element={
          <>
            <SiteKpis obra="101" layout="site" record={{ dataInicio: '2024-11-04' }} />
            <SCurveCard obra="101" />
          </>
        }
      />
    ),
  });

async function total(resource: string, filters: Record<string, string[]>, as: string): Promise<number> {
  const q = new URLSearchParams();
  for (const [k, vs] of Object.entries(filters)) for (const v of vs) q.append(k, v);
  const res = await t.mock.api.request(`/api/v1/${resource}/aggregate?${q}`, { as });
  expect(res.status).toBe(200);
  return Number(((await res.json()) as { total: number }).total);
}

describe('site home KPIs', { timeout: 120_000 }, () => {
  it("shows the site's counts from the aggregate API and the physical progress of the S-curve", async () => {
    const osField = SITE_KPIS.find((k) => k.id === 'os-field')!;
    const open = await total('os-field', kpiFilters(osField, '101'), ADMIN);
    expect(open).toBeGreaterThan(0);
    const curve = (await (await t.mock.api.request('/api/v1/obras/101/curva-s', { as: ADMIN })).json()) as { realizado: { valor: number } };
    render(ADMIN);
    const card = await screen.findByRole('region', { name: 'OS de campo abertas' }, T);
    await waitFor(() => expect(within(card).getByRole('link', { name: `OS de campo abertas: ${open}. Ver registros` })).toBeInTheDocument(), T);
    const progress = await screen.findByRole('region', { name: 'Avanço físico' }, T);
    const pct = curve.realizado.valor.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    await waitFor(() => expect(progress.textContent).toContain(`${pct}%`), T);
    expect(within(screen.getByRole('region', { name: 'Dias de obra' })).getByText(/^\d{3,}/)).toBeInTheDocument();
    for (const title of ['RDOs no mês', 'OS de automação abertas', 'Tickets de pós-venda abertos', 'Documentos aguardando aprovação do cliente']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    await screen.findByRole('region', { name: 'Curva S' }, T);
    // One aggregate request per count KPI, each filtered by the site; the curve is fetched once for both uses.
    const aggregates = t.requests.filter((r) => r.url.pathname.endsWith('/aggregate'));
    expect(aggregates).toHaveLength(5);
    for (const r of aggregates) expect(r.url.searchParams.get('obra')).toBe('101');
    expect(t.requests.filter((r) => r.url.pathname === '/api/v1/obras/101/curva-s')).toHaveLength(1);
  });

  it('a KPI the viewer cannot read is not requested nor shown', async () => {
    t.mock.setUser(SM);
    const cre = SITE_KPIS.find((k) => k.id === 'cre-pap')!;
    const pending = await total('projetos', kpiFilters(cre, '101'), SM);
    render(SM);
    const card = await screen.findByRole('region', { name: 'Documentos aguardando aprovação do cliente' }, T);
    await waitFor(
      () => expect(within(card).getByRole('link', { name: `Documentos aguardando aprovação do cliente: ${pending}. Ver registros` })).toBeInTheDocument(),
      T,
    );
    await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/obras/101/curva-s')).toBe(true), T);
    // No post-sales right: no request, no card.
    expect(t.requests.some((r) => r.url.pathname === '/api/v1/posvendas/aggregate')).toBe(false);
    expect(screen.queryByRole('region', { name: 'Tickets de pós-venda abertos' })).toBeNull();
    // Decision 30: the site manager reads his site's RDOs, so its S-curve and physical progress.
    await screen.findByRole('region', { name: 'Curva S' }, T);
    await screen.findByRole('region', { name: 'Avanço físico' }, T);

    // A staff member who reads none of the site's RDOs: the curve answers 403 and neither it nor the progress shows.
    cleanup();
    t.requests.length = 0;
    t.mock.setUser('leitura@portal.local');
    render('leitura@portal.local');
    await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/obras/101/curva-s')).toBe(true), T);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Curva S' })).toBeNull(), T);
    expect(screen.queryByRole('region', { name: 'Avanço físico' })).toBeNull();
    t.mock.setUser(ADMIN);
  });

  it('counts days of work from the start, up to the conclusion when there is one', () => {
    expect(daysOfWork('2025-01-01', undefined, '2025-01-31')).toBe(31);
    expect(daysOfWork('2025-01-01', '2025-01-10', '2025-03-01')).toBe(10);
    expect(daysOfWork('2025-02-01', undefined, '2025-01-31')).toBeUndefined();
    expect(daysOfWork(undefined, undefined)).toBeUndefined();
    expect(
      kpiFilters(
        SITE_KPIS.find((k) => k.id === 'rdos-mes')!,
        '101',
        '2026-11-23',
      ),
    ).toEqual({ obra: ['101'], data_gte: ['2026-11-01'], data_lte: ['2026-11-23'] });
  });
});
