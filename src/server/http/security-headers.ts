/**
 * Security headers of every response of the portal (API and the single-page app):
 * - the app (HTML): a strict Content-Security-Policy — scripts only from the portal's origin (the
 *   Vite build has no inline script), styles also inline (antd's CSS-in-JS and index.html's <style>),
 *   connections to the portal and the identity endpoints only, no framing by anyone;
 * - API answers: `default-src 'none'` (JSON is never a document) and `Cache-Control: no-store`
 *   (they carry personal data) unless the route chose its own caching;
 * - all: `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `X-Frame-Options: DENY` and `frame-ancestors 'none'`, HSTS when served over HTTPS.
 * Files under /api/v1/arquivos keep the headers their route sets (previews are framed by the app
 * itself: SAMEORIGIN there).
 * A header a route already set is never overwritten.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { SecurityOptions } from './origins';

const FILES_PREFIX = '/api/v1/arquivos';
const HSTS = 'max-age=31536000; includeSubDomains';

/** The app's Content-Security-Policy. */
export function appContentSecurityPolicy(opts: Pick<SecurityOptions, 'connectSrc'>): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...opts.connectSrc].join(' '),
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Whether the request reached us over HTTPS (directly, behind a proxy, or PUBLIC_URL says so). */
function overHttps(c: Context, opts: SecurityOptions): boolean {
  if (opts.origins[0]?.startsWith('https:')) return true;
  if ((c.req.header('x-forwarded-proto') ?? '').split(',')[0].trim() === 'https') return true;
  return c.req.url.startsWith('https:');
}

export function securityHeaders(opts: SecurityOptions): MiddlewareHandler {
  const csp = appContentSecurityPolicy(opts);
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    const set = (name: string, value: string) => {
      if (headers.has(name)) return;
      try {
        headers.set(name, value);
      } catch {
        // Immutable headers (a fetched Response): copy the response once.
        c.res = new Response(c.res.body, c.res);
        headers = c.res.headers;
        headers.set(name, value);
      }
    };
    const path = c.req.path;
    const isApi = path === '/api' || path.startsWith('/api/');
    const isFile = path.startsWith(FILES_PREFIX + '/') || path === FILES_PREFIX;
    const type = headers.get('content-type') ?? '';

    set('x-content-type-options', 'nosniff');
    set('referrer-policy', 'strict-origin-when-cross-origin');
    if (overHttps(c, opts)) set('strict-transport-security', HSTS);
    if (isFile) {
      set('x-frame-options', 'SAMEORIGIN');
      return;
    }
    set('x-frame-options', 'DENY');
    if (isApi) {
      set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      set('cache-control', 'no-store');
    } else if (type.startsWith('text/html')) {
      set('content-security-policy', csp);
    }
  };
}
