/**
 * The JSON body cap leaves the uploads to their own limits: a marked-up photo (POST
 * /arquivos/{key}/marcacao, MARCACAO_MAX_MB) above JSON_MAX_KB reaches its route (issue 42: a
 * phone photo's marked-up PNG, a few MB, was refused with "excede o limite de 1.024 KB").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { hasOwnBodyLimit, jsonBodyLimit } from './json-body-limit';

const saved = process.env.JSON_MAX_KB;

function app() {
  const a = new Hono();
  a.use('*', jsonBodyLimit());
  a.post('*', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  return a;
}

const post = (path: string, bytes: number) =>
  app().request(path, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(bytes) });

describe('jsonBodyLimit', () => {
  afterEach(() => {
    if (saved === undefined) delete process.env.JSON_MAX_KB;
    else process.env.JSON_MAX_KB = saved;
  });

  it('names the uploads that have their own limit', () => {
    expect(hasOwnBodyLimit('/api/v1/arquivos')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/arquivos/uploads/2026/foto.jpg/marcacao')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/importacoes')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/obras/101/plantas')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/obras/103/usuarios/importacao')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/fabricacao/103/usuarios/importacao')).toBe(true);
    expect(hasOwnBodyLimit('/api/v1/obras/103/usuarios')).toBe(false);
    expect(hasOwnBodyLimit('/api/v1/arquivos/uploads/foto.jpg')).toBe(false);
    expect(hasOwnBodyLimit('/api/v1/diarios')).toBe(false);
    expect(hasOwnBodyLimit('/api/v1/itens-verificacao/marcacao')).toBe(false);
  });

  it('refuses a JSON body above JSON_MAX_KB and lets a marked-up photo of that size through to its route', async () => {
    process.env.JSON_MAX_KB = '1';
    const json = await post('/api/v1/diarios', 2048);
    expect(json.status).toBe(413);
    expect(((await json.json()) as { message: string }).message).toMatch(/excede o limite de 1 KB/);
    const markup = await post('/api/v1/arquivos/uploads/2026/foto.jpg/marcacao', 2048);
    expect(markup.status).toBe(200);
    expect(await markup.json()).toEqual({ bytes: 2048 });
  });
});
