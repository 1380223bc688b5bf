/**
 * `Idempotency-Key` on the API's writes (issue 26): every POST, PUT, PATCH and DELETE under
 * /api/v1 after authentication. A request sent again with the same key by the same user gets the
 * first answer (same status and body, plus `Idempotent-Replayed: true`) and never runs twice:
 *
 * - the first request claims the key (own statement, committed before the route runs), runs, and
 *   stores its answer when its status is below 500 (a 5xx or a thrown error gives the key back);
 * - a request with a claimed key and the same fingerprint (method, path with query, body hash)
 *   replays the stored answer, waiting for it while the first one runs (up to
 *   `IDEMPOTENCY_WAIT_MS`, 10 s by default), then 409: a row a crashed process left
 *   'em-andamento' is never run again;
 * - the same key with another request: 422.
 *
 * Only JSON and text answers are stored (every write of the API answers JSON); another kind of
 * answer gives the key back.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { uploadLimitMb } from '../storage/upload-stream';
import { fingerprintOf } from './fingerprint';
import { claimKey, completeKey, readKey, releaseKey, sameFingerprint, type StoredRow } from './store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1 to 255 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;

export const INVALID_KEY_MESSAGE = 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis (sem espaços nem acentos).';
export const KEY_REUSED_MESSAGE = 'Esta chave de idempotência já foi usada com outra requisição.';
export const KEY_RUNNING_MESSAGE =
  'A primeira requisição com esta chave de idempotência ainda está em andamento (ou foi interrompida). ' +
  'Confira se o registro foi criado antes de tentar de novo com outra chave.';

/** How long a repeated request waits for the first one (`IDEMPOTENCY_WAIT_MS`, read at each request). */
function waitMs(): number {
  const v = Number(process.env.IDEMPOTENCY_WAIT_MS);
  return Number.isFinite(v) && v >= 0 ? v : 10_000;
}

/** Bodies are hashed up to the upload limit (JSON bodies are capped lower, before this). */
const maxBodyBytes = () => Math.floor(uploadLimitMb() * 1024 * 1024) + 64 * 1024;

const storable = (type: string | null) => !type || /^(application\/([\w.+-]+\+)?json|text\/)/i.test(type);

function replay(row: StoredRow): Response {
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (row.tipo) headers.set('content-type', row.tipo);
  const empty = row.status === 204 || row.status === 304;
  return new Response(empty ? null : (row.corpo ?? ''), { status: row.status ?? 200, headers });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function idempotency(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const chave = c.req.header(IDEMPOTENCY_HEADER);
    if (chave === undefined) return next();
    if (!VALID_KEY.test(chave)) throw new ApiError(400, INVALID_KEY_MESSAGE, { [IDEMPOTENCY_HEADER]: [INVALID_KEY_MESSAGE] });
    const user = c.get('user');
    const usuario = user.email ? user.email.toLowerCase() : `id:${user.id_user}`;
    const fingerprint = await fingerprintOf(c.req.raw, maxBodyBytes());

    const deadline = Date.now() + waitMs();
    for (;;) {
      if (await claimKey(db, usuario, chave, fingerprint)) break;
      const row = await readKey(db, usuario, chave);
      if (!row) continue; // given back between the claim and the read: claim again
      if (!sameFingerprint(row, fingerprint)) throw new ApiError(422, KEY_REUSED_MESSAGE, { [IDEMPOTENCY_HEADER]: [KEY_REUSED_MESSAGE] });
      if (row.estado === 'concluido') return replay(row);
      if (Date.now() >= deadline) throw new ApiError(409, KEY_RUNNING_MESSAGE, { [IDEMPOTENCY_HEADER]: [KEY_RUNNING_MESSAGE] });
      await sleep(POLL_MS);
    }

    // This request holds the key: run it and keep its answer.
    try {
      await next();
    } catch (e) {
      await releaseKey(db, usuario, chave).catch((err) => console.error('[idempotencia] chave não liberada', err));
      throw e;
    }
    const res = c.res;
    const tipo = res.headers.get('content-type');
    if (res.status >= 500 || !storable(tipo)) {
      await releaseKey(db, usuario, chave).catch((err) => console.error('[idempotencia] chave não liberada', err));
      return;
    }
    try {
      const corpo = await res.clone().text();
      await completeKey(db, usuario, chave, { status: res.status, corpo, tipo });
    } catch (err) {
      // The key stays 'em-andamento': a retry answers 409 rather than run the write again.
      console.error('[idempotencia] resposta não gravada', c.req.method, c.req.path, err);
    }
  };
}
