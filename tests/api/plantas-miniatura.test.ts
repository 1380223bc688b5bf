/**
 * A sheet's thumbnail (`GET /api/v1/plantas/{id}/miniatura`, issue 42): a WebP image of the sheet's
 * page, 320 px on its longer side, rendered once and kept in the file store (the same thumbnail asked
 * at once rendered once), a strong ETag with 304, a new one after a new revision; 404 in pt-BR for
 * whoever does not read the sheet, a sheet without a PDF and a PDF that cannot be read, never a 500.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { demoPlanPdf } from '../../src/server/seed/demo-plan-pdf';
import { localStorage, type FileStorage } from '../../src/server/storage/storage';
import { sheetThumbKey } from '../../src/server/plantas/sheet-thumbnail';

const SM = 'sm@portal.local';
const SUPPLIER = 'fornecedor@portal.local';
const A3 = { largura: 1191, altura: 842 };

describe.each(BACKENDS)('sheet thumbnails (%s)', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-miniaturas-'));
  const inner = localStorage(dir);
  const puts: string[] = [];
  const storage: FileStorage = { ...inner, put: (key, body, type) => (puts.push(key), inner.put(key, body, type)) };
  const t = useApi(backend, () => ({ storage }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const thumb = (id: number, as = SM, headers?: Record<string, string>) => t.api.request(`/api/v1/plantas/${id}/miniatura`, { as, headers });
  const send = async (revisao: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ codigo: 'MIN-201', titulo: 'Miniaturas', disciplina: 'Civil', revisao })) form.append(k, v);
    const pdf = demoPlanPdf([
      { ...A3, titulo: `MIN-201-01 rev ${revisao}` },
      { largura: 842, altura: 1191, titulo: `MIN-201-02 rev ${revisao}` },
    ]);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'miniaturas.pdf');
    const res = await t.api.request('/api/v1/obras/101/plantas', { method: 'POST', body: form, as: SM });
    const body = (await res.json()) as { folhas: { id: number }[] };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.folhas.map((f) => f.id);
  };
  const fileOf = async (id: number) =>
    (await sql<{ key: string }>`select arquivo->0->>'key' as key from "folhaPlanta" where id = ${id}`.execute(t.api.db)).rows[0].key;
  const setFile = (id: number, files: unknown[]) =>
    sql`update "folhaPlanta" set arquivo = cast(${JSON.stringify(files)} as jsonb) where id = ${id}`.execute(t.api.db);
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  let ids: number[] = [];

  it('answers the page as a 320 px WebP image, keeps it in the file store and answers the kept one next time', async () => {
    ids = await send('0');
    const res = await thumb(ids[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong: no W/
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 226 });
    // A white sheet with dark lines: the corner is white, and something is drawn.
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const v of data.subarray(0, 3)) expect(v).toBeGreaterThan(245); // lossy WebP: about white
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] < 128) dark++;
    expect(dark).toBeGreaterThan(200);

    const key = sheetThumbKey(await fileOf(ids[0]), 1);
    expect(puts.filter((k) => k === key)).toHaveLength(1);
    const again = await thumb(ids[0]);
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(puts.filter((k) => k === key)).toHaveLength(1); // not rendered again

    const cached = await thumb(ids[0], SM, { 'If-None-Match': etag });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(cached.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await cached.text()).toBe('');
    expect((await thumb(ids[0], SM, { 'If-None-Match': '"outro"' })).status).toBe(200);
  });

  it('renders a thumbnail asked several times at once only once; a portrait sheet keeps 320 px on its height', async () => {
    const answers = await Promise.all([thumb(ids[1]), thumb(ids[1]), thumb(ids[1])]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const key = sheetThumbKey(await fileOf(ids[1]), 2);
    expect(puts.filter((k) => k === key)).toHaveLength(1);
    expect(await sharp(Buffer.from(await answers[0].arrayBuffer())).metadata()).toMatchObject({ width: 226, height: 320 });
  });

  it('gives a new revision of the sheet its own thumbnail and ETag', async () => {
    const before = (await thumb(ids[0])).headers.get('etag')!;
    const oldKey = await fileOf(ids[0]);
    expect(await send('1')).toEqual(ids); // the same sheets, replaced in place
    expect(await fileOf(ids[0])).not.toBe(oldKey);
    const res = await thumb(ids[0], SM, { 'If-None-Match': before });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(before);
    expect(puts).toContain(sheetThumbKey(await fileOf(ids[0]), 1));
  });

  it('answers 404 to whoever does not read the sheet, as for a sheet that does not exist', async () => {
    const res = await thumb(ids[0], SUPPLIER);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe('Folha de planta não encontrada.');
    expect((await thumb(99_999_999)).status).toBe(404);
    expect((await t.api.request('/api/v1/plantas/abc/miniatura', { as: SM })).status).toBe(404);
    expect((await t.api.request(`/api/v1/plantas/${ids[0]}/miniatura`, { as: null })).status).toBe(401);
  });

  it('answers 404 in Portuguese for a sheet without a PDF and for a PDF that cannot be read, never a 500', async () => {
    await setFile(ids[1], []);
    let res = await thumb(ids[1]);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe('Esta folha não tem arquivo PDF: não há miniatura.');

    await setFile(ids[1], [{ key: 'teste/nao-existe.pdf', name: 'x.pdf', size: 10, type: 'application/pdf' }]);
    res = await thumb(ids[1]);
    expect(res.status).toBe(404);
    expect(await message(res)).toMatch(/o PDF desta folha não pôde ser lido/);

    await inner.put('teste/nao-e-pdf.pdf', new TextEncoder().encode('isto não é um PDF'), 'application/pdf');
    await setFile(ids[1], [{ key: 'teste/nao-e-pdf.pdf', name: 'y.pdf', size: 17, type: 'application/pdf' }]);
    res = await thumb(ids[1]);
    expect(res.status).toBe(404);
    expect(await message(res)).toMatch(/o PDF desta folha não pôde ser lido/);
  });
});
