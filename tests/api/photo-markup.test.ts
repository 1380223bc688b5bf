/**
 * Photo markup (issue 42): POST /arquivos/{key}/marcacao stores a marked-up copy beside the photo
 * with its drawing, GET answers the drawing again; the original is never touched; bad input is
 * refused with a pt-BR message and nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { BACKENDS, useApi } from './backends';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const ADMIN = 'admin@portal.local';
/** Reads every RDO of site 101, edits none. */
const READER = 'leitor.marcacao@teste.local';

const png = (width = 64, height = 48, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const drawing = {
  formas: [
    {
      tipo: 'retangulo',
      cor: '#e53935',
      pontos: [
        [0.1, 0.2],
        [0.5, 0.6],
      ],
    },
  ],
};

describe.each(BACKENDS)('photo markup (%s)', (backend) => {
  const t = useApi(backend);
  let original: Json;
  let rdo: Json;
  let originalBytes: Buffer;

  const count = async (table: 'arquivo' | 'arquivo_marcacao') => {
    const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(t.api.db);
    return Number(r.rows[0].n);
  };
  const mark = async (key: string, body: Uint8Array | undefined, desenho: unknown, as = ADMIN, type = 'image/png') => {
    const form = new FormData();
    if (desenho !== undefined) form.append('desenho', typeof desenho === 'string' ? desenho : JSON.stringify(desenho));
    if (body) form.append('file', new Blob([new Uint8Array(body)], { type }), 'marcada.png');
    const res = await t.api.request(`/api/v1/arquivos/${key}/marcacao`, { method: 'POST', body: form, as });
    return { status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    t.api.addUser({ email: READER, name: 'Leitor Marcação', roles: ['rdo_by_obra'], obra: ['101'] });
    originalBytes = await png();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(originalBytes)], { type: 'image/png' }), 'fachada.png');
    const up = await t.api.request('/api/v1/arquivos?recurso=diarios&campo=fotos', { method: 'POST', body: form, as: ADMIN });
    original = (await up.json()) as Json;
    const res = await t.api.request('/api/v1/diarios', {
      method: 'POST',
      json: { obra: '101', data: '2026-04-02', siteManager: { mail: 'sm@portal.local', nome: 'SM' }, fotos: [original] },
    });
    expect(res.status).toBe(201);
    rdo = (await res.json()) as Json;
  });

  it('stores a new file beside the original, with the drawing; the original is untouched', async () => {
    const saved = await mark(original.key, await png(64, 48, '#ff0000'), drawing);
    expect(saved.status).toBe(201);
    expect(saved.body.key).not.toBe(original.key);
    expect(saved.body).toMatchObject({ name: 'fachada (marcada).png', type: 'image/png', original: original.key });
    expect(saved.body.anterior).toBeUndefined();

    const back = await t.api.request(`/api/v1/arquivos/${original.key}`, { as: ADMIN });
    expect(Buffer.from(await back.arrayBuffer()).equals(originalBytes)).toBe(true);
    const copy = await t.api.request(`/api/v1/arquivos/${saved.body.key}`, { as: ADMIN });
    expect(copy.status).toBe(200);
    expect((await t.api.request(`/api/v1/arquivos/${saved.body.key}/thumb`, { as: ADMIN })).status).toBe(200);

    const data = await t.api.request(`/api/v1/arquivos/${saved.body.key}/marcacao`, { as: ADMIN });
    expect(data.status).toBe(200);
    expect(await data.json()).toMatchObject({ key: saved.body.key, original: original.key, desenho: drawing });
    // The original itself is no marked-up copy.
    expect((await t.api.request(`/api/v1/arquivos/${original.key}/marcacao`, { as: ADMIN })).status).toBe(404);

    // Attached to the record's field beside the original (the app's save), then readable through it.
    const patched = await t.api.request(`/api/v1/diarios/${rdo.id}`, {
      method: 'PATCH',
      json: { version: rdo.version, fotos: [original, { key: saved.body.key, name: saved.body.name, size: saved.body.size, type: saved.body.type }] },
    });
    expect(patched.status).toBe(200);
    rdo = (await patched.json()) as Json;
    expect((await t.api.request(`/api/v1/arquivos/${saved.body.key}`, { as: READER })).status).toBe(200);

    // Editing the copy again makes another version over the same original.
    const again = { formas: [...drawing.formas, { tipo: 'texto', cor: '#1e88e5', pontos: [[0.3, 0.3]], texto: 'Trinca aqui' }] };
    const second = await mark(saved.body.key, await png(64, 48, '#00ff00'), again);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ original: original.key, anterior: saved.body.key, name: 'fachada (marcada).png' });
    const data2 = (await (await t.api.request(`/api/v1/arquivos/${second.body.key}/marcacao`, { as: ADMIN })).json()) as Json;
    expect(data2.desenho).toEqual(again);
    // The first copy keeps its own drawing.
    const data1 = (await (await t.api.request(`/api/v1/arquivos/${saved.body.key}/marcacao`, { as: ADMIN })).json()) as Json;
    expect(data1.desenho).toEqual(drawing);
  });

  it('refuses bad input with a pt-BR 400 and stores nothing', async () => {
    const before = [await count('arquivo'), await count('arquivo_marcacao')];
    const previous = process.env.MARCACAO_MAX_MB;
    process.env.MARCACAO_MAX_MB = '0.01';
    try {
      const raw = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const big = await mark(original.key, raw, drawing);
      expect(big.status).toBe(400);
      expect(big.body.message).toMatch(/excede o limite de 0,01 MB/);
    } finally {
      if (previous === undefined) delete process.env.MARCACAO_MAX_MB;
      else process.env.MARCACAO_MAX_MB = previous;
    }
    const cases: [Uint8Array | undefined, unknown, RegExp][] = [
      [Buffer.from('não sou uma imagem, só texto'), drawing, /PNG ou JPEG/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), drawing, /PNG ou JPEG/],
      [await png(), '{"formas": [', /não é um JSON válido/],
      [await png(), undefined, /campo "desenho"/],
      [await png(), { formas: [] }, /está vazio/],
      [
        await png(),
        {
          formas: [
            {
              tipo: 'estrela',
              cor: '#e53935',
              pontos: [
                [0, 0],
                [1, 1],
              ],
            },
          ],
        },
        /tipo desconhecido/,
      ],
      [
        await png(),
        {
          formas: [
            {
              tipo: 'seta',
              cor: '#ff00ff',
              pontos: [
                [0, 0],
                [1, 1],
              ],
            },
          ],
        },
        /cor não permitida/,
      ],
      [
        await png(),
        {
          formas: [
            {
              tipo: 'seta',
              cor: '#e53935',
              pontos: [
                [0, 0],
                [1.5, 1],
              ],
            },
          ],
        },
        /de 0 a 1/,
      ],
      [await png(), { formas: [{ tipo: 'texto', cor: '#e53935', pontos: [[0.5, 0.5]], texto: '' }] }, /texto da forma 1/],
      [await png(), { formas: Array.from({ length: 101 }, () => drawing.formas[0]) }, /máximo é 100/],
      [await png(), 'x'.repeat(61_000), /grande demais/],
      [undefined, drawing, /Nenhum arquivo/],
    ];
    for (const [body, desenho, message] of cases) {
      const res = await mark(original.key, body, desenho);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect([await count('arquivo'), await count('arquivo_marcacao')]).toEqual(before);
  });

  it('403 for who may read the photo but not edit its record; 404 for an unknown file', async () => {
    expect((await t.api.request(`/api/v1/arquivos/${original.key}`, { as: READER })).status).toBe(200);
    const before = await count('arquivo');
    const refused = await mark(original.key, await png(), drawing, READER);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/permissão para alterar o registro/);
    // Who may not even see it.
    expect((await mark(original.key, await png(), drawing, 'cliente@portal.local')).status).toBe(403);
    expect((await mark('2026-01/nao-existe.png', await png(), drawing)).status).toBe(404);
    expect((await t.api.request('/api/v1/arquivos/2026-01/nao-existe.png/marcacao', { as: ADMIN })).status).toBe(404);
    expect((await mark('a%00b', await png(), drawing)).status).toBe(400);
    expect(await count('arquivo')).toBe(before);
  });
});
