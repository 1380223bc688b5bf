/**
 * Receives a multipart upload as a stream: the `file` part goes straight to a temporary file and
 * the request is abandoned (413, partial file deleted) as soon as it passes `UPLOAD_MAX_MB`;
 * the body is never held in memory.
 */
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ApiError } from '../http/errors';

/** The upload limit in bytes, read at each request (`UPLOAD_MAX_MB`, default 25). */
export function uploadLimitMb(): number {
  const v = Number(process.env.UPLOAD_MAX_MB);
  return Number.isFinite(v) && v > 0 ? v : 25;
}

const formatMb = (mb: number) => mb.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

export function tooLarge(mb = uploadLimitMb()): ApiError {
  return new ApiError(413, `O arquivo excede o limite de ${formatMb(mb)} MB.`, { file: [`Máximo de ${formatMb(mb)} MB.`] });
}

/** Where uploads are written while they arrive (`UPLOAD_TMP_DIR`, else the system's temporary folder). */
export const uploadTmpDir = () => process.env.UPLOAD_TMP_DIR || join(tmpdir(), 'portal-uploads');

export interface ReceivedFile {
  /** Temporary file: the caller moves it to storage and deletes it. */
  path: string;
  size: number;
  /** Name as sent by the client (not yet checked). */
  name: string;
  /** The other (text) fields of the form, e.g. `tiradaEm`, `latitude`, `longitude` (not yet checked). */
  fields: Record<string, string>;
}

/** `limitMb`: the route's own limit (plan PDFs: PLANTA_MAX_MB), else `UPLOAD_MAX_MB`. */
export async function receiveUpload(req: Request, limitMb = uploadLimitMb()): Promise<ReceivedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !req.body) {
    throw new ApiError(400, 'Envie o arquivo como multipart/form-data no campo "file".', { file: ['Selecione um arquivo.'] });
  }
  const limit = Math.floor(limitMb * 1024 * 1024);
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit + 64 * 1024) throw tooLarge(limitMb);
  const dir = uploadTmpDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  const source = Readable.fromWeb(req.body as never);
  let outClosed: Promise<unknown> = Promise.resolve();

  try {
    return await new Promise<ReceivedFile>((resolve, reject) => {
      let settled = false;
      let fileDone: Promise<void> | undefined;
      let received: ReceivedFile | undefined;
      const fields: Record<string, string> = {};
      const fail = (e: unknown) => {
        if (settled) return;
        settled = true;
        source.unpipe();
        source.destroy();
        reject(e);
      };
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { 'content-type': contentType },
          limits: { files: 1, fileSize: limit, fields: 20, fieldSize: 64 * 1024 },
          defParamCharset: 'utf8',
        });
      } catch {
        return fail(new ApiError(400, 'Envie o arquivo como multipart/form-data no campo "file".'));
      }
      bb.on('file', (field, stream, info) => {
        if (field !== 'file' || received) {
          stream.resume();
          return;
        }
        let size = 0;
        const out = createWriteStream(path);
        outClosed = new Promise<void>((res) => out.on('close', () => res()));
        received = { path, size: 0, name: info.filename ?? '', fields };
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        stream.on('limit', () => {
          stream.unpipe(out);
          stream.resume();
          out.destroy();
          fail(tooLarge(limitMb));
        });
        fileDone = new Promise<void>((res, rej) => {
          out.on('finish', () => res());
          out.on('error', rej);
          stream.on('error', rej);
        }).then(() => {
          received!.size = size;
        });
        fileDone.catch(() => undefined); // a write cut short by the limit is handled by `fail`
        stream.pipe(out);
      });
      bb.on('field', (name, value) => {
        if (name !== 'file') fields[name] = value;
      });
      bb.on('error', () =>
        fail(
          new ApiError(400, 'O envio do arquivo está malformado: verifique o nome do arquivo (sem caracteres de controle).', { file: ['Envio malformado.'] }),
        ),
      );
      bb.on('close', () => {
        if (settled) return;
        if (!received || !fileDone) return fail(new ApiError(400, 'Nenhum arquivo recebido.', { file: ['Selecione um arquivo.'] }));
        fileDone.then(
          () => {
            if (settled) return;
            settled = true;
            resolve(received!);
          },
          () => fail(new ApiError(400, 'O envio do arquivo foi interrompido.')),
        );
      });
      source.on('error', () => fail(new ApiError(400, 'O envio do arquivo foi interrompido.')));
      source.pipe(bb);
    });
  } catch (e) {
    await outClosed;
    await rm(path, { force: true });
    throw e;
  }
}
