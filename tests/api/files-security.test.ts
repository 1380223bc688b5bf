import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { BACKENDS, useApi } from './backends';

type Json = Record<string, any>;
const ADMIN = 'admin@portal.local';
/** Staff who reads the RDOs naming them as site manager (site 101). */
const SM = 'sm.arquivos@teste.local';
/** Staff who reads every RDO of site 101 only. */
const RDO101 = 'rdo101@teste.local';
const CLIENT = 'cliente@portal.local';

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe.each(BACKENDS)('files: owners, types, names, sizes, thumbnails, gallery (%s)', (backend) => {
  const t = useApi(backend);
  let day = 1;
  const nextDate = () => `2026-03-${String(day++).padStart(2, '0')}`;

  beforeAll(() => {
    t.api.addUser({ email: SM, name: 'SM Arquivos', roles: ['site_manager'], obra: ['101'] });
    t.api.addUser({ email: RDO101, name: 'Leitor 101', roles: ['rdo_by_obra'], obra: ['101'] });
  });

  const upload = async (as: string, query: string, body: Uint8Array, name: string, type = 'application/octet-stream', fields: Json = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('file', new Blob([new Uint8Array(body)], { type }), name);
    const res = await t.api.request(`/api/v1/arquivos?${query}`, { method: 'POST', body: form, as });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const get = (key: string, as: string, suffix = '') => t.api.request(`/api/v1/arquivos/${key}${suffix}`, { as });
  const newRdo = async (obra: string, siteManager: string, fotos: Json[], as = ADMIN) => {
    const res = await t.api.request('/api/v1/diarios', {
      method: 'POST',
      as,
      json: { obra, data: nextDate(), siteManager: { mail: siteManager, nome: 'X' }, fotos },
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('serves a file only to who may read its owning record; unattached uploads only to their uploader', async () => {
    const up = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'foto.png', 'image/png');
    expect(up.status).toBe(201);
    expect(up.body.key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    // Not attached yet: the uploader only.
    expect((await get(up.body.key, ADMIN)).status).toBe(200);
    expect((await get(up.body.key, RDO101)).status).toBe(403);
    // Someone else cannot take it into their own record.
    const stolen = await newRdo('101', SM, [up.body], SM);
    expect(stolen.status).toBe(403);
    expect(stolen.body.errors.fotos[0]).toMatch(/não tem acesso ao arquivo/);

    const rdo = await newRdo('102', 'outro@portal.local', [up.body]);
    expect(rdo.status).toBe(201);
    expect((await get(up.body.key, ADMIN)).status).toBe(200);
    expect((await get(up.body.key, RDO101)).status).toBe(403); // RDO of site 102
    expect((await get(up.body.key, SM)).status).toBe(403);

    const up2 = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'foto2.png', 'image/png');
    const mine = await newRdo('101', SM, [up2.body]);
    expect(mine.status).toBe(201);
    expect((await get(up2.body.key, SM)).status).toBe(200);
    expect((await get(up2.body.key, RDO101)).status).toBe(200);
    expect((await get(up2.body.key, 'leitura@portal.local')).status).toBe(403);
    // Removed from the record: no longer served through it.
    const patched = await t.api.request(`/api/v1/diarios/${mine.body.id}`, { method: 'PATCH', json: { version: mine.body.version, fotos: [] } });
    expect(patched.status).toBe(200);
    expect((await get(up2.body.key, SM)).status).toBe(403);
  });

  it('library files follow their folder: file access equals record access for every seeded document', async () => {
    const docs = (await (await t.api.request('/api/v1/documentos?_end=100')).json()) as Json[];
    expect(docs.length).toBeGreaterThan(3);
    let denied = 0;
    for (const user of ['leitura@portal.local', CLIENT, 'sm@portal.local', ADMIN]) {
      for (const d of docs) {
        const record = await t.api.request(`/api/v1/documentos/${d.id}`, { as: user });
        const file = await get(d.arquivo[0].key, user);
        expect(file.status, `${user} ${d.nome}`).toBe(record.status === 200 ? 200 : 403);
        if (file.status === 403) denied++;
      }
    }
    expect(denied).toBeGreaterThan(0);
  });

  it('upload needs the edit/upload right on the owning record: a read-only client gets 403', async () => {
    const projetos = (await (await t.api.request('/api/v1/projetos?obra=101&_end=1', { as: CLIENT })).json()) as Json[];
    expect(projetos.length).toBe(1);
    const refused = await upload(CLIENT, `recurso=projetos&campo=arquivos&id=${projetos[0].id}`, pdf, 'resposta.pdf', 'application/pdf');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/não tem permissão para enviar/);
    const staff = await upload('projetista@portal.local', `recurso=projetos&campo=arquivos&id=${projetos[0].id}`, pdf, 'resposta.pdf', 'application/pdf');
    expect(staff.status).toBe(201);
    // Without a record (create form): the create right on the entity.
    expect((await upload('leitura@portal.local', 'recurso=diarios&campo=fotos', await png(), 'a.png')).status).toBe(403);
    expect((await upload(ADMIN, 'recurso=naoexiste&campo=fotos', await png(), 'a.png')).status).toBe(400);
  });

  it('history of a deleted record follows the rules of the record it describes', async () => {
    const other = await newRdo('102', 'outro@portal.local', []);
    const own = await newRdo('101', 'outro@portal.local', []);
    for (const r of [other, own]) expect((await t.api.request(`/api/v1/diarios/${r.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await t.api.request(`/api/v1/diarios/${other.body.id}/historico`, { as: RDO101 })).status).toBe(404);
    const visible = await t.api.request(`/api/v1/diarios/${own.body.id}/historico`, { as: RDO101 });
    expect(visible.status).toBe(200);
    expect(((await visible.json()) as Json[]).map((h) => h.action)).toEqual(['delete', 'create']);
    expect((await t.api.request(`/api/v1/diarios/${other.body.id}/historico`, { as: ADMIN })).status).toBe(200);
  });

  it('detects the type from the bytes: SVG and HTML refused with a pt-BR message; the sniffed type is served', async () => {
    for (const [body, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [svg, 'x.png', 'image/png'],
      [html, 'pagina.png', 'image/png'],
    ] as const) {
      const r = await upload(ADMIN, 'recurso=diarios&campo=fotos', body, name, type);
      expect(r.status, name).toBe(400);
      expect(r.body.message).toMatch(/não é de um tipo aceito em Fotos/);
      expect(r.body.errors.file[0]).toMatch(/JPEG, PNG, WEBP, GIF/);
    }
    // HTML is not accepted as a document either, whatever its name.
    expect((await upload(ADMIN, 'recurso=contratos&campo=arquivos', html, 'nota.pdf', 'application/pdf')).status).toBe(400);
    // A PDF is not a photo.
    expect((await upload(ADMIN, 'recurso=diarios&campo=fotos', pdf, 'foto.png', 'image/png')).status).toBe(400);

    const img = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'foto.png', 'text/html');
    expect(img.status).toBe(201);
    expect(img.body.type).toBe('image/png');
    const served = await get(img.body.key, ADMIN);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Planilha').addRow(['a', 1]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const sheet = await upload(ADMIN, 'recurso=contratos&campo=arquivos', xlsx, 'medicao.xlsx', 'application/octet-stream');
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(201);
    expect(sheet.body.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const dl = await get(sheet.body.key, ADMIN);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment;.*medicao\.xlsx/);
    expect(dl.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);

    const txt = await upload(ADMIN, 'recurso=contratos&campo=arquivos', Buffer.from('linha 1\nlinha 2\n'), 'notas.txt', 'text/html');
    expect(txt.body.type).toBe('text/plain');
    expect((await get(txt.body.key, ADMIN)).headers.get('content-disposition')).toMatch(/^attachment;/);

    const doc = await upload(ADMIN, 'recurso=contratos&campo=arquivos', pdf, 'minuta.pdf', 'application/pdf');
    const p = await get(doc.body.key, ADMIN);
    expect(p.headers.get('content-type')).toBe('application/pdf');
    expect(p.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(p.headers.get('content-security-policy')).toMatch(/default-src 'none'/);

    // A record cannot take an upload its field does not accept (a document in a photo field).
    const wrong = await newRdo('101', SM, [doc.body]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.fotos[0]).toMatch(/não é de um tipo aceito em Fotos/);
  });

  it('refuses path-like and control-character names; keys are the server’s', async () => {
    for (const name of ['..', 'a\u0001b.png', 'nome\u0000.png']) {
      const r = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), name, 'image/png');
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.message).toMatch(/nome do arquivo/);
    }
    const traversal = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), '../../etc/passwd.png', 'image/png');
    // The client's directories are dropped (or refused): never part of the key.
    if (traversal.status === 201) {
      expect(traversal.body.name).toBe('passwd.png');
      expect(traversal.body.key).not.toMatch(/\.\./);
    } else expect(traversal.status).toBe(400);
    expect((await get('..%2F..%2Fetc%2Fpasswd', ADMIN)).status).toBe(400);
    expect((await get('2026-01/%E0%A4%A', ADMIN)).status).toBe(400);
  });

  describe('size limits while streaming', () => {
    let tmp: string;
    const saved = { up: process.env.UPLOAD_MAX_MB, tmp: process.env.UPLOAD_TMP_DIR, json: process.env.JSON_MAX_KB };
    beforeAll(() => {
      tmp = mkdtempSync(join(tmpdir(), 'portal-upload-test-'));
      process.env.UPLOAD_TMP_DIR = tmp;
      process.env.UPLOAD_MAX_MB = '0.05'; // 51,200 bytes
    });
    afterAll(() => {
      for (const [k, v] of [
        ['UPLOAD_MAX_MB', saved.up],
        ['UPLOAD_TMP_DIR', saved.tmp],
        ['JSON_MAX_KB', saved.json],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      rmSync(tmp, { recursive: true, force: true });
    });

    it('aborts a chunked upload with 413 as soon as it passes UPLOAD_MAX_MB, reading no further and keeping nothing', async () => {
      const boundary = 'limite123';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.txt"\r\nContent-Type: text/plain\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      const chunks = 64; // 1 MiB in all, twenty times the limit
      let pulled = 0;
      let i = -1;
      const body = new ReadableStream<Uint8Array>({
        pull(ctrl) {
          i++;
          const part = i === 0 ? head : i <= chunks ? chunk : i === chunks + 1 ? Buffer.from(`\r\n--${boundary}--\r\n`) : undefined;
          if (!part) return ctrl.close();
          pulled += part.length;
          ctrl.enqueue(new Uint8Array(part));
        },
      });
      const before = Number(
        (
          await t.api.db
            .selectFrom('arquivo')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const res = await t.api.request('/api/v1/arquivos?recurso=contratos&campo=arquivos', {
        method: 'POST',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as Json).message).toBe('O arquivo excede o limite de 0,05 MB.');
      expect(pulled).toBeLessThan(300 * 1024);
      expect(readdirSync(tmp)).toEqual([]);
      const after = Number(
        (
          await t.api.db
            .selectFrom('arquivo')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after).toBe(before);
      // Just under the limit still goes through.
      const ok = await upload(ADMIN, 'recurso=contratos&campo=arquivos', Buffer.alloc(50 * 1024, 0x62), 'ok.txt', 'text/plain');
      expect(ok.status).toBe(201);
      expect(readdirSync(tmp)).toEqual([]);
    });

    it('caps JSON bodies (JSON_MAX_KB, 1 MB by default) with 413', async () => {
      const big = { obra: '101', ocorrencias: 'x'.repeat(1100 * 1024) };
      const res = await t.api.request('/api/v1/diarios', { method: 'POST', json: big });
      expect(res.status).toBe(413);
      expect(((await res.json()) as Json).message).toMatch(/excede o limite de 1\.024 KB/);
      process.env.JSON_MAX_KB = '2';
      const small = await t.api.request('/api/v1/diarios', { method: 'POST', json: { ocorrencias: 'y'.repeat(3000) } });
      expect(small.status).toBe(413);
      delete process.env.JSON_MAX_KB;
    });
  });

  it('makes a 320 px WebP thumbnail on upload (EXIF rotation applied, metadata stripped), served under the same check', async () => {
    const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#cc3333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const up = await upload(ADMIN, 'recurso=diarios&campo=fotos', photo, 'obra.jpg', 'image/jpeg');
    expect(up.status).toBe(201);
    expect(up.body.thumbUrl).toBe(`/api/v1/arquivos/${up.body.key}/thumb`);
    const rdo = await newRdo('102', 'outro@portal.local', [up.body]);
    expect(rdo.status).toBe(201);
    const thumb = await get(up.body.key, ADMIN, '/thumb');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 320 });
    expect(meta.exif).toBeUndefined();
    expect((await get(up.body.key, RDO101, '/thumb')).status).toBe(403);
  });

  it('gives seeded images a thumbnail on first request', async () => {
    const docs = (await (await t.api.request('/api/v1/documentos?_end=100')).json()) as Json[];
    const seeded = docs.find((d) => String(d.arquivo?.[0]?.key).endsWith('.jpg'));
    expect(seeded).toBeTruthy();
    const key = seeded!.arquivo[0].key;
    for (let n = 0; n < 2; n++) {
      const res = await get(key, ADMIN, '/thumb');
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  it('gallery: the photos of the site the caller may read, newest first, paged, filterable, with thumbnails', async () => {
    const a = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'do-sm.png');
    const b = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'de-outro.png');
    const mine = await newRdo('101', SM, [a.body]);
    const hidden = await newRdo('101', 'outro@portal.local', [b.body]);
    expect([mine.status, hidden.status]).toEqual([201, 201]);
    const gallery = async (as: string, query = '') => {
      const res = await t.api.request(`/api/v1/obras/101/galeria?_start=0&_end=200${query}`, { as });
      return { status: res.status, total: Number(res.headers.get('x-total-count')), body: (await res.json()) as Json[] };
    };
    const smView = await gallery(SM);
    expect(smView.status).toBe(200);
    const smKeys = smView.body.map((p) => p.key);
    expect(smKeys).toContain(a.body.key);
    expect(smKeys).not.toContain(b.body.key);
    expect(smView.body.every((p) => p.fonte !== 'diario' || p.registro !== hidden.body.id)).toBe(true);

    const all = await gallery(ADMIN);
    expect(all.body.map((p) => p.key)).toEqual(expect.arrayContaining([a.body.key, b.body.key]));
    expect(all.body.some((p) => p.fonte === 'documento')).toBe(true); // the library's image
    const dates = all.body.map((p) => p.data ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = all.body.find((p) => p.key === a.body.key)!;
    expect(first).toMatchObject({ fonte: 'diario', recurso: 'diarios', registro: mine.body.id, thumbUrl: `/api/v1/arquivos/${a.body.key}/thumb` });

    const pageRes = await t.api.request('/api/v1/obras/101/galeria?_start=1&_end=3');
    expect(Number(pageRes.headers.get('x-total-count'))).toBe(all.total);
    expect(((await pageRes.json()) as Json[]).map((p) => p.key)).toEqual(all.body.slice(1, 3).map((p) => p.key));
    const onlyRdo = await gallery(ADMIN, '&fonte=diario');
    expect(onlyRdo.body.every((p) => p.fonte === 'diario')).toBe(true);
    const ranged = await gallery(ADMIN, `&de=${mine.body.data}&ate=${mine.body.data}`);
    expect(ranged.body.map((p) => p.key)).toEqual([a.body.key]);
    const bad = await t.api.request('/api/v1/obras/101/galeria?de=2026-02-31&fonte=xyz');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).errors).toMatchObject({ de: [expect.any(String)], fonte: [expect.any(String)] });
  });

  it('keeps when and where a photo was taken (tiradaEm, latitude, longitude): checked, stored, in the record and the gallery', async () => {
    const count = async () =>
      Number(
        (
          await t.api.db
            .selectFrom('arquivo')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const bad = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'f.png', 'image/png', { tiradaEm: future, latitude: '95', longitude: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      tiradaEm: [expect.stringMatching(/futuro/)],
      latitude: [expect.stringMatching(/-90 e 90/)],
      longitude: [expect.any(String)],
    });
    const notIso = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'f.png', 'image/png', { tiradaEm: '01/03/2026', latitude: '-23.5' });
    expect(notIso.body.errors).toEqual({ tiradaEm: [expect.stringMatching(/ISO 8601/)], longitude: [expect.stringMatching(/juntas/)] });
    expect(await count()).toBe(before);

    const meta = { tiradaEm: '2026-03-01T14:30:00-03:00', latitude: '-23.5505', longitude: '-46.6333' };
    const up = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'local.png', 'image/png', meta);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ tiradaEm: '2026-03-01T17:30:00.000Z', latitude: -23.5505, longitude: -46.6333 });
    const plain = await upload(ADMIN, 'recurso=diarios&campo=fotos', await png(), 'simples.png', 'image/png');
    expect(plain.body).not.toHaveProperty('tiradaEm');
    expect(plain.body).not.toHaveProperty('latitude');

    const rdo = await newRdo('101', SM, [up.body, plain.body]);
    expect(rdo.status).toBe(201);
    expect(rdo.body.fotos[0]).toMatchObject({ key: up.body.key, tiradaEm: '2026-03-01T17:30:00.000Z', latitude: -23.5505, longitude: -46.6333 });
    expect(rdo.body.fotos[1]).not.toHaveProperty('tiradaEm');
    const wrong = await newRdo('101', SM, [{ ...up.body, latitude: 200 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors['fotos.0.latitude']).toEqual([expect.stringMatching(/-90 e 90/)]);

    const gallery = (await (await t.api.request('/api/v1/obras/101/galeria?_start=0&_end=200')).json()) as Json[];
    expect(gallery.find((p) => p.key === up.body.key)).toMatchObject({ tiradaEm: '2026-03-01T17:30:00.000Z', latitude: -23.5505, longitude: -46.6333 });
    expect(gallery.find((p) => p.key === plain.body.key)).not.toHaveProperty('tiradaEm');
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Json;
    expect(Object.keys(doc.components.schemas.Arquivo.properties)).toEqual(expect.arrayContaining(['tiradaEm', 'latitude', 'longitude']));
  });
});
