/**
 * The plan viewer's pin actions against the real API in-process (demo site 101, issue 42): "Fixar
 * registro aqui" (tap, kind, search of the site's records, "Fixar") shows the record's pin, and
 * "Desafixar" takes it off; a point outside the sheet and a 403 show the API's pt-BR messages; a pin
 * flagged "revisão mudou" dragged with pointer events asks "Confirmar a nova posição?", moves there
 * and loses the flag, without panning the sheet. pdf.js cannot draw in jsdom: only the PDF canvas
 * module is mocked.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { PINNABLE } from '../../../../resources/plantas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import type { PortalUser } from '../../../access/user';
import { flagPinsOf } from '../../../server/plantas/tables';
import { PlanViewerPage } from './plan-viewer-page';
import { PinRecordModal } from './pin-record-modal';
import { mockSheetLayout } from './sheet-layout.test-utils';

vi.mock('./pdf-page-canvas', () => ({
  PdfPageCanvas: () => <div data-testid="pdf-page" />,
}));

const T = { timeout: 45_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

const render = (path: string, user: PortalUser = DEMO_USERS[ADMIN], point = { x: 0.5, y: 0.5 }, folha = 0) =>
  renderViews({
    schemas: [],
    path,
    user,
    routes: (
      <>
        <Route path="/obras/:obra/plantas/:folha" element={<PlanViewerPage />} />
        <Route path="/fixar" element={<PinRecordModal folha={folha} obra="101" point={point} kinds={PINNABLE} onClose={() => {}} onPinned={() => {}} />} />
      </>
    ),
  });

const get = async <X,>(path: string): Promise<X> => (await t.mock.api.request(path, { as: ADMIN })).json() as Promise<X>;
const pinButtons = () => within(screen.getByRole('group', { name: 'Pinos da folha' })).queryAllByRole('button');
const sent = (method: string, path: string) => t.requests.filter((r) => r.method === method && r.url.pathname === path);

/** The open pin panel (a drawer) that shows `text`. */
async function panelWith(text: RegExp) {
  return waitFor(() => {
    const panel = screen.getAllByRole('dialog').find((d) => text.test(d.textContent ?? ''));
    if (!panel) throw new Error(`no panel with ${String(text)}`);
    return panel;
  }, T);
}

async function choose(label: string, option: RegExp | string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, T));
}

/** Types in the record picker and picks the option (the search goes to the API as `q`). */
async function pickRecord(search: string, option: RegExp) {
  const box = screen.getByRole('combobox', { name: 'Registro' });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: search } });
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, T));
}

/** "Fixar registro aqui", then a tap at (500, 250): the middle of the sheet. */
async function tapToPin() {
  const mode = await screen.findByRole('button', { name: /Fixar registro aqui/ }, T);
  mockSheetLayout();
  fireEvent.click(mode);
  expect(mode.getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByText('Toque na planta no lugar do registro a fixar.')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('planta-folha'), { clientX: 500, clientY: 250 });
  return screen.findByRole('dialog', { name: 'Fixar registro na planta' }, T);
}

describe('plan viewer: pinning, unpinning and moving pins', { timeout: 120_000 }, () => {
  let sheets: FolhaDaObra[];
  const sheet = (codigo: string) => sheets.find((s) => s.codigo === codigo)!;
  let espessura: { id: number; titulo: string };
  beforeAll(async () => {
    sheets = await get<FolhaDaObra[]>('/api/v1/obras/101/plantas');
    const sgi = await get<{ id: number; titulo: string }[]>('/api/v1/tickets-sgi?obra=101');
    espessura = sgi.find((r) => r.titulo.startsWith('Espessura de pintura'))!;
    expect(espessura).toBeDefined();
  });
  afterEach(() => vi.restoreAllMocks());

  it('"Fixar registro aqui": picks an SGI record of the site and shows its pin; "Desafixar" takes it off', async () => {
    const folha = sheet('ARQ-101-03');
    render(`/obras/101/plantas/${folha.id}`);
    await waitFor(() => expect(pinButtons().length).toBeGreaterThan(0), T);
    const before = pinButtons().length;
    const dialog = await tapToPin();
    expect(within(dialog).getByText(/50% da largura e 50% da altura/)).toBeInTheDocument();
    await choose('Tipo de registro', 'Registro SGI');
    await pickRecord('Espessura', /Espessura de pintura abaixo do especificado/);
    // The picker asked the SGI list of this site with what was typed.
    await waitFor(
      () =>
        expect(sent('GET', '/api/v1/tickets-sgi').map((r) => Object.fromEntries(r.url.searchParams))).toContainEqual(
          expect.objectContaining({ obra: '101', q: 'Espessura' }),
        ),
      T,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixar' }));

    const pin = await screen.findByRole('button', { name: /^Registro SGI .*Espessura de pintura abaixo do especificado/ }, T);
    expect(pinButtons()).toHaveLength(before + 1);
    expect(sent('POST', `/api/v1/plantas/${folha.id}/pinos`).map((r) => r.body)).toEqual([{ recurso: 'tickets-sgi', id: espessura.id, x: 0.5, y: 0.5 }]);
    expect(pin.style.left).toBe('50%');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fixar registro na planta' })).toBeNull(), T);

    // Its panel offers "Desafixar" (a punch item's does not).
    vi.restoreAllMocks();
    fireEvent.click(pin);
    const panel = await panelWith(/Abrir o registro/);
    fireEvent.click(within(panel).getByRole('button', { name: /Desafixar/ }));
    const ask = await screen.findByRole('tooltip', {}, T);
    expect(within(ask).getByText('Desafixar este registro da planta?')).toBeInTheDocument();
    fireEvent.click(within(ask).getByRole('button', { name: 'Desafixar' }));
    await waitFor(() => expect(pinButtons()).toHaveLength(before), T);
    expect(sent('DELETE', `/api/v1/plantas/${folha.id}/pinos/${pin.dataset.chave}`)).toHaveLength(1);
    expect(await get<PinoDaFolha[]>(`/api/v1/plantas/${folha.id}/pinos?tipo=tickets-sgi`)).toEqual([]);
  });

  it('a punch item pin has no "Desafixar"', async () => {
    const folha = sheet('ARQ-101-03');
    render(`/obras/101/plantas/${folha.id}`);
    fireEvent.click(await screen.findByRole('button', { name: /Luminária de emergência/ }, T));
    const panel = await panelWith(/Abrir o registro/);
    expect(within(panel).queryByRole('button', { name: /Desafixar/ })).toBeNull();
  });

  it('a point outside the sheet: the API refuses it and the message says why, per field', async () => {
    render('/fixar', DEMO_USERS[ADMIN], { x: 1.5, y: 0.5 }, sheet('ARQ-101-01').id);
    const dialog = await screen.findByRole('dialog', { name: 'Fixar registro na planta' }, T);
    // Nothing chosen: the form says what is missing, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    expect(await within(dialog).findByText('Escolha o tipo de registro.', {}, T)).toBeInTheDocument();
    expect(t.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await choose('Tipo de registro', 'Registro SGI');
    await pickRecord('Espessura', /Espessura de pintura/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('Verifique o pino: A posição deve estar dentro da folha: um número de 0 a 1.');
    expect(alert.textContent).toContain('Posição horizontal: A posição deve estar dentro da folha');
    expect(alert.textContent).not.toContain('Posição vertical');
  });

  it("a person who reads the record but may not pin it gets the API's 403 as a pt-BR message", async () => {
    // Site 101's staff with read-only SGI: reads the sheet and the record, edits neither.
    const email = 'leitura.sgi.101@portal.local';
    const user = t.mock.api.addUser({ email, name: 'Leitura SGI 101', roles: ['sgi_leitura'], obra: ['101'], empresa: ['Portal Engenharia'] });
    t.mock.setUser(email);
    const folha = sheet('ARQ-101-02');
    render(`/obras/101/plantas/${folha.id}`, user);
    const dialog = await tapToPin();
    await choose('Tipo de registro', 'Registro SGI');
    await pickRecord('Espessura', /Espessura de pintura/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixar' }));
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('Você não tem permissão para fixar este registro nesta planta.');
    expect(await get<PinoDaFolha[]>(`/api/v1/plantas/${folha.id}/pinos?tipo=tickets-sgi`)).toEqual([]);
  });

  it('a pin flagged "revisão mudou" dragged to a new place: "Confirmar a nova posição?" moves it and clears the flag', async () => {
    const folha = sheet('ARQ-101-02');
    await flagPinsOf(t.mock.api.db, folha.id, '0');
    render(`/obras/101/plantas/${folha.id}`);
    const pin = await screen.findByRole('button', { name: /Tomada sem espelho.*posição a confirmar/ }, T);
    const chave = pin.dataset.chave!;
    mockSheetLayout();
    const stage = screen.getByTestId('planta-folha');
    const transform = stage.style.transform;

    // A press that does not travel is a tap: no move is asked.
    fireEvent.pointerDown(pin, { pointerId: 1, clientX: 450, clientY: 275, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(pin, { pointerId: 1, clientX: 452, clientY: 276, pointerType: 'touch' });
    fireEvent.pointerUp(pin, { pointerId: 1, clientX: 452, clientY: 276, pointerType: 'touch' });
    expect(screen.queryByRole('dialog', { name: 'Confirmar a nova posição?' })).toBeNull();

    // A drag: the pin follows the finger, the sheet does not pan.
    fireEvent.pointerDown(pin, { pointerId: 2, clientX: 450, clientY: 275, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(pin, { pointerId: 2, clientX: 350, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerMove(pin, { pointerId: 2, clientX: 300, clientY: 100, pointerType: 'touch' });
    expect(pin.dataset.arrastando).toBe('true');
    expect(pin.style.left).toBe('30%');
    fireEvent.pointerUp(pin, { pointerId: 2, clientX: 300, clientY: 100, pointerType: 'touch' });
    fireEvent.click(pin, { clientX: 300, clientY: 100 }); // the browser's click after the drag opens no panel
    expect(stage.style.transform).toBe(transform);
    const ask = await screen.findByRole('dialog', { name: 'Confirmar a nova posição?' }, T);
    expect(screen.queryByText('Abrir o registro')).toBeNull();

    // "Cancelar" puts it back; a second drag and "Confirmar" moves it.
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Tomada sem espelho/ }).style.left).toBe('45%'), T);
    expect(sent('POST', `/api/v1/plantas/${folha.id}/pinos/${chave}/confirmar`)).toHaveLength(0);
    const again = screen.getByRole('button', { name: /Tomada sem espelho/ });
    fireEvent.pointerDown(again, { pointerId: 3, clientX: 450, clientY: 275, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(again, { pointerId: 3, clientX: 300, clientY: 100, pointerType: 'mouse' });
    fireEvent.pointerUp(again, { pointerId: 3, clientX: 300, clientY: 100, pointerType: 'mouse' });
    const ask2 = await screen.findByRole('dialog', { name: 'Confirmar a nova posição?' }, T);
    fireEvent.click(within(ask2).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Tomada sem espelho/ }).getAttribute('aria-label')).not.toMatch(/posição a confirmar/), T);
    expect(sent('POST', `/api/v1/plantas/${folha.id}/pinos/${chave}/confirmar`).map((r) => r.body)).toEqual([{ x: 0.3, y: 0.2 }]);
    const moved = screen.getByRole('button', { name: /Tomada sem espelho/ });
    expect(moved.style.left).toBe('30%');
    expect(moved.style.top).toBe('20%');
    const after = (await get<PinoDaFolha[]>(`/api/v1/plantas/${folha.id}/pinos`)).find((p) => p.chave === chave)!;
    expect(after).toMatchObject({ x: 0.3, y: 0.2, revisaoMudou: false });
    // The other flagged pin of the sheet keeps its flag and the panel's "Confirmar posição".
    vi.restoreAllMocks();
    fireEvent.click(screen.getByRole('button', { name: /Retoque de pintura.*posição a confirmar/ }));
    const panel = await panelWith(/Abrir o registro/);
    expect(within(panel).getByText(/arraste-o na planta até o lugar certo/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Confirmar posição' })).toBeInTheDocument();
  });
});
