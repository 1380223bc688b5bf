/**
 * The daily report's screens against the real API in-process: the new report of a site with its
 * RDO configuration (shifts, options) and "Copiar do dia anterior", "Baixar PDF" on the report, and
 * the configuration screen (/:obra/diarios/configurar) editing and creating a site's record.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { http, HttpResponse } from 'msw';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { formatDate } from '../../format';
import { DiarioCreate } from './diario-form';
import { DiarioShow } from './diario-show';
import { attachmentName } from '../../providers/api-client';
import { RdoConfigPage } from './rdo-config-page';
import { APP_ROUTES } from '../../../../resources/routes';
import { EntityPage } from '../../pages/entity-page';
import './register';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;

async function api<R = Record<string, unknown>>(path: string, as = 'admin@portal.local'): Promise<R> {
  const res = await t.mock.api.request(path, { as });
  return (await res.json()) as R;
}

describe('RDO screens', { timeout: 120_000 }, () => {
  it("a new report of a site starts from its shifts, offers its lists, and copies the previous day's report", async () => {
    renderViews({
      schemas: [diario],
      path: '/101/diarios/novo',
      routes: <Route path="/:obra/diarios/novo" element={<DiarioCreate schema={diario} />} />,
      user: DEMO_USERS[SM],
    });
    // Shifts of site 101 (demo configuration): Manhã 07:00–12:00 and Tarde 13:00–17:00.
    await waitFor(() => expect(screen.getByLabelText('Início do expediente')).toHaveValue('07:00'), T);
    expect(screen.getByLabelText('Fim do expediente')).toHaveValue('17:00');
    const climaCard = screen.getByText('Condições climáticas', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    expect(within(climaCard).getAllByRole('row')).toHaveLength(3); // header + one row per shift

    // Copy: the API's pre-filled body goes into the form.
    const expected = await api<{
      maoDeObra: { funcao: string }[];
      atividades: { descricao: string }[];
      data: string | null;
      origem: { numero: number; data: string };
    }>('/api/v1/diarios/copia-anterior?obra=101', SM);
    fireEvent.click(screen.getByRole('button', { name: /Copiar do dia anterior/ }));
    await screen.findByText(new RegExp(`Copiado do diário nº ${expected.origem.numero} de ${formatDate(expected.origem.data).replace(/\//g, '\\/')}`), {}, T);
    const maoCard = screen.getByText('Mão de obra', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(maoCard).getAllByRole('row')).toHaveLength(expected.maoDeObra.length + 1), T);
    // The labour rows pick from the site's lists (selects), showing the copied values.
    for (const m of expected.maoDeObra) expect(within(maoCard).getAllByText(m.funcao).length).toBeGreaterThan(0);
    expect(within(maoCard).getAllByRole('combobox').length).toBeGreaterThanOrEqual(expected.maoDeObra.length * 2);
    for (const a of expected.atividades) expect(screen.getByDisplayValue(a.descricao)).toBeInTheDocument();
    const gets = t.requests.filter((r) => r.url.pathname === '/api/v1/diarios/copia-anterior');
    expect(gets).toHaveLength(1);
    expect(gets[0].url.searchParams.get('obra')).toBe('101');
    // Occurrences and photos are never copied.
    expect(screen.getByLabelText('Ocorrências')).toHaveValue('');
  });

  it("the calendar feed's link (/:obra/diarios/novo?data=…) opens the site's new report on that date", async () => {
    const route = APP_ROUTES.find((r) => r.path === '/:obra/diarios/novo')!;
    renderViews({
      schemas: [diario],
      path: '/101/diarios/novo?data=2026-11-20',
      routes: <Route path={route.path} element={<EntityPage route={route} />} />,
      user: DEMO_USERS[SM],
    });
    const data = await screen.findByLabelText('Data', {}, T);
    await waitFor(() => expect(data).toHaveValue('20/11/2026'), T);
    expect(screen.getByLabelText('Obra').closest('.ant-select')!.textContent).toContain('101');
  });

  it('"Baixar PDF" on the report downloads the API\'s document', async () => {
    const [rdo] = await api<{ id: number; numero: number }[]>('/api/v1/diarios?obra=101&_end=1', SM);
    const created = vi.fn(() => 'blob:rdo');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The document itself is the API's (tests/api/rdo-document.test.ts); here, what the button does with it.
    t.server.use(
      http.get(
        `http://localhost/api/v1/diarios/${rdo.id}/pdf`,
        () =>
          new HttpResponse(new TextEncoder().encode('%PDF-1.3\n%%EOF'), {
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="RDO-101-${rdo.numero}.pdf"` },
          }),
      ),
    );
    renderViews({
      schemas: [diario],
      path: `/diarios/${rdo.id}`,
      routes: <Route path="/diarios/:diario" element={<DiarioShow schema={diario} />} />,
      user: DEMO_USERS[SM],
    });
    fireEvent.click(await screen.findByRole('button', { name: /Baixar PDF/ }, T));
    await waitFor(() => expect(click).toHaveBeenCalled(), T);
    expect(t.requests.filter((r) => r.url.pathname === `/api/v1/diarios/${rdo.id}/pdf`).map((r) => r.method)).toEqual(['GET']);
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(`RDO-101-${rdo.numero}.pdf`);
    click.mockRestore();
    expect(attachmentName('attachment; filename="RDO-101-7.pdf"', 'x.pdf')).toBe('RDO-101-7.pdf');
    expect(attachmentName(null, 'x.pdf')).toBe('x.pdf');
  });

  it("the configuration screen edits the site's record and creates it for a site without one", async () => {
    t.mock.setUser('admin@portal.local');
    const page = (obra: string) =>
      renderViews({
        schemas: [schemaByName('configuracaoRdo')!],
        path: `/${obra}/diarios/configurar`,
        routes: <Route path="/:obra/diarios/configurar" element={<RdoConfigPage />} />,
        user: DEMO_USERS['admin@portal.local'],
      });
    const view = page('103');
    await waitFor(() => expect(screen.getByDisplayValue('Retroescavadeira')).toBeInTheDocument(), T);
    const chuva = screen.getByRole('switch', { name: 'Chuva (mm)' });
    expect(chuva).toBeChecked();
    fireEvent.click(screen.getByRole('switch', { name: 'Ocorrências' }));
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1), T);
    expect(t.requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ version: 1, obrigatorias: { chuvaMm: true, ocorrencias: true } });
    // Stays on the screen with the saved version: a second save is accepted.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ocorrências' })).toBeChecked(), T);
    fireEvent.click(screen.getByRole('switch', { name: 'Fotos' }));
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2), T);
    expect(t.requests.filter((r) => r.method === 'PATCH')[1].body).toMatchObject({ version: 2 });
    const [saved] = await api<{ obrigatorias: Record<string, boolean>; version: number }[]>('/api/v1/configuracoes-rdo?obra=103');
    expect(saved).toMatchObject({ version: 3, obrigatorias: { chuvaMm: true, ocorrencias: true, fotos: true } });
    view.unmount();

    page('106');
    const obra = await screen.findByLabelText('Obra', {}, T);
    expect(obra.closest('.ant-select')).toHaveClass('ant-select-disabled');
    fireEvent.click(screen.getByRole('switch', { name: 'Mão de obra' }));
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(t.requests.filter((r) => r.method === 'POST')).toHaveLength(1), T);
    expect(t.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ obra: '106', obrigatorias: { maoDeObra: true } });
    await waitFor(async () => expect(await api<unknown[]>('/api/v1/configuracoes-rdo?obra=106')).toHaveLength(1), T);
  });
});
