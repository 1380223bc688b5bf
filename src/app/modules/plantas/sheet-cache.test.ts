/**
 * "Baixar plantas da obra" against an in-memory Cache API: only the PDFs not yet on the device are
 * fetched, each once, with the progress; what is kept is counted with its size; a refusal is a pt-BR
 * error; the addresses carry the marker the service worker keeps; the viewer reads a kept copy
 * straight from the cache (keptResponse), and nothing when there is none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { keepSheets, keptResponse, keptSheets, megabytes, sheetPdfs, sheetPdfUrl } from './sheet-cache';

function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, res: Response) => void store.set(url, res),
    };
  };
  return { open, delete: async (name: string) => stores.delete(name) };
}

const sheet = (id: number, key: string | null): FolhaDaObra =>
  ({ id, codigo: `F-${id}`, titulo: 'Folha', arquivo: key ? { key, name: 'p.pdf', size: 3, url: `/api/v1/arquivos/${key}` } : null }) as FolhaDaObra;

describe('plan PDFs on the device', () => {
  const fetchMock = vi.fn(async () => new Response('%PDF', { status: 200, headers: { 'content-length': '4' } }));
  beforeEach(() => {
    vi.stubGlobal('caches', memoryCaches());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each PDF once, marked for the service worker', () => {
    const urls = sheetPdfs([sheet(1, 'obras/101/a.pdf'), sheet(2, 'obras/101/a.pdf'), sheet(3, 'obras/101/b.pdf'), sheet(4, null)]);
    expect(urls).toEqual([sheetPdfUrl('/api/v1/arquivos/obras/101/a.pdf'), sheetPdfUrl('/api/v1/arquivos/obras/101/b.pdf')]);
    expect(urls[0]).toMatch(/\/arquivos\/obras\/101\/a\.pdf\?planta=1$/);
  });

  it('fetches only what is missing, with the progress, and counts what is kept', async () => {
    const urls = sheetPdfs([sheet(1, 'a.pdf'), sheet(2, 'b.pdf')]);
    expect(await keptSheets(urls)).toEqual({ kept: 0, bytes: 0 });
    const progress: string[] = [];
    await keepSheets(urls.slice(0, 1), (d, t) => progress.push(`${d}/${t}`));
    await keepSheets(urls, (d, t) => progress.push(`${d}/${t}`));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(progress).toEqual(['1/1', '1/2', '2/2']);
    expect(await keptSheets(urls)).toEqual({ kept: 2, bytes: 8 });
  });

  it('hands the viewer the copy kept on the device, without a request, and nothing when there is none', async () => {
    const [a, b] = sheetPdfs([sheet(1, 'a.pdf'), sheet(2, 'b.pdf')]);
    expect(await keptResponse(a)).toBeUndefined();
    await keepSheets([a], () => undefined);
    fetchMock.mockClear();
    const kept = await keptResponse(a);
    expect(await kept?.text()).toBe('%PDF');
    expect(await keptResponse(b)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.stubGlobal('caches', undefined);
    expect(await keptResponse(a)).toBeUndefined();
  });

  it('says in Portuguese when the server refuses, keeping nothing', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 403 }));
    const urls = sheetPdfs([sheet(1, 'a.pdf')]);
    await expect(keepSheets(urls, () => undefined)).rejects.toThrow('Não foi possível baixar uma das plantas (erro 403).');
    expect(await keptSheets(urls)).toEqual({ kept: 0, bytes: 0 });
  });
});

describe('megabytes', () => {
  it('reads nothing as 0 KB, a little as at least 1 KB, and megabytes with one decimal', () => {
    expect(megabytes(0)).toBe('0 KB');
    expect(megabytes(10)).toBe('1 KB');
    expect(megabytes(1_572_864)).toBe('1,5 MB');
  });
});
