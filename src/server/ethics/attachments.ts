/**
 * Evidence sent from the public ethics page (issue 40): one file per request, images (JPEG, PNG) or
 * PDF, within the upload limit (`UPLOAD_MAX_MB`) and the report field's own size limit. Before it is
 * stored, a photo loses its metadata (strip-metadata.ts: EXIF, GPS, camera, comments) and the file
 * its name (`evidencia-<n>.<ext>`: a name may say who took it). The file is nobody's upload
 * (`criado_por` null) and waits in `canal_etica_anexo` until a report takes it; one not taken within
 * a day is deleted.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { FieldDef, StoredFile } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { FileStorage } from '../storage/storage';
import { StorageUnavailable } from '../storage/storage';
import { extensionFor, sniffType } from '../storage/file-types';
import { receiveUpload } from '../storage/upload-stream';
import { hasThumbnail, makeThumbnail, THUMB_TYPE, thumbKey } from '../storage/thumbnails';
import { removeStoredFiles } from '../storage/file-access';
import { MalformedImage, stripImageMetadata } from './strip-metadata';

/** What the public page accepts (a subset of the report field's types). */
export const PUBLIC_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const TYPE_NAMES = 'JPEG, PNG ou PDF';
const PENDING_HOURS = 24;

/** Deletes the files sent more than a day ago that no report took (best effort). */
async function forgetStale(db: Db, storage: FileStorage): Promise<void> {
  const r = await sql<{ key: string }>`delete from canal_etica_anexo where criado_em < now() - make_interval(hours => ${PENDING_HOURS}) returning key`.execute(
    db,
  );
  const keys = r.rows.map((x) => x.key);
  if (!keys.length) return;
  await sql`delete from arquivo where key in (${sql.join(keys)})`.execute(db);
  await removeStoredFiles(storage, keys);
}

export async function receiveEvidence(db: Db, storage: FileStorage, req: Request, field: FieldDef): Promise<StoredFile> {
  await forgetStale(db, storage).catch(() => undefined);
  const received = await receiveUpload(req);
  try {
    if (received.size === 0) throw new ApiError(400, 'O arquivo está vazio.', { file: ['O arquivo está vazio.'] });
    if (field.maxSizeMb && received.size > field.maxSizeMb * 1024 * 1024) {
      throw new ApiError(413, `O arquivo excede o limite de ${field.maxSizeMb} MB.`, { file: [`Máximo de ${field.maxSizeMb} MB.`] });
    }
    const type = await sniffType(received.path, 'arquivo');
    if (!type || !PUBLIC_TYPES.includes(type)) {
      const message = `Envie uma imagem ou documento ${TYPE_NAMES}. O tipo é verificado pelo conteúdo do arquivo.`;
      throw new ApiError(400, message, { file: [message] });
    }
    if (type !== 'application/pdf') {
      try {
        await writeFile(received.path, stripImageMetadata(type, await readFile(received.path)));
      } catch (e) {
        if (!(e instanceof MalformedImage)) throw e;
        throw new ApiError(400, 'A imagem está corrompida ou incompleta.', { file: ['Imagem inválida.'] });
      }
    }
    const size = (await readFile(received.path)).length;
    const id = randomUUID();
    const ext = extensionFor(type);
    const key = `${new Date().toISOString().slice(0, 7)}/${id}.${ext}`;
    const name = `evidencia-${id.slice(0, 8)}.${ext}`;
    const thumb = hasThumbnail(type) ? await makeThumbnail(received.path) : undefined;
    const sent: string[] = [];
    try {
      sent.push(key);
      await storage.putFile(key, received.path, type);
      if (thumb) {
        sent.push(thumbKey(key));
        await storage.put(thumbKey(key), thumb, THUMB_TYPE);
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('arquivo').values({ key, nome: name, tamanho: size, tipo: type, criado_por: null }).execute();
        await sql`insert into canal_etica_anexo (key) values (${key})`.execute(trx);
      });
    } catch (e) {
      await Promise.all(sent.map((k) => storage.remove(k).catch(() => undefined)));
      if (e instanceof StorageUnavailable)
        throw new StorageUnavailable(e.cause, 'O armazenamento de arquivos não está respondendo. Tente enviar de novo em instantes.');
      throw e;
    }
    return { key, name, size, type };
  } finally {
    await rm(received.path, { force: true });
  }
}

/**
 * The report's evidence from the keys the page sent: each must be a file of the public page not yet
 * taken; it is taken (no longer pending) in the report's transaction.
 */
export async function takeEvidence(trx: Db, raw: unknown, field: FieldDef): Promise<StoredFile[]> {
  if (raw === undefined || raw === null) return [];
  const error = (m: string) => new ApiError(400, 'Verifique as evidências.', { [field.name]: [m] });
  if (!Array.isArray(raw) || raw.some((k) => typeof k !== 'string' || k.length > 200)) throw error('Envie a lista de arquivos recebidos.');
  const keys = [...new Set(raw as string[])];
  if (field.maxFiles && keys.length > field.maxFiles) throw error(`No máximo ${field.maxFiles} arquivos.`);
  if (!keys.length) return [];
  const taken = await sql<{ key: string }>`delete from canal_etica_anexo where key in (${sql.join(keys)}) returning key`.execute(trx);
  if (taken.rows.length !== keys.length) throw error('Um dos arquivos não foi encontrado ou já foi usado. Envie-o de novo.');
  const rows = await sql<{ key: string; nome: string; tamanho: string | number; tipo: string }>`
    select key, nome, tamanho, tipo from arquivo where key in (${sql.join(keys)})`.execute(trx);
  const byKey = new Map(rows.rows.map((r) => [r.key, r]));
  return keys.map((key) => {
    const r = byKey.get(key);
    if (!r) throw error('Um dos arquivos não foi encontrado. Envie-o de novo.');
    return { key, name: r.nome, size: Number(r.tamanho), type: r.tipo, url: `/api/v1/arquivos/${key}` };
  });
}
