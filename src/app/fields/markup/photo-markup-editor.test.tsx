/**
 * The photo markup editor behind "Marcar foto": a rectangle drawn with pointer events (as a finger
 * draws), undo and redo, and "Salvar" sending the image and the drawing to
 * POST /arquivos/{key}/marcacao. jsdom has no canvas: the raster export (`renderMarkedPhoto`, the one
 * function that needs a real canvas) is stubbed, the overlay's context is a no-op, the pointer events
 * are real.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StoredFile } from '../../../../schemas/kinds';
import { createDataProvider } from '../../providers/data-provider';
import { schemaByName } from '../../../../schemas';
import { FilesInput } from '../form-items';
import { PhotoMarkupAction } from './photo-markup-action';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const rendered = vi.hoisted(() => ({ calls: [] as unknown[] }));

vi.mock('./markup-draw', () => ({
  drawShapes: () => undefined,
  renderMarkedPhoto: (img: HTMLImageElement, drawing: unknown) => {
    rendered.calls.push([img.getAttribute('src'), drawing]);
    return Promise.resolve(new Blob([PNG], { type: 'image/png' }));
  },
}));

const photo: StoredFile = { key: '2026-03/foto-original.jpg', name: 'fachada.jpg', size: 1000, type: 'image/jpeg', tiradaEm: '2026-03-01T10:00:00.000Z' };
let posted: { url: string; form: FormData } | undefined;

beforeEach(() => {
  createDataProvider('http://localhost/api/v1');
  posted = undefined;
  rendered.calls = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => null) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect,
  );
  URL.createObjectURL = vi.fn(() => 'blob:foto');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      posted = { url, form: init.body as FormData };
      return new Response(
        JSON.stringify({ key: '2026-03/copia.png', name: 'fachada (marcada).png', size: 8, type: 'image/png', url: '/api/v1/arquivos/2026-03/copia.png' }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    }
    if (url.endsWith('/marcacao')) return new Response(JSON.stringify({ message: 'Esta foto não é uma cópia marcada.' }), { status: 404 });
    return new Response(PNG, { status: 200, headers: { 'content-type': 'image/jpeg' } });
  });
});

afterEach(() => vi.restoreAllMocks());

const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.readAsArrayBuffer(blob);
  });

describe('photo markup editor', { timeout: 30_000 }, () => {
  it('draws a rectangle with a finger, undoes and redoes it, and saves the PNG with the shapes', async () => {
    const saved = vi.fn();
    render(<PhotoMarkupAction photo={photo} field="fotos" onSaved={saved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar foto fachada.jpg' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Marcar foto: fachada.jpg');
    const img = await screen.findByAltText('fachada.jpg');
    expect(img.getAttribute('src')).toBe('blob:foto');
    act(() => {
      fireEvent.load(img);
    });

    fireEvent.click(screen.getByRole('radio', { name: 'Retângulo' }));
    const board = screen.getByTestId('marcacao-quadro');
    expect(board.style.touchAction).toBe('none');
    fireEvent.pointerDown(board, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(board, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 40 });
    fireEvent.pointerMove(board, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 60 });
    fireEvent.pointerUp(board, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 60 });
    expect(board).toHaveAttribute('aria-label', 'Desenho sobre a foto: 1 forma');

    // A tap is no shape.
    fireEvent.pointerDown(board, { pointerId: 2, pointerType: 'touch', clientX: 150, clientY: 50 });
    fireEvent.pointerUp(board, { pointerId: 2, pointerType: 'touch', clientX: 150, clientY: 50 });
    expect(board).toHaveAttribute('aria-label', 'Desenho sobre a foto: 1 forma');

    fireEvent.click(screen.getByRole('button', { name: /Desfazer/ }));
    expect(board).toHaveAttribute('aria-label', 'Desenho sobre a foto: 0 formas');
    fireEvent.click(screen.getByRole('button', { name: /Refazer/ }));
    expect(board).toHaveAttribute('aria-label', 'Desenho sobre a foto: 1 forma');

    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());

    const shapes = {
      formas: [
        {
          tipo: 'retangulo',
          cor: '#e53935',
          pontos: [
            [0.05, 0.1],
            [0.55, 0.6],
          ],
        },
      ],
    };
    expect(rendered.calls).toEqual([['blob:foto', shapes]]);
    expect(posted?.url).toBe('http://localhost/api/v1/arquivos/2026-03/foto-original.jpg/marcacao');
    const file = posted!.form.get('file') as File;
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('fachada (marcada).png');
    expect(await readBytes(file)).toEqual(PNG);
    expect(JSON.parse(String(posted!.form.get('desenho')))).toEqual(shapes);
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ key: '2026-03/copia.png', name: 'fachada (marcada).png' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the text before placing it, and refuses to save an empty drawing', async () => {
    render(<PhotoMarkupAction photo={photo} field="fotos" onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar foto fachada.jpg' }));
    const img = await screen.findByAltText('fachada.jpg', {}, { timeout: 10_000 });
    act(() => {
      fireEvent.load(img);
    });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Desenhe ao menos uma forma antes de salvar.');
    fireEvent.click(screen.getByRole('radio', { name: 'Texto' }));
    const board = screen.getByTestId('marcacao-quadro');
    fireEvent.pointerDown(board, { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 20 });
    expect(screen.getByRole('alert')).toHaveTextContent('Escreva o texto');
    fireEvent.change(screen.getByRole('textbox', { name: 'Texto a colocar' }), { target: { value: 'Trinca' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Cor azul' }));
    fireEvent.pointerDown(board, { pointerId: 2, pointerType: 'touch', clientX: 20, clientY: 20 });
    expect(board).toHaveAttribute('aria-label', 'Desenho sobre a foto: 1 forma');
    expect(posted).toBeUndefined();
  });

  it('is offered on each photo of an editable images field, and puts the copy right after its photo', async () => {
    const fotos = schemaByName('diario')!.fields.find((f) => f.name === 'fotos')!;
    const other: StoredFile = { key: '2026-03/outra.jpg', name: 'outra.jpg', size: 10, type: 'image/jpeg' };
    const changed = vi.fn();
    const { unmount } = render(<FilesInput field={fotos} id="fotos" value={[photo, other]} onChange={changed} disabled />);
    expect(screen.queryByRole('button', { name: /Marcar foto/ })).toBeNull();
    unmount();

    render(<FilesInput field={fotos} id="fotos" value={[photo, other]} onChange={changed} />);
    expect(screen.getByRole('button', { name: 'Marcar foto outra.jpg' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar foto fachada.jpg' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const img = await within(dialog).findByAltText('fachada.jpg');
    act(() => {
      fireEvent.load(img);
    });
    const board = screen.getByTestId('marcacao-quadro');
    fireEvent.pointerDown(board, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(board, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 80 });
    fireEvent.pointerUp(board, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 80 });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect((changed.mock.calls[0]![0] as StoredFile[]).map((f) => f.key)).toEqual([photo.key, '2026-03/copia.png', other.key]);
    expect(JSON.parse(String(posted!.form.get('desenho')))).toEqual({
      formas: [
        {
          tipo: 'seta',
          cor: '#e53935',
          pontos: [
            [0.05, 0.1],
            [0.5, 0.8],
          ],
        },
      ],
    });
  });
});
