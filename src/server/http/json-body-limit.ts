/**
 * Caps request bodies of the API (JSON) at `JSON_MAX_KB` (default 1024 KB) with 413 and a pt-BR
 * message, counted while the body streams in. File uploads have their own limit (UPLOAD_MAX_MB,
 * src/server/storage/upload-stream.ts) and are not counted here.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

export function jsonMaxKb(): number {
  const v = Number(process.env.JSON_MAX_KB);
  return Number.isFinite(v) && v > 0 ? v : 1024;
}

export function jsonBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    // Uploads (files, spreadsheets to import, a site's plan PDFs) have their own limit.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || /^\/api\/v1\/(arquivos|importacoes|obras\/[^/]+\/plantas)\/?$/.test(c.req.path)) return next();
    const kb = jsonMaxKb();
    const limit = bodyLimit({
      maxSize: kb * 1024,
      onError: (ctx) => ctx.json(errorBody(413, `O corpo da requisição excede o limite de ${kb.toLocaleString('pt-BR')} KB.`), 413),
    });
    return limit(c, next);
  };
}
