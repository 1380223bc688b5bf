import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { schemaByName, schemaByResource } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { toCaslAction } from '../../access/refine-actions';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { canOn, parseId, selectOne } from '../crud/record-access';
import { StorageUnavailable, type FileStorage } from './storage';
import { checkFileAccess, slotNamed } from './file-access';
import { acceptsType, checkFileName, describeAccept, extensionFor, fileResponseHeaders, sniffType } from './file-types';
import { receiveUpload } from './upload-stream';
import { checkPhotoMeta } from '../../../schemas/shared/photo-meta';
import { hasThumbnail, makeThumbnail, THUMB_TYPE, thumbKey, thumbnailOf } from './thumbnails';
import { readMarkup, saveMarkup } from './markup';

/** Kept for callers that show the limit; the value is read per request (`UPLOAD_MAX_MB`). */
export { uploadLimitMb } from './upload-stream';

export const fileUrlOf = (key: string) => `/api/v1/arquivos/${key}`;
export const thumbUrlOf = (key: string) => `/api/v1/arquivos/${key}/thumb`;

/** The schema whose CASL subject decides (the folder of a library document). */
function governingSubject(schema: EntitySchema): string {
  if (!schema.accessVia) return schema.subject;
  const ref = schema.fields.find((f) => f.name === schema.accessVia)?.ref;
  return (ref && schemaByName(ref)?.subject) || schema.subject;
}

/**
 * The right to upload to a record: its edit right or the module's `upload` action on the record
 * (`id`), or on a record being created: the create right (or `upload`) on the entity.
 */
async function checkUploadRight(db: Db, c: Parameters<typeof actorOf>[0], schema: EntitySchema, rawId: string | undefined): Promise<void> {
  const actor = actorOf(c);
  const editAction = toCaslAction(schema.subject, 'edit', schema.actions);
  const createAction = toCaslAction(schema.subject, 'create', schema.actions);
  const refusal = () => new ApiError(403, 'Você não tem permissão para enviar arquivos para este registro.');
  if (rawId) {
    const record = await selectOne(db, schema, parseId(schema, rawId));
    if (!record) throw new ApiError(404, `${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}.`);
    for (const action of new Set([editAction, 'upload'])) if (await canOn(db, schema, actor, action, record)) return;
    throw refusal();
  }
  const possible = new Set([createAction, editAction, 'upload', ...Object.values(schema.createActionBy?.actions ?? {})]);
  const subject = governingSubject(schema);
  if (![...possible].some((a) => actor.ability.can(a as never, subject as never))) throw refusal();
}

/** The part of the address after `/arquivos/`, decoded. */
function filePath(requestPath: string): string {
  try {
    return decodeURIComponent(requestPath.replace(/^.*?\/arquivos\//, ''));
  } catch {
    throw new ApiError(400, 'Endereço de arquivo inválido.');
  }
}

/** A stored file's key: no control characters, backslashes, empty or dot segments. */
function checkedKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  if (!key || /[\u0000-\u001f\\]/.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new ApiError(400, 'Endereço de arquivo inválido.');
  }
  return key;
}

export function fileRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();

  r.post('/', async (c) => {
    const recurso = c.req.query('recurso') ?? '';
    const campo = c.req.query('campo') ?? '';
    const schema = schemaByResource(recurso);
    if (!schema) throw new ApiError(400, 'Informe o registro a que o arquivo pertence.', { recurso: ['Recurso desconhecido.'] });
    const slot = slotNamed(schema, campo);
    if (!slot) throw new ApiError(400, 'Informe o campo de arquivos do registro.', { campo: [`${schema.label} não tem o campo de arquivos "${campo}".`] });
    const target = slot.sub ?? slot.field;
    await checkUploadRight(db, c, schema, c.req.query('id') || undefined);

    const received = await receiveUpload(c.req.raw);
    try {
      const meta = checkPhotoMeta(received.fields);
      if (Object.keys(meta.errors).length) throw new ApiError(400, 'Verifique a data e a posição da foto.', meta.errors);
      const checked = checkFileName(received.name);
      if (!checked.name) throw new ApiError(400, checked.error!, { file: [checked.error!] });
      const name = checked.name;
      if (received.size === 0) throw new ApiError(400, 'O arquivo está vazio.', { file: ['O arquivo está vazio.'] });
      const type = await sniffType(received.path, name);
      if (!type || !acceptsType(target, type)) {
        const message = `O arquivo "${name}" não é de um tipo aceito em ${target.label}: envie ${describeAccept(target)}. O tipo é verificado pelo conteúdo do arquivo.`;
        throw new ApiError(400, message, { file: [message] });
      }
      const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${extensionFor(type)}`;
      const thumb = hasThumbnail(type) ? await makeThumbnail(received.path) : undefined;
      // The objects first, the row last: a store that fails (503, StorageUnavailable) or a row that
      // cannot be written leaves no row naming a missing object, and the objects already sent are removed.
      const sent: string[] = [];
      try {
        sent.push(key);
        await storage.putFile(key, received.path, type);
        if (thumb) {
          sent.push(thumbKey(key));
          await storage.put(thumbKey(key), thumb, THUMB_TYPE);
        }
        await db
          .insertInto('arquivo')
          .values({
            key,
            nome: name,
            tamanho: received.size,
            tipo: type,
            criado_por: c.get('user').email,
            tirada_em: meta.value.tiradaEm ?? null,
            latitude: meta.value.latitude ?? null,
            longitude: meta.value.longitude ?? null,
          })
          .execute();
      } catch (e) {
        await Promise.all(sent.map((k) => storage.remove(k).catch(() => undefined)));
        if (e instanceof StorageUnavailable) {
          throw new StorageUnavailable(
            e.cause,
            'O armazenamento de arquivos não está respondendo: o arquivo não foi guardado. Tente enviar de novo em instantes.',
          );
        }
        throw e;
      }
      const thumbUrl = thumb ? thumbUrlOf(key) : undefined;
      return c.json({ key, name, size: received.size, type, url: fileUrlOf(key), ...meta.value, ...(thumbUrl ? { thumbUrl } : {}) }, 201);
    } finally {
      await rm(received.path, { force: true });
    }
  });

  // POST /arquivos/{key}/marcacao: a marked-up copy of a photo (markup.ts, issue 42).
  r.post('/*', async (c) => {
    const path = filePath(c.req.path);
    if (!path.endsWith('/marcacao')) throw new ApiError(404, 'Rota não encontrada.');
    const key = checkedKey(path.slice(0, -'/marcacao'.length));
    return c.json(await saveMarkup(db, storage, actorOf(c), c.req.raw, key), 201);
  });

  r.get('/*', async (c) => {
    const path = filePath(c.req.path);
    if (path.endsWith('/marcacao')) return c.json(await readMarkup(db, actorOf(c), checkedKey(path.slice(0, -'/marcacao'.length))));
    const thumb = path.endsWith('/thumb');
    const key = checkedKey(thumb ? path.slice(0, -'/thumb'.length) : path);
    const access = await checkFileAccess(db, actorOf(c), key);
    if (!access.ok) {
      throw access.status === 404 ? new ApiError(404, 'Arquivo não encontrado.') : new ApiError(403, 'Você não tem permissão para ver este arquivo.');
    }
    const meta = access.file;
    if (thumb) {
      const t = await thumbnailOf(storage, key, String(meta.tipo));
      if (!t) throw new ApiError(404, 'Este arquivo não tem miniatura.');
      return new Response(t.body, { headers: fileResponseHeaders(THUMB_TYPE, `${String(meta.nome)}.webp`, t.size) });
    }
    const obj = await storage.get(key);
    if (!obj) throw new ApiError(404, 'Arquivo não encontrado.');
    return new Response(obj.body, { headers: fileResponseHeaders(String(meta.tipo), String(meta.nome), obj.size) });
  });
  return r;
}
