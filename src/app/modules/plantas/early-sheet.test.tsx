/**
 * A sheet's address opened cold, against an in-memory Cache API holding what the service worker kept:
 * the sheet's thumbnail is painted over the loading app until the viewer takes over (or the address
 * changes), the viewer gets the device's sheet list, thumbnail and PDF bytes (the PDF once); signed
 * out, on another address or without the sheet on the device, nothing is read or shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { API_CACHE, SHEETS_CACHE } from '../../pwa/sw-routes';
import { clearSession, saveSession } from '../../auth/session';

type Module = typeof import('./early-sheet');

function memoryCaches(entries: Record<string, Record<string, () => Response>>) {
  const opened: string[] = [];
  return {
    opened,
    open: async (name: string) => {
      opened.push(name);
      return { match: async (url: string) => entries[name]?.[url]?.() };
    },
  };
}

const abs = (path: string) => new URL(path, window.location.origin).toString();
const SHEET = { id: 7, codigo: 'ARQ-01', pagina: 2, arquivo: { key: 'k1', name: 'a.pdf', size: 4, url: '/api/v1/arquivos/k1' } } as FolhaDaObra;
const OTHER = { id: 8, codigo: 'ARQ-02', pagina: 1, arquivo: { key: 'k2', name: 'b.pdf', size: 4, url: '/api/v1/arquivos/k2' } } as FolhaDaObra;
const THUMB = abs('/api/v1/plantas/7/miniatura?v=k1%232');
const PDF = abs('/api/v1/arquivos/k1?planta=1');

const kept = () =>
  memoryCaches({
    [API_CACHE]: { [abs('/api/v1/obras/101/plantas')]: () => Response.json([SHEET, OTHER]) },
    [SHEETS_CACHE]: {
      [THUMB]: () => new Response(new TextEncoder().encode('webp'), { headers: { 'content-type': 'image/webp' } }),
      [PDF]: () => new Response('%PDF'),
    },
  });

function GoElsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/obras/101')}>
      outra página
    </button>
  );
}

async function start(path: string): Promise<Module> {
  const m = await import('./early-sheet');
  const { EarlySheetSplash } = await import('./early-sheet-splash');
  m.startEarlySheet(path);
  render(
    <MemoryRouter initialEntries={[path]}>
      <EarlySheetSplash />
      <GoElsewhere />
    </MemoryRouter>,
  );
  return m;
}

describe('a sheet opened cold', () => {
  let caches: ReturnType<typeof kept>;
  beforeEach(() => {
    vi.resetModules();
    caches = kept();
    vi.stubGlobal('caches', caches);
    URL.createObjectURL = vi.fn(() => 'blob:miniatura');
    saveSession({ email: 'sm@portal.local' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("paints the kept thumbnail until the viewer shows the sheet, and hands the viewer the device's copies", async () => {
    const m = await start('/obras/101/plantas/7');
    const splash = await screen.findByTestId('planta-previa-inicial');
    expect(splash.getAttribute('src')).toBe('blob:miniatura');
    expect(splash.closest('[aria-hidden]')).not.toBeNull();
    expect((await m.earlySheets('101'))?.map((s) => s.id)).toEqual([7, 8]);
    expect(m.earlySheets('102')).toBeUndefined();
    expect(await m.earlyThumbnail(THUMB)).toBe('blob:miniatura');
    expect(await m.earlyThumbnail(abs('/api/v1/plantas/8/miniatura?v=k2%231'))).toBeUndefined();
    expect(await m.takeEarlyPdf(abs('/api/v1/arquivos/k2?planta=1'))).toBeUndefined();
    expect(new TextDecoder().decode(await m.takeEarlyPdf(PDF))).toBe('%PDF');
    expect(await m.takeEarlyPdf(PDF)).toBeUndefined(); // handed over once
    m.forgetEarlySheets();
    expect(m.earlySheets('101')).toBeUndefined();
    act(() => m.releaseEarlySheet());
    expect(screen.queryByTestId('planta-previa-inicial')).toBeNull();
  });

  it('goes when the app moves to another address', async () => {
    await start('/obras/101/plantas/7');
    await screen.findByTestId('planta-previa-inicial');
    act(() => screen.getByRole('button', { name: 'outra página' }).click());
    await waitFor(() => expect(screen.queryByTestId('planta-previa-inicial')).toBeNull());
  });

  it('reads and shows nothing signed out, on another address, or for a sheet the device does not keep', async () => {
    clearSession();
    let m = await start('/obras/101/plantas/7');
    expect(caches.opened).toEqual([]);
    expect(m.earlySheets('101')).toBeUndefined();
    vi.resetModules();
    saveSession({ email: 'sm@portal.local' });
    m = await start('/obras/101/plantas');
    expect(caches.opened).toEqual([]);
    vi.resetModules();
    m = await start('/obras/101/plantas/9');
    await waitFor(() => expect(caches.opened).toContain(API_CACHE));
    expect(await m.earlyThumbnail(THUMB)).toBeUndefined();
    expect(await m.takeEarlyPdf(PDF)).toBeUndefined();
    expect(screen.queryByTestId('planta-previa-inicial')).toBeNull();
  });
});
