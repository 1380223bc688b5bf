/**
 * The sheet viewport against the real API in-process (demo site 101's plan set): the low-resolution
 * first pass (the sheet's thumbnail, fetched with the session, over the sheet's box until pdf.js has
 * drawn the page, then gone) and a gesture that pans and zooms without rendering the viewport again
 * (the view is written to the DOM; the page is a compositor picture while the gesture lasts). pdf.js cannot draw in jsdom: the canvas module is mocked, with a
 * way to say the page is drawn and a count of the viewport's renders (it renders the mock each time).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import type { FolhaDaObra } from '../../../../resources/plantas';
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

const render = (sheet: FolhaDaObra) =>
  renderViews({
    schemas: [],
    path: '/folha',
    user: DEMO_USERS[ADMIN],
    routes: <Route path="/folha" element={<SheetViewport sheet={sheet} pins={[]} onOpenPin={() => undefined} />} />,
  });

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

  it('a drag and a pinch move the sheet without rendering the viewport again', async () => {
    render(first);
    mockSheetLayout();
    const region = screen.getByRole('region', { name: `Folha ${first.codigo}` });
    const stage = screen.getByTestId('planta-folha');
    const pinBox = screen.getByRole('group', { name: 'Pinos da folha' }).parentElement!;
    const renders = canvas.renders;
    const width = parseFloat(pinBox.style.width);
    fireEvent.pointerDown(region, { pointerId: 1, clientX: 100, clientY: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 1, clientX: 130, clientY: 120, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 1, clientX: 160, clientY: 140, pointerType: 'touch' });
    expect(stage.style.transform).toBe('translate(60px, 40px) scale(1)');
    expect(pinBox.style.transform).toBe('translate(60px, 40px)');
    // While the sheet moves its page is kept as one picture on the compositor.
    expect(stage.style.willChange).toBe('transform');
    // A second finger: the pinch doubles the distance between them, the sheet and the pins' box double.
    fireEvent.pointerDown(region, { pointerId: 2, clientX: 260, clientY: 140, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(region, { pointerId: 2, clientX: 360, clientY: 140, pointerType: 'touch' });
    fireEvent.pointerUp(region, { pointerId: 2, clientX: 360, clientY: 140, pointerType: 'touch' });
    fireEvent.pointerUp(region, { pointerId: 1, clientX: 160, clientY: 140, pointerType: 'touch' });
    expect(stage.style.transform).toMatch(/scale\(2\)$/);
    expect(stage.style.willChange).toBe('');
    expect(parseFloat(pinBox.style.width)).toBeCloseTo(width * 2, 5);
    expect(canvas.renders).toBe(renders);
    // The buttons go through the same path: "Ajustar à tela" puts the sheet back.
    fireEvent.click(screen.getByRole('button', { name: 'Ajustar à tela' }));
    expect(stage.style.transform).toBe('translate(0px, 0px) scale(1)');
    expect(parseFloat(pinBox.style.width)).toBeCloseTo(width, 5);
  });
});
