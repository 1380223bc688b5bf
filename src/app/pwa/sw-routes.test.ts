/** Which requests the service worker answers from its copies (sw-routes.ts). */
import { describe, expect, it } from 'vitest';
import { cachedApiRequest, cachedSheet } from './sw-routes';

const at = (path: string, init?: RequestInit) => {
  const url = new URL(path, 'https://portal.example');
  return { url, sameOrigin: true, request: new Request(url, init) };
};

describe('the service worker routes', () => {
  it('keeps API answers, but never for a request that asks for the server itself (the outbox)', () => {
    expect(cachedApiRequest(at('/api/v1/diarios/7'))).toBe(true);
    expect(cachedApiRequest(at('/api/v1/diarios/7', { cache: 'no-store' }))).toBe(false);
    expect(cachedApiRequest(at('/api/v1/eventos'))).toBe(false);
    expect(cachedApiRequest(at('/api/v1/arquivos/obras/101/p.pdf'))).toBe(false);
    expect(cachedApiRequest(at('/api/v1/arquivos/obras/101/foto.jpg/thumb'))).toBe(true);
  });

  it("keeps a plan sheet's PDF only when the viewer marks it", () => {
    expect(cachedSheet(at('/api/v1/arquivos/obras/101/p.pdf?planta=1'))).toBe(true);
    expect(cachedSheet(at('/api/v1/arquivos/obras/101/p.pdf'))).toBe(false);
    expect(cachedSheet({ ...at('/api/v1/arquivos/obras/101/p.pdf?planta=1'), sameOrigin: false })).toBe(false);
  });

  it("keeps a sheet's thumbnail with the plans when its address names the file and page, else with the API answers", () => {
    const thumb = '/api/v1/plantas/7/miniatura?v=2026-01%2Fa.pdf%231';
    expect(cachedSheet(at(thumb))).toBe(true);
    expect(cachedApiRequest(at(thumb))).toBe(false);
    expect(cachedSheet(at('/api/v1/plantas/7/miniatura'))).toBe(false);
    expect(cachedApiRequest(at('/api/v1/plantas/7/miniatura'))).toBe(true);
    expect(cachedSheet(at('/api/v1/plantas/7/pinos?v=1'))).toBe(false);
    expect(cachedSheet({ ...at(thumb), sameOrigin: false })).toBe(false);
  });
});
