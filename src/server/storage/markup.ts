/**
 * Photo markup (issue 42): POST /arquivos/{key}/marcacao stores a marked-up copy of a photo as a
 * NEW file beside it (the original is never replaced) with its drawing; GET answers the drawing of
 * a marked-up copy so the editor can load it again. Saving over a copy makes another version: the
 * new copy keeps the unmarked `original` and names the copy it came from (`anterior`).
 *
 * The copy is attached to the record the way every upload is: the app puts the answered file in the
 * record's field (beside the original) and saves the record, with its rules, version and audit.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import sharp from 'sharp';
import { schemaByResource } from '../../../schemas';
import { parseMarkup, type MarkupDrawing } from '../../../schemas/shared/photo-markup';
import { toCaslAction } from '../../access/refine-actions';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { canOn, selectOne, type Actor } from '../crud/record-access';
import { checkFileAccess, fileSlots, filesOf, linksOf } from './file-access';
import { acceptsType, describeAccept, sniffType } from './file-types';
import { StorageUnavailable, type FileStorage } from './storage';
import { makeThumbnail, THUMB_TYPE, thumbKey } from './thumbnails';
import { receiveUpload } from './upload-stream';

/** The largest marked-up image accepted, in MB (`MARCACAO_MAX_MB`, default 10), read at each request. */
export function markupLimitMb(): number {
  const v = Number(process.env.MARCACAO_MAX_MB);
  return Number.isFinite(v) && v > 0 ? v : 10;
}

/** The types a marked-up copy may be (what a canvas exports). */
export const MARKUP_IMAGE_TYPES = ['image/png', 'image/jpeg'];
/** Neither side of the image may pass this many pixels. */
export const MARKUP_MAX_SIDE = 8000;

const formatMb = (mb: number) => mb.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

type MarkupRow = { key: string; original: string; anterior: string | null; desenho: unknown; criado_por: string; criado_em: string | Date };

async function markupRow(db: Db, key: string): Promise<MarkupRow | undefined> {
  const r = await sql<MarkupRow>`select key, original, anterior, desenho, criado_por, criado_em from arquivo_marcacao where key = ${key}`.execute(db);
  return r.rows[0];
}

const refuseRead = (status: 403 | 404) =>
  status === 404 ? new ApiError(404, 'Arquivo não encontrado.') : new ApiError(403, 'Você não tem permissão para ver este arquivo.');

/**
 * The right to mark up the photo `key`: read it, and edit (or send files to) a record that holds it,
 * whose field accepts the copy's types. A photo no record holds yet is its uploader's (checked by the read).
 */
async function checkMarkupRight(db: Db, actor: Actor, key: string): Promise<{ nome: string; tipo: string }> {
  const access = await checkFileAccess(db, actor, key);
  if (!access.ok) throw refuseRead(access.status);
  if (!access.file.tipo.startsWith('image/')) {
    throw new ApiError(400, 'Só fotos podem ser marcadas: este arquivo não é uma imagem.', { key: ['O arquivo não é uma imagem.'] });
  }
  const links = await linksOf(db, key);
  let accepted = !links.length;
  let refusedType: string | undefined;
  for (const l of links) {
    const schema = schemaByResource(l.recurso);
    const record = schema ? await selectOne(db, schema, Number(l.registro_id)) : undefined;
    if (!schema || !record) continue;
    const slot = fileSlots(schema).find((s) => s.field.name === l.campo && filesOf(s, record).some((f) => f.key === key));
    if (!slot) continue;
    const edit = toCaslAction(schema.subject, 'edit', schema.actions);
    let may = false;
    for (const action of new Set([edit, 'upload'])) if (!may && (await canOn(db, schema, actor, action, record))) may = true;
    if (!may) continue;
    const target = slot.sub ?? slot.field;
    if (MARKUP_IMAGE_TYPES.every((t) => !acceptsType(target, t))) {
      refusedType = `${target.label} aceita ${describeAccept(target)}: a cópia marcada (PNG ou JPEG) não pode ficar ali.`;
      continue;
    }
    accepted = true;
    break;
  }
  if (!accepted && refusedType) throw new ApiError(400, refusedType, { key: [refusedType] });
  if (!accepted) throw new ApiError(403, 'Você não tem permissão para alterar o registro desta foto.');
  return { nome: access.file.nome, tipo: access.file.tipo };
}

/** "foto.jpg" → "foto (marcada).png"; a copy of a copy keeps one mark. */
function copyName(original: string, type: string): string {
  const base = original.replace(/\.[a-z0-9]{1,8}$/i, '').replace(/ \(marcada\)$/, '');
  return `${base.slice(0, 180)} (marcada).${type === 'image/png' ? 'png' : 'jpg'}`;
}

export interface MarkupSaved {
  key: string;
  name: string;
  size: number;
  type: string;
  url: string;
  thumbUrl?: string;
  tiradaEm?: string;
  latitude?: number;
  longitude?: number;
  original: string;
  anterior?: string;
}

/** POST /arquivos/{key}/marcacao: checks everything before storing anything; on any error nothing is kept. */
export async function saveMarkup(db: Db, storage: FileStorage, actor: Actor, req: Request, key: string): Promise<MarkupSaved> {
  const photo = await checkMarkupRight(db, actor, key);
  const previous = await markupRow(db, key);
  const original = previous?.original ?? key;
  const limit = markupLimitMb();
  const received = await receiveUpload(req, limit).catch((e: unknown) => {
    if (e instanceof ApiError && e.status === 413) {
      const message = `A foto marcada excede o limite de ${formatMb(limit)} MB: nada foi guardado.`;
      throw new ApiError(400, message, { file: [message] });
    }
    throw e;
  });
  try {
    const drawing = parseMarkup(received.fields.desenho);
    if (!drawing.value) throw new ApiError(400, drawing.error!, { desenho: [drawing.error!] });
    const notImage = 'A foto marcada deve ser uma imagem PNG ou JPEG.';
    if (received.size === 0) throw new ApiError(400, 'A foto marcada está vazia.', { file: ['O arquivo está vazio.'] });
    const type = await sniffType(received.path, 'marcada.png');
    if (!type || !MARKUP_IMAGE_TYPES.includes(type)) throw new ApiError(400, notImage, { file: [notImage] });
    const meta = await sharp(received.path)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw new ApiError(400, `${notImage} O arquivo enviado não pôde ser lido.`, { file: [notImage] });
    if (meta.width > MARKUP_MAX_SIDE || meta.height > MARKUP_MAX_SIDE) {
      const message = `A foto marcada tem ${meta.width} × ${meta.height} pixels; o máximo é ${MARKUP_MAX_SIDE} em cada lado.`;
      throw new ApiError(400, message, { file: [message] });
    }
    return await store(db, storage, actor, { received, type, photo, original, anterior: previous ? key : undefined, drawing: drawing.value });
  } finally {
    await rm(received.path, { force: true });
  }
}

interface StoreInput {
  received: { path: string; size: number };
  type: string;
  photo: { nome: string };
  original: string;
  anterior?: string;
  drawing: MarkupDrawing;
}

/** The objects first, the rows last (in one transaction): a failure removes what was sent and leaves no row. */
async function store(db: Db, storage: FileStorage, actor: Actor, s: StoreInput): Promise<MarkupSaved> {
  const key = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${s.type === 'image/png' ? 'png' : 'jpg'}`;
  const name = copyName(s.photo.nome, s.type);
  const thumb = await makeThumbnail(s.received.path);
  const taken = await sql<{
    tirada_em: string | Date | null;
    latitude: number | null;
    longitude: number | null;
  }>`select tirada_em, latitude, longitude from arquivo where key = ${s.original}`.execute(db);
  const at = taken.rows[0];
  const sent: string[] = [];
  try {
    sent.push(key);
    await storage.putFile(key, s.received.path, s.type);
    if (thumb) {
      sent.push(thumbKey(key));
      await storage.put(thumbKey(key), thumb, THUMB_TYPE);
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('arquivo')
        .values({
          key,
          nome: name,
          tamanho: s.received.size,
          tipo: s.type,
          criado_por: actor.email,
          tirada_em: at?.tirada_em ?? null,
          latitude: at?.latitude ?? null,
          longitude: at?.longitude ?? null,
        })
        .execute();
      await sql`insert into arquivo_marcacao (key, original, anterior, desenho, criado_por)
        values (${key}, ${s.original}, ${s.anterior ?? null}, cast(${JSON.stringify(s.drawing)} as jsonb), ${actor.email})`.execute(trx);
    });
  } catch (e) {
    await Promise.all(sent.map((k) => storage.remove(k).catch(() => undefined)));
    if (e instanceof StorageUnavailable) {
      throw new StorageUnavailable(e.cause, 'O armazenamento de arquivos não está respondendo: a foto marcada não foi guardada. Tente de novo em instantes.');
    }
    throw e;
  }
  const url = `/api/v1/arquivos/${key}`;
  const tiradaEm = at?.tirada_em ? new Date(at.tirada_em).toISOString() : undefined;
  return {
    key,
    name,
    size: s.received.size,
    type: s.type,
    url,
    ...(thumb ? { thumbUrl: `${url}/thumb` } : {}),
    ...(tiradaEm ? { tiradaEm } : {}),
    ...(at?.latitude != null && at.longitude != null ? { latitude: Number(at.latitude), longitude: Number(at.longitude) } : {}),
    original: s.original,
    ...(s.anterior ? { anterior: s.anterior } : {}),
  };
}

/** GET /arquivos/{key}/marcacao: the drawing of a marked-up copy, for whoever may see the copy. */
export async function readMarkup(db: Db, actor: Actor, key: string) {
  const access = await checkFileAccess(db, actor, key);
  if (!access.ok) throw refuseRead(access.status);
  const row = await markupRow(db, key);
  if (!row) throw new ApiError(404, 'Esta foto não é uma cópia marcada: não há desenho para editar.');
  const desenho = typeof row.desenho === 'string' ? (JSON.parse(row.desenho) as MarkupDrawing) : (row.desenho as MarkupDrawing);
  return {
    key: row.key,
    original: row.original,
    originalUrl: `/api/v1/arquivos/${row.original}`,
    ...(row.anterior ? { anterior: row.anterior } : {}),
    desenho,
    criadoPor: row.criado_por,
    criadoEm: new Date(row.criado_em).toISOString(),
  };
}
