/**
 * `GET /api/v1/plantas/:id/miniatura` (issue 42), mounted before the sheets' generic routes: the
 * sheet's page as a small WebP image for the sheet list (sheet-thumbnail.ts). Read by whoever reads
 * the sheet, by the same rule as `GET /plantas/:id` (and its file field); 404 otherwise, like a sheet
 * that does not exist. A sheet without a PDF, or whose PDF cannot be rendered: 404 with a pt-BR
 * message. The answer has a strong ETag (from the PDF's key, page and size): 304 on If-None-Match.
 */
import { Hono } from 'hono';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { canOn, parseId, readActionOf, selectOne } from '../crud/record-access';
import { stripUnreadable } from '../crud/read-fields';
import type { FileStorage } from '../storage/storage';
import { SHEET_THUMB_TYPE, sheetThumbEtag, sheetThumbKey, sheetThumbnail } from './sheet-thumbnail';

const SHEET_NOT_FOUND = 'Folha de planta não encontrada.';
const NO_FILE = 'Esta folha não tem arquivo PDF: não há miniatura.';
const UNREADABLE = 'Não foi possível gerar a miniatura: o PDF desta folha não pôde ser lido.';
/** The browser keeps a thumbnail an hour, then asks again with its ETag (304 while the file is the same). */
const CACHE_CONTROL = 'private, max-age=3600';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

export function sheetThumbnailRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();

  r.get('/:id/miniatura', async (c) => {
    const actor = actorOf(c);
    const schema = schemaByName('folhaPlanta')!;
    const row = await selectOne(db, schema, parseId(schema, c.req.param('id')));
    if (!row || !(await canOn(db, schema, actor, readActionOf(schema), row))) throw new ApiError(404, SHEET_NOT_FOUND);
    const sheet = stripUnreadable(actor.ability, schema, row);
    const file = Array.isArray(sheet.arquivo) ? (sheet.arquivo[0] as { key?: unknown } | undefined) : undefined;
    const pdfKey = typeof file?.key === 'string' && file.key ? file.key : undefined;
    if (!pdfKey) throw new ApiError(404, NO_FILE);
    const pagina = sheet.pagina as number | null | undefined;
    const etag = sheetThumbEtag(sheetThumbKey(pdfKey, pagina));
    const headers: Record<string, string> = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
    if (matches(c.req.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
    const thumb = await sheetThumbnail(storage, { key: pdfKey, pagina });
    if (!thumb) throw new ApiError(404, UNREADABLE);
    headers['Content-Type'] = SHEET_THUMB_TYPE;
    if (thumb.size !== undefined) headers['Content-Length'] = String(thumb.size);
    return new Response(thumb.body as BodyInit, { status: 200, headers });
  });
  return r;
}
