/**
 * Backups in S3 (issue 35): BACKUP_DIR=s3://bucket/prefix. A backup is made in a local staging
 * folder (createBackup), then uploaded as `<prefix>portal-<moment>/…` with the manifest last: a
 * folder without `manifesto.json` is an interrupted upload, never taken for a backup (as `.parcial`
 * on disk). The retention removes the folders older than BACKUP_RETENCAO_DIAS by the moment in their
 * name, keeping the newest complete one. A restore downloads the folder and checks it like a local
 * one. The client is the file storage's (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, the AWS
 * credential chain). A file is sent with `@aws-sdk/lib-storage`'s Upload: one PutObject up to a
 * part's size, a multipart upload past it (parts of `partSizeFor`, at most 10,000, a few sent at once;
 * an upload that fails is aborted, leaving no parts behind), so the database's copy may pass 5 GB.
 */
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createS3Client, s3OptionsFromEnv } from '../storage/storage';
import { MANIFEST_FILE } from './manifest';
import { BackupError } from './restore';

export interface S3Location {
  bucket: string;
  /** Key prefix, empty or ending in `/`. */
  prefix: string;
}

export const isS3Url = (s: string | undefined): s is string => !!s && /^s3:\/\//i.test(s.trim());

/** `s3://bucket/some/prefix` → bucket and `some/prefix/`; undefined when not an s3:// address with a bucket. */
export function parseS3Url(url: string): S3Location | undefined {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(url.trim());
  if (!m || !m[1]) return undefined;
  const prefix = m[2].replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: prefix ? `${prefix}/` : '' };
}

export const s3UrlOf = (loc: S3Location, name = '') => `s3://${loc.bucket}/${loc.prefix}${name}`;

export const backupClient = (env: NodeJS.ProcessEnv = process.env): Promise<S3Client> => createS3Client(s3OptionsFromEnv(env));

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => statSync(join(dir, rel)).isFile())
    .map((rel) => relative(dir, join(dir, rel)).split('\\').join('/'));
}

/** S3's limits on a multipart upload: the smallest part (but the last) and the most parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** The usual part: 16 MiB (four in flight: 64 MiB of memory), larger only past 160 GB. */
const PART_BYTES = 16 * 1024 * 1024;
/** Parts sent at once. */
const PARTS_AT_ONCE = 4;

/** The part size of a file of `bytes`: `preferred` (default 16 MiB), raised so the file fits in 10,000 parts, never under 5 MiB. */
export function partSizeFor(bytes: number, preferred = PART_BYTES): number {
  return Math.max(MIN_PART_BYTES, preferred, Math.ceil(bytes / MAX_PARTS));
}

export interface UploadOptions {
  /** Bytes per part of a multipart upload (tests; default 16 MiB, at least 5 MiB). */
  partSize?: number;
}

/** Uploads a finished backup folder under the location (manifest last); its s3:// address. */
export async function uploadBackup(client: S3Client, loc: S3Location, folder: string, name: string, opts: UploadOptions = {}): Promise<string> {
  const files = filesUnder(folder).sort((a, b) => Number(a === MANIFEST_FILE) - Number(b === MANIFEST_FILE));
  for (const rel of files) {
    const path = join(folder, rel);
    const size = statSync(path).size;
    const body = createReadStream(path);
    try {
      await new Upload({
        client,
        params: { Bucket: loc.bucket, Key: `${loc.prefix}${name}/${rel}`, Body: body, ContentLength: size },
        partSize: partSizeFor(size, opts.partSize),
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
  }
  return s3UrlOf(loc, name);
}

async function listKeys(client: S3Client, bucket: string, prefix: string, delimiter?: string): Promise<{ keys: string[]; folders: string[] }> {
  const keys: string[] = [];
  const folders: string[] = [];
  let token: string | undefined;
  do {
    const r = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }));
    for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key);
    for (const p of r.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix.slice(prefix.length).replace(/\/$/, ''));
    token = r.IsTruncated ? r.NextContinuationToken : undefined;
  } while (token);
  return { keys, folders };
}

async function exists(client: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'NotFound' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw e;
  }
}

const BACKUP_FOLDER = /^portal-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;
const momentOf = (name: string) => {
  const m = BACKUP_FOLDER.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : NaN;
};

/** The backup folders under the location, sorted, with whether their upload finished (manifest present). */
export async function listS3Backups(client: S3Client, loc: S3Location): Promise<{ name: string; complete: boolean }[]> {
  const { folders } = await listKeys(client, loc.bucket, loc.prefix, '/');
  const names = folders.filter((n) => BACKUP_FOLDER.test(n)).sort();
  const out: { name: string; complete: boolean }[] = [];
  for (const name of names) out.push({ name, complete: await exists(client, loc.bucket, `${loc.prefix}${name}/${MANIFEST_FILE}`) });
  return out;
}

/** Removes the backup folders older than the retention (interrupted uploads too), keeping the newest complete one; the names removed. */
export async function pruneS3Backups(client: S3Client, loc: S3Location, retentionDays: number, now = new Date()): Promise<string[]> {
  const all = await listS3Backups(client, loc);
  const newest = all.filter((b) => b.complete).at(-1)?.name;
  const limit = now.getTime() - retentionDays * 86_400_000;
  const old = all.filter((b) => b.name !== newest && momentOf(b.name) < limit).map((b) => b.name);
  for (const name of old) {
    for (const key of (await listKeys(client, loc.bucket, `${loc.prefix}${name}/`)).keys) {
      await client.send(new DeleteObjectCommand({ Bucket: loc.bucket, Key: key }));
    }
  }
  return old;
}

/** Downloads the backup folder at an s3:// address into `into`; false when there is nothing there. */
export async function downloadBackup(client: S3Client, folder: S3Location, into: string): Promise<boolean> {
  const { keys } = await listKeys(client, folder.bucket, folder.prefix);
  for (const key of keys) {
    const rel = key.slice(folder.prefix.length);
    if (!rel || rel.split('/').some((p) => p === '..' || p === '.' || p === '')) continue;
    const target = join(into, rel);
    mkdirSync(dirname(target), { recursive: true });
    const r = await client.send(new GetObjectCommand({ Bucket: folder.bucket, Key: key }));
    await pipeline(r.Body as Readable, createWriteStream(target));
  }
  return keys.length > 0;
}

/**
 * The backup to restore as a local folder: a local path as it is, an s3:// address downloaded into a
 * temporary folder (TMPDIR), removed by `cleanup`. A missing one is refused in pt-BR.
 */
export async function localBackupFolder(location: string, env: NodeJS.ProcessEnv = process.env): Promise<{ path: string; cleanup: () => void }> {
  if (!isS3Url(location)) return { path: resolve(location), cleanup: () => {} };
  const folder = parseS3Url(location);
  if (!folder?.prefix) throw new BackupError(`Endereço de backup inválido: ${location} (use s3://bucket/prefixo/portal-…).`);
  const tmp = mkdtempSync(join(tmpdir(), 'portal-restauracao-'));
  const cleanup = () => rmSync(tmp, { recursive: true, force: true });
  const path = join(tmp, basename(folder.prefix));
  try {
    if (!(await downloadBackup(await backupClient(env), folder, path))) {
      throw new BackupError(`Backup não encontrado: ${location} (informe a pasta portal-… criada por npm run backup).`);
    }
    return { path, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
