/**
 * Caps request bodies of the API (JSON) at `JSON_MAX_KB` (default 1024 KB) with 413 and a pt-BR
 * message, counted while the body streams in. File uploads have their own limit (UPLOAD_MAX_MB,
 * src/server/storage/upload-stream.ts; a marked-up photo MARCACAO_MAX_MB) and are not counted here.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

export function jsonMaxKb(): number {
  const v = Number(process.env.JSON_MAX_KB);
  return Number.isFinite(v) && v > 0 ? v : 1024;
}

/** Uploads with a limit of their own: files, a photo's marked-up copy, spreadsheets to import (a site's people too), a site's plan PDFs. */
const OWN_LIMIT = /^\/api\/v1\/(arquivos(\/.+\/marcacao)?|importacoes|obras\/[^/]+\/plantas|(obras|fabricacao)\/[^/]+\/usuarios\/importacao)\/?$/;

/** Whether the body of a request to `path` is an upload counted by its own route, not by JSON_MAX_KB. */
export const hasOwnBodyLimit = (path: string): boolean => OWN_LIMIT.test(path);

export function jsonBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || hasOwnBodyLimit(c.req.path)) return next();
    const kb = jsonMaxKb();
    const limit = bodyLimit({
      maxSize: kb * 1024,
      onError: (ctx) => ctx.json(errorBody(413, `O corpo da requisição excede o limite de ${kb.toLocaleString('pt-BR')} KB.`), 413),
    });
    return limit(c, next);
  };
}
