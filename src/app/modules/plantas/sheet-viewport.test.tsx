/**
 * The sheet viewport against the real API in-process (demo site 101's plan set): the low-resolution
 * first pass (the sheet's thumbnail, fetched with the session, over the sheet's box until pdf.js has
 * drawn the page, then gone) and a gesture that pans and zooms without rendering the viewport again
 * (the view is written to the DOM; the page is a compositor picture while the gesture lasts). pdf.js cannot draw in jsdom: the canvas module is mocked, with a
 * way to say the page is drawn and a count of the viewport's renders (it renders the mock each time).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { FolhaDaObra, PinoDaFolha } from '../../../../resources/plantas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { SheetViewport } from './sheet-viewport';
import { mockSheetLayout } from './sheet-layout.test-utils';

const canvas = vi.hoisted(() => ({ renders: 0, drawn: undefined as (() => void) | undefined }));
vi.mock('./pdf-page-canvas', () => ({
  PdfPageCanvas: ({ onDrawn }: { onDrawn?: () => void }) => {
    canvas.renders++;
    canvas.drawn = onDrawn;
    return <canvas data-testid="pdf-page" />;
  },
}));

const T = { timeout: 30_000 };
const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);

const render = (sheet: FolhaDaObra, pins: PinoDaFolha[] = []) =>
  renderViews({
    schemas: [],
    path: '/folha',
    user: DEMO_USERS[ADMIN],
    routes: <Route path="/folha" element={<SheetViewport sheet={sheet} pins={pins} onOpenPin={() => undefined} />} />,
  });

/** `n` punch items spread over the sheet. */
const manyPins = (n: number): PinoDaFolha[] =>
  Array.from({ length: n }, (_, i) => ({
    chave: `item-${i + 1}`,
    recurso: 'itens-verificacao',
    id: i + 1,
    item: null,
    tipo: 'Item de verificação',
    x: ((i * 37) % 100) / 100,
    y: ((i * 53) % 97) / 97,
    titulo: `Item ${i + 1}`,
    codigo: String(i + 1),
    estado: { valor: 'aberto', rotulo: 'Aberto', cor: 'red' },
    disciplina: 'Civil',
    empresa: null,
    prazo: null,
    atrasado: false,
    revisaoMudou: false,
    revisaoAnterior: null,
  }));

const thumbRequests = () => t.requests.filter((r) => /^\/api\/v1\/plantas\/\d+\/miniatura$/.test(r.url.pathname));

describe('sheet viewport', { timeout: 90_000 }, () => {
  let first: FolhaDaObra;
  const original = URL.createObjectURL;
  beforeAll(async () => {
    const sheets = (await (await t.mock.api.request('/api/v1/obras/101/plantas', { as: ADMIN })).json()) as FolhaDaObra[];
    first = sheets.find((s) => s.codigo === 'ARQ-101-01')!;
    expect(first.arquivo).toBeTruthy();
  });
  afterEach(() => {
    URL.createObjectURL = original;
    vi.restoreAllMocks();
  });

  it("shows the sheet's thumbnail over its box while the page is drawn, and takes it away once drawn", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:previa-1'));
    render(first);
    const stage = screen.getByTestId('planta-folha');
    const preview = await screen.findByTestId('planta-previa', {}, T);
    expect(stage.contains(preview)).toBe(true);
    expect(preview.getAttribute('src')).toBe('blob:previa-1');
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.style.width).toBe('100%');
    expect(preview.style.height).toBe('100%');
    expect(blobs.every((b) => b.type === 'image/webp' && b.size > 100)).toBe(true);
    const asked = thumbRequests().find((r) => r.url.pathname === `/api/v1/plantas/${first.id}/miniatura`)!;
    expect(asked.url.searchParams.get('v')).toBe(`${first.arquivo!.key}#${first.pagina}`);
    act(() => canvas.drawn!());
    await waitFor(() => expect(screen.queryByTestId('planta-previa')).toBeNull(), T);
  });

  it('a sheet without a PDF asks for no thumbnail and shows no first pass', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:nada');
    const before = thumbRequests().length;
    render({ ...first, id: first.id + 100_000, arquivo: null });
    expect(screen.getByTestId('planta-folha')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('planta-previa')).toBeNull();
    expect(thumbRequests()).toHaveLength(before);
  });

  it('a drag and a pinch move the sheet and its 250 pins without rendering the viewport again', async () => {
    render(first, manyPins(250));
    mockSheetLayout();
    const region = screen.getByRole('region', { name: `Folha ${first.codigo}` });
    const stage = screen.getByTestId('planta-folha');
    const layer = screen.getByRole('group', { name: 'Pinos da folha' });
    // The pins in their own order, in boxes of 100 (one box laid out per frame after a gesture).
    expect(
      within(layer)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))[0],
    ).toBe('Item de verificação 1: Item 1, Aberto');
    expect(within(layer).getAllByRole('button')).toHaveLength(250);
    const boxes = [...layer.children] as HTMLElement[];
    expect(boxes.map((b) => b.querySelectorAll('button').length)).toEqual([100, 100, 50]);
    const renders = canvas.renders;
    const width = parseFloat(boxes[0].style.width);
    expect(width).toBeGreaterThan(0);
    fireEvent.pointerDown(region, { pointerId: 1, clientX: 100, clientY: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 1, clientX: 130, clientY: 120, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 1, clientX: 160, clientY: 140, pointerType: 'touch' });
    expect(stage.style.transform).toBe('translate(60px, 40px) scale(1)');
    // While the sheet moves its page and the pins' boxes are each one picture the compositor moves.
    for (const b of boxes) expect(b.style.transform).toBe('translate(60px, 40px) scale(1)');
    expect(stage.style.willChange).toBe('transform');
    // A second finger: the pinch doubles the distance between them, the sheet and the pins double; the
    // pins' boxes are scaled, not laid out again, while the gesture lasts.
    fireEvent.pointerDown(region, { pointerId: 2, clientX: 260, clientY: 140, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 2, clientX: 360, clientY: 140, pointerType: 'touch' });
    expect(stage.style.transform).toMatch(/scale\(2\)$/);
    for (const b of boxes) {
      expect(b.style.transform).toMatch(/scale\(2\)$/);
      expect(parseFloat(b.style.width)).toBeCloseTo(width, 5);
    }
    fireEvent.pointerUp(region, { pointerId: 2, clientX: 360, clientY: 140, pointerType: 'touch' });
    fireEvent.pointerUp(region, { pointerId: 1, clientX: 160, clientY: 140, pointerType: 'touch' });
    expect(stage.style.willChange).toBe('');
    // Then the boxes are laid out at the new zoom, the pins at their own size, one box per frame.
    await waitFor(() => {
      for (const b of boxes) {
        expect(parseFloat(b.style.width)).toBeCloseTo(width * 2, 5);
        expect(b.style.transform).toMatch(/^translate\([-\d.]+px, [-\d.]+px\)$/);
      }
    }, T);
    expect(canvas.renders).toBe(renders);
    // The buttons go through the same path: "Ajustar à tela" puts the sheet back.
    fireEvent.click(screen.getByRole('button', { name: 'Ajustar à tela' }));
    expect(stage.style.transform).toBe('translate(0px, 0px) scale(1)');
    await waitFor(() => {
      for (const b of boxes) expect(b.style.transform).toBe('translate(0px, 0px)');
    }, T);
    expect(parseFloat(boxes[2].style.width)).toBeCloseTo(width, 5);
  });
});
