/**
 * The plan viewer against the real API in-process (demo site 101's plan set and punch items): the
 * pins of a sheet and the filters sent to the pins route, a pin's panel, "Novo item aqui" opening the
 * punch item's create form with the site, the sheet and the point, and the sheet list's search (at
 * 390 px, in its drawer). pdf.js cannot draw in jsdom: only the PDF canvas module is mocked
 * (pdf-page-canvas.tsx); everything else is the real viewer.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { schemaByName } from '../../../../schemas';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { APP_ROUTES, entityPaths } from '../../../../resources/routes';
import { EntityPage, queryDefaultsFor } from '../../pages/entity-page';
import { PlanViewerPage } from './plan-viewer-page';
import { mockSheetLayout } from './sheet-layout.test-utils';

vi.mock('./pdf-page-canvas', () => ({
  PdfPageCanvas: ({ url, pagina }: { url: string; pagina: number }) => <div data-testid="pdf-page" data-url={url} data-pagina={pagina} />,
}));

const T = { timeout: 45_000 };
/** The punch item's real create route (its `?obra` prefill and the query's suggested values). */
const createRoute = APP_ROUTES.find((r) => r.path === entityPaths(schemaByName('itemVerificacao')!).create)!;
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

const render = (path: string) =>
  renderViews({
    schemas: [],
    path,
    user: DEMO_USERS[ADMIN],
    routes: (
      <>
        <Route path="/obras/:obra/plantas/:folha" element={<PlanViewerPage />} />
        <Route path={createRoute.path} element={<EntityPage route={createRoute} />} />
      </>
    ),
  });

const get = async <X,>(path: string): Promise<X> => (await t.mock.api.request(path, { as: ADMIN })).json() as Promise<X>;
const pinButtons = () => within(screen.getByRole('group', { name: 'Pinos da folha' })).queryAllByRole('button');
const pinRequests = (folha: number) => t.requests.filter((r) => r.url.pathname === `/api/v1/plantas/${folha}/pinos`).map((r) => r.url.searchParams);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, T));
}

describe('plan viewer', { timeout: 120_000 }, () => {
  let sheets: FolhaDaObra[];
  let first: FolhaDaObra;
  beforeAll(async () => {
    sheets = await get<FolhaDaObra[]>('/api/v1/obras/101/plantas');
    first = sheets.find((s) => s.codigo === 'ARQ-101-01')!;
    expect(first).toBeDefined();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows the pins of the sheet over its PDF page and sends the filters to the pins route', async () => {
    const all = await get<PinoDaFolha[]>(`/api/v1/plantas/${first.id}/pinos`);
    const open = all.filter((p) => p.estado?.valor === 'Aberto');
    expect(all.length).toBeGreaterThan(open.length);
    expect(open.length).toBeGreaterThan(0);

    render(`/obras/101/plantas/${first.id}`);
    await waitFor(() => expect(pinButtons()).toHaveLength(all.length), T);
    // Marked for the service worker, which keeps a sheet's PDF for use offline.
    expect(screen.getByTestId('pdf-page').dataset.url).toBe(`http://localhost/api/v1${first.arquivo!.url.slice('/api/v1'.length)}?planta=1`);
    expect(screen.getByTestId('pdf-page').dataset.pagina).toBe(String(first.pagina));
    expect(screen.getByRole('button', { name: /Trinca no reboco da parede norte, Aberto/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Suporte da tubulação de ar comprimido sem fixação, Em correção/ })).toBeInTheDocument();

    await choose('Situação', 'Aberto');
    await waitFor(() => expect(pinButtons()).toHaveLength(open.length), T);
    expect(pinRequests(first.id).at(-1)!.get('status')).toBe('Aberto');
    expect(screen.queryByRole('button', { name: /Suporte da tubulação/ })).toBeNull();
    expect(currentLocation.search).toContain('status=Aberto');

    await choose('Tipo', 'Registro SGI');
    await waitFor(() => expect(pinRequests(first.id).at(-1)!.get('tipo')).toBe('tickets-sgi'), T);
    expect(pinRequests(first.id).at(-1)!.get('status')).toBe('Aberto');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Trinca no reboco/ })).toBeNull(), T);
    expect(pinButtons().every((b) => /^Registro SGI/.test(b.getAttribute('aria-label')!))).toBe(true);
  });

  it('opens a pin panel with its code, state, due date and a link to the record', async () => {
    const all = await get<PinoDaFolha[]>(`/api/v1/plantas/${first.id}/pinos?tipo=itens-verificacao`);
    const trinca = all.find((p) => p.titulo.startsWith('Trinca no reboco'))!;
    render(`/obras/101/plantas/${first.id}`);
    fireEvent.click(await screen.findByRole('button', { name: /Trinca no reboco/ }, T));
    const panel = await screen.findByRole('dialog', {}, T);
    expect(within(panel).getByText(trinca.codigo ?? '—')).toBeInTheDocument();
    expect(within(panel).getByText('Aberto')).toBeInTheDocument();
    if (trinca.prazo) expect(within(panel).getByText(new RegExp(trinca.prazo.slice(0, 10).split('-').reverse().join('/')))).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Abrir o registro' }).getAttribute('href')).toBe(`/itens-verificacao/${trinca.id}`);
  });

  it('a drag that starts on a pin pans the sheet and opens no panel; a tap on the pin opens it', async () => {
    render(`/obras/101/plantas/${first.id}`);
    const pin = await screen.findByRole('button', { name: /Trinca no reboco/ }, T);
    const stage = screen.getByTestId('planta-folha');
    const before = stage.style.transform;
    fireEvent.pointerDown(pin, { pointerId: 7, clientX: 200, clientY: 200, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(pin, { pointerId: 7, clientX: 260, clientY: 230, pointerType: 'touch' });
    fireEvent.pointerUp(pin, { pointerId: 7, clientX: 260, clientY: 230, pointerType: 'touch' });
    fireEvent.click(pin); // a mouse's click after the drag
    await waitFor(() => expect(stage.style.transform).not.toBe(before), T);
    expect(stage.style.transform).toContain('translate(60px, 30px)');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.pointerDown(pin, { pointerId: 8, clientX: 260, clientY: 230, button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(pin, { pointerId: 8, clientX: 260, clientY: 230, pointerType: 'touch' });
    fireEvent.click(pin);
    await screen.findByRole('dialog', {}, T);
  });

  it('"Novo item aqui": a tap on the sheet opens the new punch item with the site, the sheet and the point', async () => {
    render(`/obras/101/plantas/${first.id}`);
    const mode = await screen.findByRole('button', { name: /Novo item aqui/ }, T);
    mockSheetLayout();
    // Without the mode, a tap on the sheet creates nothing.
    fireEvent.click(screen.getByTestId('planta-folha'), { clientX: 250, clientY: 100 });
    expect(currentLocation.pathname).toBe(`/obras/101/plantas/${first.id}`);
    fireEvent.click(mode);
    expect(mode.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('planta-folha'), { clientX: 250, clientY: 100 });
    await waitFor(() => expect(currentLocation.pathname).toBe('/itens-verificacao/novo'), T);
    const q = new URLSearchParams(currentLocation.search);
    expect(Object.fromEntries(q)).toEqual({ obra: '101', folha: String(first.id), x: '0.25', y: '0.2' });
    vi.restoreAllMocks();
    // The create form opens with them: the site locked (the route's prefill), the point filled in and editable.
    const x = (await screen.findByLabelText('Posição horizontal na folha', {}, T)) as HTMLInputElement;
    const y = screen.getByLabelText('Posição vertical na folha') as HTMLInputElement;
    await waitFor(() => expect(x.value).toMatch(/^0[,.]25/), T);
    expect(y.value).toMatch(/^0[,.]2/);
    expect(x.disabled).toBe(false);
    const site = screen.getByLabelText('Obra');
    expect(site.closest('.ant-select')).toHaveClass('ant-select-disabled');
    expect(screen.getByLabelText('Folha da planta').closest('.ant-select')).not.toHaveClass('ant-select-disabled');
  });

  it('searches the sheet list by code or title (in a drawer at 390 px) with the counts of items', async () => {
    window.innerWidth = 390;
    render(`/obras/101/plantas/${first.id}`);
    fireEvent.click(await screen.findByRole('button', { name: /Folhas/ }, T));
    const list = await screen.findByRole('list', { name: 'Folhas' }, T);
    expect(within(list).getAllByRole('listitem')).toHaveLength(sheets.length);
    expect(within(list).getByRole('link', { current: 'page' }).textContent).toContain('ARQ-101-01');
    expect(within(list).getAllByText(`${first.itens.total} ${first.itens.total === 1 ? 'item' : 'itens'}`).length).toBeGreaterThan(0);
    const search = screen.getByRole('searchbox', { name: 'Buscar folha' });
    fireEvent.change(search, { target: { value: 'mezanino' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('listitem').textContent).toContain('ARQ-101-02');
    fireEvent.change(search, { target: { value: 'arq-101-03' } });
    expect(within(list).getByRole('listitem').textContent).toContain('Cobertura');
    fireEvent.change(search, { target: { value: 'inexistente' } });
    expect(screen.getByText('Nenhuma folha encontrada')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('list', { name: 'Folhas' })).getByRole('link', { name: /ARQ-101-02/ }));
    await waitFor(() => expect(currentLocation.pathname).toBe(`/obras/101/plantas/${sheets.find((s) => s.codigo === 'ARQ-101-02')!.id}`), T);
  });
});

describe('query defaults of a create form', () => {
  it('suggests values only for declared fields a person fills in, as their kinds read them', () => {
    const schema = schemaByName('itemVerificacao')!;
    expect(queryDefaultsFor(schema, '?obra=101&folha=3&x=0.4&y=abc&numero=9&revisaoMudou=true&naoExiste=1&prioridade=Alta&prioridadeX=1')).toEqual({
      obra: '101',
      folha: 3,
      x: 0.4,
      prioridade: 'Alta',
    });
    expect(queryDefaultsFor(schema, '?prioridade=Qualquer')).toEqual({});
  });
});
