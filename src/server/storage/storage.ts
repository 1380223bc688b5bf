import { createReadStream, createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live: the local disk under DATA_DIR, or an S3 bucket. */
export interface FileStorage {
  put(key: string, body: Uint8Array, type: string): Promise<void>;
  /** Store a file already on the local disk (an upload streamed to a temporary file). */
  putFile(key: string, path: string, type: string): Promise<void>;
  get(key: string): Promise<{ body: ReadableStream; size?: number } | undefined>;
  remove(key: string): Promise<void>;
  /** Readiness (GET /api/v1/health/ready): resolves when files can be stored (local dir writable, S3 bucket reachable). */
  check(): Promise<void>;
}

export function localStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(join(base, key));
    if (!p.startsWith(base + '/')) throw new Error('chave de arquivo inválida');
    return p;
  };
  return {
    async put(key, body) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await pipeline(Readable.from([body]), createWriteStream(p));
    },
    async putFile(key, path) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await pipeline(createReadStream(path), createWriteStream(p));
    },
    async get(key) {
      const p = pathOf(key);
      try {
        const s = await stat(p);
        return { body: Readable.toWeb(createReadStream(p)) as ReadableStream, size: s.size };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await unlink(pathOf(key)).catch(() => undefined);
    },
    async check() {
      // A real write: a read-only mount or a full disk fails here, not on the next upload.
      await mkdir(base, { recursive: true });
      const probe = join(base, `.pronto-${randomUUID()}`);
      try {
        await writeFile(probe, 'ok');
      } finally {
        await unlink(probe).catch(() => undefined);
      }
    },
  };
}

export async function s3Storage(bucket: string, prefix = ''): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({});
  return {
    async put(key, body, type) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: body, ContentType: type }));
    },
    async putFile(key, path, type) {
      const size = (await stat(path)).size;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: createReadStream(path), ContentLength: size, ContentType: type }));
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!r.Body) return undefined;
        return { body: r.Body.transformToWebStream(), size: r.ContentLength };
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/** S3 when S3_BUCKET is set, the local disk under `${dataDir}/arquivos` otherwise. */
export async function storageFromEnv(dataDir: string): Promise<FileStorage> {
  if (process.env.S3_BUCKET) return s3Storage(process.env.S3_BUCKET, process.env.S3_PREFIX ?? '');
  return localStorage(join(dataDir, 'arquivos'));
}
