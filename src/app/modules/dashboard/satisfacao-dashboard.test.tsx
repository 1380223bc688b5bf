/**
 * The satisfaction dashboard, the per-site factory dashboard and the duration KPIs against the
 * real API in-process: CSAT and NPS equal what the survey list gives by hand, per site too; the
 * comments list shows the latest answers; the site dashboard asks only for its site; the average
 * time to conclusion is the aggregate's, in days.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { SATISFACAO_DASHBOARD } from '../../../../resources/dashboards/satisfacao';
import { FABRICA_OBRA_DASHBOARD } from '../../../../resources/dashboards/fabrica';
import { POSVENDA_DASHBOARD } from '../../../../resources/dashboards/posvenda';
import { DashboardView } from './dashboard-page';
import { combineShare, shareFormatter } from './share';

// jsdom has no canvas: the charts themselves are drawn in the browser suite; the figure around each
// one still states its data (aria-label), which is what is checked here.
vi.mock('./charts', () => ({ default: () => null }));

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);
const WIDE = '?de=2020-01-01&ate=2030-12-31';
const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

async function get<T = any>(path: string): Promise<T> {
  const res = await t.mock.api.request(path, { as: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const render = (path: string, pattern: string, spec: typeof SATISFACAO_DASHBOARD) =>
  renderViews({ schemas: [], path, user: DEMO_USERS[ADMIN], routes: <Route path={pattern} element={<DashboardView spec={spec} />} /> });

type Survey = { obra: string; notaAtendimento: number; nps: number; data: string; comentario?: string };
const csat = (s: Survey[]) => (100 * s.filter((x) => x.notaAtendimento >= 4).length) / s.length;
const nps = (s: Survey[]) => (100 * (s.filter((x) => x.nps >= 9).length - s.filter((x) => x.nps <= 6).length)) / s.length;

describe('share formula', () => {
  it('combines the counts per group and in total, matching groups by key', () => {
    const all = {
      rows: [
        { obra: '101', value: 4 },
        { obra: '102', value: 2 },
        { obra: null, value: 1 },
      ],
      total: 7,
    };
    const of = {
      rows: [
        { obra: '101', value: 3 },
        { obra: null, value: 1 },
      ],
      total: 4,
    };
    const minus = {
      rows: [
        { obra: '102', value: 2 },
        { obra: '101', value: 1 },
      ],
      total: 3,
    };
    expect(combineShare(all, of, undefined, 'obra')).toEqual({
      rows: [
        { obra: '101', value: 75 },
        { obra: '102', value: 0 },
        { obra: null, value: 100 },
      ],
      total: 57.1,
    });
    expect(combineShare(all, of, minus, 'obra')).toEqual({
      rows: [
        { obra: '101', value: 50 },
        { obra: '102', value: -100 },
        { obra: null, value: 100 },
      ],
      total: 14.3,
    });
    expect(combineShare({ rows: [], total: 0 }, { rows: [], total: 0 }, undefined).total).toBeNull();
    expect(shareFormatter({ of: {} })(72.5)).toBe('72,5%');
    expect(shareFormatter({ of: {} })(50)).toBe('50%');
    expect(['+45', '0', '-12'].map((x, i) => shareFormatter({ of: {}, display: 'score' })([45, 0, -12][i]) === x)).toEqual([true, true, true]);
  });
});

describe('dashboards', { timeout: 120_000 }, () => {
  it('satisfaction: CSAT and NPS equal the survey list computed by hand, per site too; latest comments listed', async () => {
    const surveys = await get<Survey[]>('/api/v1/pesquisas-satisfacao?_end=1000');
    expect(surveys.length).toBeGreaterThan(8);
    render(`/posvendas-satisfacao${WIDE}`, '/posvendas-satisfacao', SATISFACAO_DASHBOARD);
    const kpi = async (name: string, text: string) => {
      const card = await screen.findByRole('region', { name }, T);
      await waitFor(() => expect(within(card).getByText(text)).toBeInTheDocument(), T);
    };
    await kpi('Respostas no período', String(surveys.length));
    const pct = (v: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(Math.round(v * 10) / 10)}%`;
    await kpi('CSAT do atendimento', pct(csat(surveys)));
    const score = Math.round(nps(surveys));
    await kpi('NPS', score > 0 ? `+${score}` : String(score));
    const mean = surveys.reduce((a, x) => a + x.notaAtendimento, 0) / surveys.length;
    await kpi('Nota média do atendimento', new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mean));

    const bySite = await screen.findByRole('region', { name: 'NPS por obra' }, T);
    const figure = await within(bySite).findByRole('figure', {}, T);
    for (const obra of new Set(surveys.map((s) => s.obra))) {
      const v = Math.round(nps(surveys.filter((s) => s.obra === obra)));
      expect(nbsp(figure.getAttribute('aria-label'))).toContain(v > 0 ? `+${v}` : String(v));
    }

    const comments = await screen.findByRole('region', { name: 'Últimas respostas e comentários' }, T);
    const latest = [...surveys].sort((a, b) => b.data.localeCompare(a.data))[0];
    await waitFor(() => expect(within(comments).getAllByRole('row').length).toBe(Math.min(10, surveys.length) + 1), T);
    expect(within(comments).getByText(latest.comentario!)).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          t.requests.some(
            (r) =>
              r.url.pathname === '/api/v1/pesquisas-satisfacao/aggregate' &&
              r.url.searchParams.get('nps_lte') === '6' &&
              r.url.searchParams.get('groupBy') === 'obra',
          ),
        ).toBe(true),
      T,
    );
  });

  it('factory dashboard of a site asks only for that site and lists its open manufacturings', async () => {
    const open = await get<{ codigo: string }[]>('/api/v1/fabricacoes?obra=104&status_ne=Conclu%C3%ADda&_end=100');
    render(`/104/fabricacao/Dashboard${WIDE}`, '/:obra/fabricacao/Dashboard', FABRICA_OBRA_DASHBOARD);
    const list = await screen.findByRole('region', { name: 'Fabricações em aberto por data prevista' }, T);
    await waitFor(() => expect(within(list).getByText(open[0].codigo)).toBeInTheDocument(), T);
    const other = await get<{ codigo: string }[]>('/api/v1/fabricacoes?obra=103&_end=100');
    for (const f of other) expect(within(list).queryByText(f.codigo)).toBeNull();
    const mine = (
      await get<{ total: number }>('/api/v1/projetos-fabrica/aggregate?obra=104&status=Em%20elabora%C3%A7%C3%A3o&status=Em%20verifica%C3%A7%C3%A3o')
    ).total;
    const card = await screen.findByRole('region', { name: 'Projetos em elaboração ou verificação' }, T);
    await waitFor(() => expect(within(card).getByText(String(mine))).toBeInTheDocument(), T);
    const asked = t.requests.filter((r) => /\/api\/v1\/(fabricacoes|projetos-fabrica)/.test(r.url.pathname));
    expect(asked.length).toBeGreaterThan(8);
    for (const r of asked) expect(r.url.searchParams.get('obra'), r.url.toString()).toBe('104');
  });

  it('post-sales: average time to conclusion, in days, from the aggregate', async () => {
    const avg = await get<{ total: number }>(
      '/api/v1/posvendas/aggregate?measure=avgDays:abertura,conclusao&status=Conclu%C3%ADdo&conclusao_gte=2020-01-01T00:00:00&conclusao_lte=2030-12-31T23:59:59',
    );
    render(`/dashboard-posvendas${WIDE}`, '/dashboard-posvendas', POSVENDA_DASHBOARD);
    const card = await screen.findByRole('region', { name: 'Tempo médio até a conclusão' }, T);
    const text = `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(avg.total)} dias`;
    await waitFor(() => expect(within(card).getByText(text)).toBeInTheDocument(), T);
  });
});
