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

/**
 * The file store did not take or give a file (S3 unreachable or refusing, disk full): the API answers
 * 503 with a Portuguese message (src/server/app.ts); the real error (`cause`) goes to the server's log.
 */
export class StorageUnavailable extends Error {
  /** `message`: what the person reads. */
  constructor(cause: unknown, message = 'O armazenamento de arquivos não está respondendo. Tente novamente em instantes.') {
    super(message, { cause });
    this.name = 'StorageUnavailable';
  }
}

async function unavailableOnError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw e instanceof StorageUnavailable ? e : new StorageUnavailable(e);
  }
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
      await unavailableOnError(async () => {
        await mkdir(dirname(p), { recursive: true });
        await pipeline(Readable.from([body]), createWriteStream(p));
      });
    },
    async putFile(key, path) {
      const p = pathOf(key);
      await unavailableOnError(async () => {
        await mkdir(dirname(p), { recursive: true });
        await pipeline(createReadStream(path), createWriteStream(p));
      });
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

/** Where the S3 client goes: AWS itself, or an S3-compatible server (MinIO, s3rver in the tests…). */
export interface S3Options {
  /** An S3-compatible server's address (`S3_ENDPOINT`); AWS when absent. */
  endpoint?: string;
  /** Bucket in the path (`http://host/bucket/key`) rather than in the host name; the default with an endpoint. */
  forcePathStyle?: boolean;
  region?: string;
}

/** `S3_ENDPOINT`, `S3_FORCE_PATH_STYLE` (default on with an endpoint), `S3_REGION` or `AWS_REGION` (default us-east-1). */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Options {
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    endpoint,
    forcePathStyle: pathStyle ? !['0', 'false'].includes(pathStyle) : !!endpoint,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
  };
}

/** An S3 client for these options (also the backups' when BACKUP_DIR is an s3:// address, src/server/backup/s3-target.ts). */
export async function createS3Client(options: S3Options = {}) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? !!options.endpoint,
    // S3-compatible servers often do not take the trailing checksums the SDK adds by default (an
    // aws-chunked body would be stored as is): checksums only where the operation requires them.
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
    // A store that does not answer fails the request in seconds (503), rather than holding it.
    requestHandler: { connectionTimeout: 5000 },
  });
}

/** Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, role). */
export async function s3Storage(bucket: string, prefix = '', options: S3Options = {}): Promise<FileStorage> {
  const { PutObjectCommand, GetObjectCommand, DeleteObjectCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const client = await createS3Client(options);
  return {
    async put(key, body, type) {
      await unavailableOnError(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: body, ContentType: type })));
    },
    async putFile(key, path, type) {
      const size = (await stat(path)).size;
      const body = createReadStream(path);
      try {
        await unavailableOnError(() =>
          client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: body, ContentLength: size, ContentType: type })),
        );
      } finally {
        body.destroy(); // a failed request may leave it open
      }
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!r.Body) return undefined;
        return { body: r.Body.transformToWebStream(), size: r.ContentLength };
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw new StorageUnavailable(e);
      }
    },
    async remove(key) {
      await unavailableOnError(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key })));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/** S3 when S3_BUCKET is set, the local disk under `${dataDir}/arquivos` otherwise. */
export async function storageFromEnv(dataDir: string): Promise<FileStorage> {
  if (process.env.S3_BUCKET) return s3Storage(process.env.S3_BUCKET, process.env.S3_PREFIX ?? '', s3OptionsFromEnv());
  return localStorage(join(dataDir, 'arquivos'));
}
