import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compressResponses } from './compress';
import { chooseCoding } from './encoding';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, nome: `Obra número ${i}`, situacao: 'Em andamento' })) };

function app() {
  const a = new Hono();
  a.use('*', compressResponses());
  a.get('/big', (c) => {
    c.header('x-total-count', '200');
    return c.json(big);
  });
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  return a;
}

describe('chooseCoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip, deflate')).toBe('gzip');
    expect(chooseCoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('identity')).toBeUndefined();
    expect(chooseCoding(undefined)).toBeUndefined();
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

describe('compressResponses', () => {
  it('sends brotli when accepted, keeping the other headers', async () => {
    const res = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('x-total-count')).toBe('200');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const raw = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(raw.length);
    expect(JSON.parse(brotliDecompressSync(raw).toString('utf8'))).toEqual(big);
    expect(raw.length).toBeLessThan(JSON.stringify(big).length / 4);
  });

  it('falls back to gzip, and to identity', async () => {
    const gz = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toEqual(big);

    const plain = await app().request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.json()).toEqual(big);
  });

  it('leaves small bodies, images and no-transform answers alone', async () => {
    for (const path of ['/small', '/png', '/no-transform']) {
      const res = await app().request(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
    expect(await (await app().request('/small', { headers: { 'Accept-Encoding': 'br' } })).json()).toEqual({ ok: true });
  });
});
