/**
 * Each request's id and origin (issue 35):
 * - `requestContext`: the id (an incoming valid `X-Request-Id`, e.g. from a proxy, or a new one) on
 *   every answer's `x-request-id`; the id, the caller's address and device kept for the request's
 *   async work (`requestOrigin()`: the history's entries carry them); one JSON log line per API
 *   request (id, person, method, route, status, duration);
 * - `requestIdInErrors`: every JSON error body of the API carries `requestId`, which the app shows
 *   as "Código do erro".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { clientIp } from './client-ip';
import { logger as processLogger } from './logger';

export interface RequestOrigin {
  requestId: string;
  ip: string;
  /** The caller's `User-Agent` (cut to 300 characters). */
  userAgent: string;
}

const store = new AsyncLocalStorage<RequestOrigin>();

/** The current request's id and origin, or undefined outside a request (jobs, scripts). */
export const requestOrigin = (): RequestOrigin | undefined => store.getStore();

/** The `auditoria` columns of where a history entry comes from (none outside a request: jobs, scripts). */
export function historyOrigin(): { ip?: string; dispositivo?: string; id_requisicao?: string } {
  const o = store.getStore();
  return o ? { ip: o.ip || undefined, dispositivo: o.userAgent || undefined, id_requisicao: o.requestId } : {};
}

/** An incoming id is reused only when it looks like one (no spaces, quotes or control characters). */
const VALID_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's id (set by `requestContext`), or '' before it ran. */
export const requestIdOf = (c: Context): string => (c.get('requestId' as never) as string | undefined) ?? '';

/** The signed-in person of the request, when the authentication middleware found one. */
const personOf = (c: Context): string | undefined => (c.get('user' as never) as { email?: string } | undefined)?.email || undefined;

/**
 * `unidentified`: paths whose requests keep no address or device (the public ethics channel, issue
 * 40): the history gets none, and the log line never has one anyway.
 */
export function requestContext(opts: { logger?: Logger; unidentified?: (path: string) => boolean } = {}): MiddlewareHandler {
  const log = opts.logger ?? processLogger;
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId' as never, requestId as never);
    const origin: RequestOrigin = opts.unidentified?.(c.req.path)
      ? { requestId, ip: '', userAgent: '' }
      : { requestId, ip: clientIp(c), userAgent: (c.req.header('user-agent') ?? '').slice(0, 300) };
    const started = performance.now();
    try {
      await store.run(origin, next);
    } finally {
      // On the answer itself (c.header would copy every answer into a new one, see cors.ts).
      try {
        c.res.headers.set('x-request-id', requestId);
      } catch {
        c.res = new Response(c.res.body, c.res); // immutable headers (a fetched response passed through)
        c.res.headers.set('x-request-id', requestId);
      }
      const api = c.req.path.startsWith('/api/');
      const line = {
        requestId,
        person: personOf(c),
        method: c.req.method,
        route: c.req.routePath || undefined,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (api) log.info(line, 'requisição');
      else log.debug(line, 'requisição');
    }
  };
}

/** Adds `requestId` to the API's JSON error bodies (mounted inside the compression). */
export function requestIdInErrors(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || res.headers.get('content-encoding') || !/^application\/json/i.test(res.headers.get('content-type') ?? '')) return;
    const requestId = requestIdOf(c);
    if (!requestId) return;
    let body: unknown;
    try {
      body = await res.clone().json();
    } catch {
      return;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || 'requestId' in body) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify({ ...body, requestId }), { status: res.status, statusText: res.statusText, headers });
    c.res.headers.delete('content-length'); // Hono copies the old answer's headers over
  };
}

/** An error of a request, logged with its id. */
export function logRequestError(c: Context, level: 'warn' | 'error', message: string, err: unknown, log: Logger = processLogger): void {
  log[level]({ requestId: requestIdOf(c), person: personOf(c), method: c.req.method, path: c.req.path, err }, message);
}
