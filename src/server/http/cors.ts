/**
 * CORS for the API: only the portal's own origins (src/server/http/origins.ts), with credentials,
 * the list headers exposed. Headers are added to the answer after the route ran, on the response
 * the route made: Hono's own `cors` writes them before, which makes Hono copy every answer into a
 * streamed one afterwards (measured: about a sixth of the API's CPU under load).
 */
import type { MiddlewareHandler } from 'hono';

export interface CorsOptions {
  origins: string[];
  exposeHeaders: string[];
}

const METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH';
const MAX_AGE = '600';

export function apiCors(opts: CorsOptions): MiddlewareHandler {
  const allowed = new Set(opts.origins);
  const expose = opts.exposeHeaders.join(',');
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allow = origin && allowed.has(origin) ? origin : undefined;
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers({ Vary: 'Origin, Access-Control-Request-Headers' });
      if (allow) {
        headers.set('Access-Control-Allow-Origin', allow);
        headers.set('Access-Control-Allow-Credentials', 'true');
        headers.set('Access-Control-Allow-Methods', METHODS);
        const asked = c.req.header('access-control-request-headers');
        if (asked) headers.set('Access-Control-Allow-Headers', asked);
        headers.set('Access-Control-Max-Age', MAX_AGE);
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    let headers: Headers;
    try {
      headers = c.res.headers;
      headers.append('Vary', 'Origin');
    } catch {
      // Immutable headers (a fetched response passed through): copy it once.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.append('Vary', 'Origin');
    }
    if (!allow) return;
    headers.set('Access-Control-Allow-Origin', allow);
    headers.set('Access-Control-Allow-Credentials', 'true');
    if (expose) headers.set('Access-Control-Expose-Headers', expose);
  };
}
