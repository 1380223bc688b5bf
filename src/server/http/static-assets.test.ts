import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { IMMUTABLE, serveBuiltApp } from './static-assets';
import { appContentSecurityPolicy } from './security-headers';

let dir: string;
const sw = 'self.addEventListener("fetch", () => {});\n'.repeat(40);
const webManifest = JSON.stringify({ name: 'Portal de Obras', start_url: '/', icons: [] });
const js = 'export const x = 1;\n'.repeat(200);
const html = '<!doctype html><html><body><div id="app"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'assets', 'font-1.woff2'), Buffer.from([1, 2, 3]));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, 'sw.js'), sw);
  writeFileSync(join(dir, 'sw.js.br'), brotliCompressSync(sw));
  writeFileSync(join(dir, 'workbox-5a1b2c3d.js'), sw);
  writeFileSync(join(dir, 'manifest.webmanifest'), webManifest);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function app() {
  const a = new Hono();
  a.get('/api/v1/health', (c) => c.json({ status: 'ok' }));
  serveBuiltApp(a, dir);
  return a;
}

describe('serveBuiltApp', () => {
  it('serves the brotli copy when accepted, with type, vary and immutable caching', async () => {
    const res = await app().request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(brotliCompressSync(js))).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await app().request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(gzipSync(js))).toBe(true);
    const plain = await app().request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
    const refused = await app().request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('sends index.html with no-cache for client routes and answers 304 to its ETag', async () => {
    for (const path of ['/', '/login', '/obras/101/diarios']) {
      const res = await app().request(path, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-encoding')).toBe('br');
    }
    const first = await app().request('/login');
    expect(await first.text()).toBe(html);
    const etag = first.headers.get('etag')!;
    const again = await app().request('/login', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps the API, hides dot-directories and 404s a missing hashed asset', async () => {
    expect(await (await app().request('/api/v1/health')).json()).toEqual({ status: 'ok' });
    expect((await app().request('/assets/index-old999.js')).status).toBe(404);
    const manifest = await app().request('/.vite/manifest.json');
    expect(manifest.headers.get('content-type')).toBe('text/html; charset=utf-8'); // the app, not the manifest
    const font = await app().request('/assets/font-1.woff2', { headers: { 'Accept-Encoding': 'br' } });
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('content-encoding')).toBeNull();
    expect(font.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('serves the service worker and the manifest for revalidation, the Workbox runtime for a year', async () => {
    const worker = await app().request('/sw.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-encoding')).toBe('br');
    const runtime = await app().request('/workbox-5a1b2c3d.js');
    expect(runtime.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(runtime.headers.get('cache-control')).toBe(IMMUTABLE);
    const manifest = await app().request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ name: 'Portal de Obras' });
  });

  it('404s a missing worker, runtime or manifest instead of sending the app (the browser then drops an old worker)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'static-assets-nosw-'));
    try {
      writeFileSync(join(empty, 'index.html'), html);
      const a = new Hono();
      serveBuiltApp(a, empty);
      for (const path of ['/sw.js', '/workbox-0ld.js', '/manifest.webmanifest']) expect((await a.request(path)).status, path).toBe(404);
      expect((await a.request('/obras')).status).toBe(200);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("the app's CSP lets the portal's service worker and manifest load", () => {
    const directives = appContentSecurityPolicy({ connectSrc: [] }).split('; ');
    expect(directives).toContain("worker-src 'self' blob:");
    expect(directives).toContain("manifest-src 'self'");
  });
});
