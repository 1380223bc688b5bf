/**
 * Storing a plan PDF and writing its sheets as one act (issue 42): the object goes to the file store
 * first, then one transaction records the file and writes the sheets; if anything fails (a 400 of a
 * sheet, the database), the object is removed and nothing is left. A CRE document's PDF is already
 * stored: its sheets name the same file.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '../../../schemas/kinds';
import type { ResultadoPlanta } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import type { Actor } from '../crud/record-access';
import { StorageUnavailable, type FileStorage } from '../storage/storage';
import { uploadTmpDir } from '../storage/upload-stream';
import { importPlanSet, type PlanSetInput } from './sheets';
import { tooLargePlan } from './pdf-check';

/** Stores the uploaded PDF (a temporary file) and writes its sheets; returns what became of them. */
export async function storeAndImport(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  upload: { path: string; name: string; size: number },
  input: Omit<PlanSetInput, 'file'>,
): Promise<ResultadoPlanta> {
  const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}.pdf`;
  const file: StoredFile = { key, name: upload.name, size: upload.size, type: 'application/pdf' };
  try {
    await storage.putFile(key, upload.path, file.type);
    return await db.transaction().execute(async (trx) => {
      await trx.insertInto('arquivo').values({ key, nome: file.name, tamanho: file.size, tipo: file.type, criado_por: actor.email }).execute();
      return importPlanSet(trx, actor, { ...input, file });
    });
  } catch (e) {
    await storage.remove(key).catch(() => undefined);
    if (e instanceof StorageUnavailable) {
      throw new StorageUnavailable(e.cause, 'O armazenamento de arquivos não está respondendo: a planta não foi guardada. Tente enviar de novo em instantes.');
    }
    throw e;
  }
}

/** Writes the sheets of a file already stored (a CRE document's PDF). */
export async function importStored(db: Db, actor: Actor, input: PlanSetInput): Promise<ResultadoPlanta> {
  return db.transaction().execute((trx) => importPlanSet(trx, actor, input));
}

/** Copies a stored object to a temporary file (to read it with pdf.js), refusing it past `maxBytes`. */
export async function storedToTemp(storage: FileStorage, key: string, maxBytes: number): Promise<string | undefined> {
  const obj = await storage.get(key);
  if (!obj) return undefined;
  const dir = uploadTmpDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLargePlan() : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(obj.body as never), cap, createWriteStream(path));
    return path;
  } catch (e) {
    await rm(path, { force: true });
    throw e;
  }
}
