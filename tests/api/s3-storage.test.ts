/**
 * Files in S3 (issue 27: several processes share the bucket). The S3 path of the storage
 * (`S3_BUCKET`, `S3_ENDPOINT`…) runs against s3rver, a local S3-compatible server: uploads land in
 * the bucket, access is checked as on the local disk, thumbnails are made and served, deleting a
 * record deletes its objects, and with the server down an upload gets a 503 in Portuguese and
 * leaves nothing half-written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { sql } from 'kysely';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { storageFromEnv, type FileStorage } from '../../src/server/storage/storage';
import { BACKENDS, useApi } from './backends';
import { purgeExpired } from '../../src/server/trash/purge';

type Json = Record<string, any>;
const ADMIN = 'admin@portal.local';
/** Reads every RDO of site 101 only. */
const RDO101 = 'rdo101.s3@teste.local';
const PREFIX = 'portal/';

const s3 = { dir: '', port: 0, server: undefined as S3rver | undefined };
const endpoint = () => `http://127.0.0.1:${s3.port}`;

async function startS3(): Promise<void> {
  s3.server = new S3rver({ address: '127.0.0.1', port: s3.port, silent: true, directory: s3.dir });
  s3.port = (await s3.server.run()).port;
}

async function stopS3(): Promise<void> {
  await s3.server?.close();
  s3.server = undefined;
}

beforeAll(async () => {
  s3.dir = mkdtempSync(join(tmpdir(), 'portal-s3rver-'));
  await startS3();
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('S3_ENDPOINT', endpoint());
  vi.stubEnv('S3_REGION', 'us-east-1');
  vi.stubEnv('S3_PREFIX', PREFIX);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await stopS3();
  rmSync(s3.dir, { recursive: true, force: true });
});

const photo = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7f3f' } })
    .png()
    .toBuffer();

describe.each(BACKENDS)('files in S3 on an S3-compatible server (%s)', (backend) => {
  const bucket = `portal-${backend}`;
  const admin = () => new S3Client({ endpoint: endpoint(), region: 'us-east-1', forcePathStyle: true });
  /** The objects of the bucket, without the prefix. */
  const objects = async () => {
    const r = await admin().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PREFIX }));
    return (r.Contents ?? []).map((o) => o.Key!.slice(PREFIX.length)).sort();
  };
  /** The S3 storage, with a switch that makes the next `put` (a thumbnail) fail as a store going down would. */
  const store = { s3: undefined as FileStorage | undefined, failNextPut: false };
  const storage: FileStorage = {
    put: (key, body, type) => {
      if (!store.failNextPut) return store.s3!.put(key, body, type);
      store.failNextPut = false;
      return (async () => {
        await stopS3();
        try {
          return await store.s3!.put(key, body, type);
        } finally {
          await startS3();
        }
      })();
    },
    putFile: (key, path, type) => store.s3!.putFile(key, path, type),
    get: (key) => store.s3!.get(key),
    remove: (key) => store.s3!.remove(key),
    check: () => store.s3!.check(),
  };

  beforeAll(async () => {
    vi.stubEnv('S3_BUCKET', bucket);
    await admin().send(new CreateBucketCommand({ Bucket: bucket }));
    store.s3 = await storageFromEnv(mkdtempSync(join(tmpdir(), 'portal-unused-')));
  });
  const t = useApi(backend, () => ({ storage }));
  beforeAll(() => {
    t.api.addUser({ email: RDO101, name: 'Leitor 101', roles: ['rdo_by_obra'], obra: ['101'] });
  });

  let day = 1;
  const upload = async (body: Uint8Array, name = 'foto.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), name);
    const res = await t.api.request('/api/v1/arquivos?recurso=diarios&campo=fotos', { method: 'POST', body: form, as: ADMIN });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const newRdo = async (fotos: Json[]) => {
    const res = await t.api.request('/api/v1/diarios', {
      method: 'POST',
      json: { obra: '102', data: `2026-04-${String(day++).padStart(2, '0')}`, siteManager: { mail: 'outro@portal.local', nome: 'X' }, fotos },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const get = (key: string, as: string, suffix = '') => t.api.request(`/api/v1/arquivos/${key}${suffix}`, { as });
  const fileRows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from arquivo`.execute(t.api.db)).rows[0].n);

  it('stores an upload and its thumbnail in the bucket; serves both only to who may read the record', async () => {
    const bytes = await photo();
    const up = await upload(bytes);
    expect(up.status).toBe(201);
    expect(up.body.thumbUrl).toBe(`/api/v1/arquivos/${up.body.key}/thumb`);
    expect(await objects()).toEqual(expect.arrayContaining([up.body.key, `${up.body.key}.thumb.webp`]));

    const rdo = await newRdo([up.body]);
    const served = await get(up.body.key, ADMIN);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const thumb = await get(up.body.key, ADMIN, '/thumb');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // Site 102's RDO: not for a reader of site 101, nor anonymous.
    expect((await get(up.body.key, RDO101)).status).toBe(403);
    expect((await get(up.body.key, RDO101, '/thumb')).status).toBe(403);
    expect((await t.api.request(`/api/v1/arquivos/${up.body.key}`, { as: null })).status).toBe(401);
    expect((await get(`${up.body.key.slice(0, 8)}00000000-0000-4000-8000-000000000000.png`, ADMIN)).status).toBe(404);
    expect(rdo.fotos[0].key).toBe(up.body.key);
  });

  it('a deleted record keeps its files in the bucket while in the trash; the purge removes them, thumbnails too; a file another record holds stays', async () => {
    const only = await upload(await photo());
    const shared = await upload(await photo(200, 100), 'comum.png');
    const first = await newRdo([only.body, shared.body]);
    const second = await newRdo([shared.body]);
    expect(await objects()).toEqual(expect.arrayContaining([only.body.key, `${only.body.key}.thumb.webp`, shared.body.key]));
    /** Past the trash period: the purge (src/server/trash/purge.ts) with this storage. */
    const expire = async () => {
      await sql`update lixeira set excluido_em = now() - interval '400 days'`.execute(t.api.db);
      await purgeExpired(t.api.db, storage);
    };

    expect((await t.api.request(`/api/v1/diarios/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await objects()).toEqual(expect.arrayContaining([only.body.key, `${only.body.key}.thumb.webp`]));
    expect((await get(only.body.key, ADMIN)).status).toBe(403); // held by the trash, not served
    await expire();
    let left = await objects();
    expect(left).not.toContain(only.body.key);
    expect(left).not.toContain(`${only.body.key}.thumb.webp`);
    expect(left).toEqual(expect.arrayContaining([shared.body.key, `${shared.body.key}.thumb.webp`]));
    expect((await get(only.body.key, ADMIN)).status).toBe(404);
    expect((await get(shared.body.key, ADMIN)).status).toBe(200);

    expect((await t.api.request(`/api/v1/diarios/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    await expire();
    left = await objects();
    expect(left).not.toContain(shared.body.key);
    expect(left).not.toContain(`${shared.body.key}.thumb.webp`);
    expect((await get(shared.body.key, ADMIN)).status).toBe(404);
  });

  it('with the S3 server down: uploads get 503 in Portuguese, readiness fails, nothing half-written; back up, uploads work', async () => {
    const kept = await upload(await photo());
    await newRdo([kept.body]);
    const before = { rows: await fileRows(), objects: await objects() };

    await stopS3();
    try {
      const refused = await upload(await photo());
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        statusCode: 503,
        message: expect.stringMatching(/^O armazenamento de arquivos não está respondendo: o arquivo não foi guardado/),
        requestId: expect.any(String),
      });
      expect(await fileRows()).toBe(before.rows);
      const download = await get(kept.body.key, ADMIN);
      expect(download.status).toBe(503);
      expect(((await download.json()) as Json).message).toMatch(/armazenamento de arquivos não está respondendo/);
      const ready = await t.api.request('/api/v1/health/ready', { as: null });
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as Json).verificacoes.arquivos).toEqual({
        status: 'falha',
        mensagem: expect.stringMatching(/^O armazenamento de arquivos não respondeu/),
      });
    } finally {
      if (!s3.server) await startS3();
    }

    // The store failing between the photo and its thumbnail: the photo's object is removed too.
    store.failNextPut = true;
    const halfway = await upload(await photo());
    expect(halfway.status).toBe(503);
    expect(await fileRows()).toBe(before.rows);
    expect(await objects()).toEqual(before.objects);

    expect((await t.api.request('/api/v1/health/ready', { as: null })).status).toBe(200);
    const again = await upload(await photo());
    expect(again.status).toBe(201);
    expect(await objects()).toEqual([...before.objects, again.body.key, `${again.body.key}.thumb.webp`].sort());
    expect(await fileRows()).toBe(before.rows + 1);
    expect((await get(again.body.key, ADMIN, '/thumb')).status).toBe(200);
  });
});
