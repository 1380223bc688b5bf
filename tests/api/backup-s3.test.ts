/**
 * Backups in S3 (issue 35: BACKUP_DIR=s3://bucket/prefix), against s3rver: the backup is uploaded
 * under the prefix with its manifest, the retention removes the old folders there (interrupted
 * uploads too) and keeps the newest complete one and anything that is not a backup, and
 * `npm run restore s3://…` (localBackupFolder + restoreBackup) brings every row and file back on a
 * wiped portal. A missing, interrupted or corrupt backup in the bucket is refused in pt-BR, with
 * nothing changed. A file larger than a part goes up as a multipart upload.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SCHEMAS } from '../../schemas';
import { openDatabase } from '../../src/server/boot/open-database';
import { connect } from '../../src/server/db/connect';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { restoreBackup } from '../../src/server/backup/restore';
import { backupNow, backupSettings, listBackups } from '../../src/server/backup/schedule';
import { backupClient, downloadBackup, localBackupFolder, parseS3Url, partSizeFor, pruneS3Backups, uploadBackup } from '../../src/server/backup/s3-target';
import { digests, expectRefused, tempDirs } from './backup-helpers';

const tmp = tempDirs();
const BUCKET = 'portal-backups';
const s3 = { server: undefined as S3rver | undefined, port: 0 };
const admin = () => new S3Client({ endpoint: `http://127.0.0.1:${s3.port}`, region: 'us-east-1', forcePathStyle: true });
const keys = async (prefix: string) =>
  ((await admin().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();
const put = (key: string, body = 'x') => admin().send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));

beforeAll(async () => {
  s3.server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tmp('portal-s3rver-backup-') });
  s3.port = (await s3.server.run()).port;
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('S3_ENDPOINT', `http://127.0.0.1:${s3.port}`);
  vi.stubEnv('S3_REGION', 'us-east-1');
  await admin().send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.server?.close();
});

describe('backups in S3', { timeout: 180_000 }, () => {
  it('reads the s3:// setting', () => {
    expect(backupSettings({ BACKUP_DIR: 's3://balde/portal/backups/' }).dir).toBe('s3://balde/portal/backups/');
    expect(parseS3Url('s3://balde/portal/backups/')).toEqual({ bucket: 'balde', prefix: 'portal/backups/' });
    expect(parseS3Url('s3://balde')).toEqual({ bucket: 'balde', prefix: '' });
    expect(parseS3Url('s3://')).toBeUndefined();
  });

  it('uploads the backup with the retention applied there, and restores from it; refuses a missing, interrupted or corrupt one', async () => {
    const dataDir = tmp('portal-s3-backup-data-');
    const files = join(dataDir, 'arquivos');
    const prefix = 'portal/backups/';
    // Already in the bucket: an old backup, an old interrupted upload, a recent one, something else.
    await put(`${prefix}portal-2026-01-01T02-00-00Z/manifesto.json`, '{}');
    await put(`${prefix}portal-2026-01-01T02-00-00Z/banco-pglite.tar.gz`);
    await put(`${prefix}portal-2026-01-02T02-00-00Z/banco-pglite.tar.gz`);
    const recent = `portal-${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T02-00-00Z`;
    await put(`${prefix}${recent}/manifesto.json`, '{}');
    await put(`${prefix}leia-me.txt`, 'não é um backup');

    const database = await openDatabase({ dataDir, seed: true, storage: localStorage(files) });
    const before = await digests(database.db);
    let url: string;
    try {
      const settings = { ...backupSettings({ BACKUP_DIR: `s3://${BUCKET}/${prefix}` }), retentionDays: 7 };
      url = await backupNow({ database, storage: localStorage(files), schemas: SCHEMAS, version: APP_VERSION, settings });
    } finally {
      await database.close();
    }
    const name = url.slice(`s3://${BUCKET}/${prefix}`.length);
    expect(name).toMatch(/^portal-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const uploaded = await keys(`${prefix}${name}/`);
    expect(uploaded).toEqual(expect.arrayContaining([`${prefix}${name}/manifesto.json`, `${prefix}${name}/banco-pglite.tar.gz`]));
    expect(uploaded.some((k) => k.startsWith(`${prefix}${name}/arquivos/`))).toBe(true);
    // The retention: the old ones gone (the interrupted upload too), the recent one and the rest kept.
    expect(await listBackups(`s3://${BUCKET}/${prefix}`)).toEqual([recent, name]);
    expect(await keys(`${prefix}portal-2026-01-0`)).toEqual([]);
    expect(await keys(`${prefix}leia-me`)).toEqual([`${prefix}leia-me.txt`]);
    // All past the retention: the newest complete one always stays.
    const client = await backupClient();
    expect(await pruneS3Backups(client, parseS3Url(`s3://${BUCKET}/${prefix}`)!, 1, new Date(Date.now() + 30 * 86_400_000))).toEqual([recent]);
    expect(await listBackups(`s3://${BUCKET}/${prefix}`)).toEqual([name]);

    // A new machine: nothing in DATA_DIR; the backup read from the bucket.
    rmSync(dataDir, { recursive: true, force: true });
    const restore = async (location: string, substituir = false) => {
      const folder = await localBackupFolder(location);
      return restoreBackup({ path: folder.path, dataDir, storage: localStorage(files), version: APP_VERSION, schemas: SCHEMAS, substituir }).finally(
        folder.cleanup,
      );
    };
    const m = await restore(url);
    const back = await connect({ dataDir });
    try {
      expect(await digests(back.db)).toEqual(before);
    } finally {
      await back.close();
    }
    for (const [key, f] of Object.entries(m.arquivos)) {
      const got = await admin().send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}${name}/arquivos/${key}` }));
      expect(got.ContentLength, key).toBe(f.bytes);
    }

    // Refusals, nothing changed.
    const unchanged = async () => {
      const db = await connect({ dataDir });
      try {
        return await digests(db.db);
      } finally {
        await db.close();
      }
    };
    await expectRefused(restore(`s3://${BUCKET}/${prefix}portal-2000-01-01T00-00-00Z`, true), /^Backup não encontrado: s3:\/\//);
    await put(`${prefix}portal-2026-02-01T02-00-00Z/banco-pglite.tar.gz`);
    await expectRefused(restore(`s3://${BUCKET}/${prefix}portal-2026-02-01T02-00-00Z`, true), /não é um backup do portal: falta o manifesto\.json/);
    const [someFile] = Object.keys(m.arquivos);
    await put(`${prefix}${name}/arquivos/${someFile}`, 'outro conteúdo');
    await expectRefused(restore(url, true), new RegExp(`corrompido: o arquivo ${someFile.replace(/[.]/g, '\\.')} falta ou não confere`));
    expect(await unchanged()).toEqual(before);
    await expectRefused(localBackupFolder(`s3://${BUCKET}`), /Endereço de backup inválido/);
  });

  it('sends a file larger than a part as a multipart upload (no 5 GB limit), and reads it back whole', async () => {
    const folder = tmp('portal-s3-multipart-');
    const big = randomBytes(11 * 1024 * 1024 + 123); // three parts of 5 MiB, the last one short
    writeFileSync(join(folder, 'banco.dump'), big);
    writeFileSync(join(folder, 'manifesto.json'), '{}');
    const loc = parseS3Url(`s3://${BUCKET}/multipart/`)!;
    // The commands the client sends, by name.
    const client = await backupClient();
    const sent: string[] = [];
    client.middlewareStack.add((next, context) => (args) => (sent.push(String(context.commandName)), next(args)), { step: 'initialize' });
    const url = await uploadBackup(client, loc, folder, 'portal-2026-03-01T02-00-00Z', { partSize: 5 * 1024 * 1024 });
    expect(url).toBe(`s3://${BUCKET}/multipart/portal-2026-03-01T02-00-00Z`);
    expect(sent.filter((c) => c !== 'PutObjectCommand').sort()).toEqual([
      'CompleteMultipartUploadCommand',
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
    ]);
    expect(sent.at(-1)).toBe('PutObjectCommand'); // the small manifest: one request, last
    const head = await admin().send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'multipart/portal-2026-03-01T02-00-00Z/banco.dump' }));
    expect(head.ContentLength).toBe(big.length);
    const into = join(tmp('portal-s3-multipart-back-'), 'copia');
    expect(await downloadBackup(await backupClient(), parseS3Url(url)!, into)).toBe(true);
    expect(
      createHash('sha256')
        .update(readFileSync(join(into, 'banco.dump')))
        .digest('hex'),
    ).toBe(createHash('sha256').update(big).digest('hex'));
    // The part size: 16 MiB by default, raised so that any file fits in 10,000 parts, never under 5 MiB.
    expect(partSizeFor(1000)).toBe(16 * 1024 * 1024);
    expect(partSizeFor(1000, 1)).toBe(5 * 1024 * 1024);
    expect(partSizeFor(500 * 1024 ** 3)).toBe(Math.ceil((500 * 1024 ** 3) / 10_000));
  });
});
