/**
 * The portal's own origins (who may call the API from a browser, and by which addresses the app may
 * be opened) and the endpoints the app talks to besides itself (the identity provider).
 *
 * - `PUBLIC_URL` (a comma list is allowed; the first is the canonical address) plus `CORS_ORIGINS`
 *   (comma list; `EXTRA_ORIGINS`, the local identity stack's older name, counts too).
 * - CORS answers only those origins (never `null`, never a reflected one).
 * - An HTML navigation that arrives by another host (127.0.0.1, a LAN address) is redirected to the
 *   canonical address before sign-in: the corporate sign-in returns only to registered addresses.
 */
import type { MiddlewareHandler } from 'hono';
import type { IdentityConfig } from '../auth/identity-config';

export interface SecurityOptions {
  /** The portal's origins; the first is canonical (redirect target). */
  origins: string[];
  /** Further origins the app connects to (identity endpoints): CSP `connect-src`. */
  connectSrc: string[];
  /** Redirect navigations by other hosts to the canonical origin (default true; `CANONICAL_REDIRECT=0` turns it off). */
  redirectOtherHosts?: boolean;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `https://x.y:8443/path` → `https://x.y:8443`. A bad entry is a configuration error, said clearly. */
export function originOf(url: string, variable: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return u.origin;
  } catch {
    throw new Error(`${variable}: "${url}" não é um endereço http(s) válido (ex.: https://portal.exemplo.com.br).`);
  }
}

/** PUBLIC_URL (first = canonical) and CORS_ORIGINS / EXTRA_ORIGINS, as origins, without repeats. */
export function portalOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const pub = list(env.PUBLIC_URL);
  const publics = pub.length ? pub : [`http://localhost:${env.PORT ?? 3000}`];
  const all = [
    ...publics.map((u) => originOf(u, 'PUBLIC_URL')),
    ...list(env.CORS_ORIGINS).map((u) => originOf(u, 'CORS_ORIGINS')),
    ...list(env.EXTRA_ORIGINS).map((u) => originOf(u, 'EXTRA_ORIGINS')),
  ];
  return [...new Set(all)];
}

/** What the app reaches of the identity provider: the user-pool endpoint and the hosted sign-in. */
export function identityConnectSrc(identity: IdentityConfig | undefined): string[] {
  if (!identity) return [];
  const out: string[] = [];
  if (identity.userPoolEndpoint) out.push(new URL(identity.userPoolEndpoint).origin);
  else out.push(`https://cognito-idp.${identity.region}.amazonaws.com`);
  if (identity.oauth?.domain) out.push(`https://${identity.oauth.domain}`);
  return [...new Set(out)];
}

export function securityFromEnv(env: NodeJS.ProcessEnv = process.env, identity?: IdentityConfig): SecurityOptions {
  return { origins: portalOrigins(env), connectSrc: identityConnectSrc(identity), redirectOtherHosts: env.CANONICAL_REDIRECT !== '0' };
}

/** Host (name:port) of the request as the browser addressed it. */
const requestHost = (h: string | undefined) => (h ?? '').trim().toLowerCase();

/** An HTML page load (not an API call, a script or an image). */
function isNavigation(method: string, headers: { get(name: string): string | null }): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return (headers.get('accept') ?? '').includes('text/html');
}

/**
 * Redirects an HTML navigation that arrives by a host that is not one of the portal's origins to
 * the same path on the canonical origin (API calls and assets are never redirected).
 */
export function canonicalOrigin(opts: SecurityOptions): MiddlewareHandler {
  const hosts = new Set(opts.origins.map((o) => new URL(o).host.toLowerCase()));
  const canonical = opts.origins[0];
  return async (c, next) => {
    const path = c.req.path;
    if (opts.redirectOtherHosts === false || !canonical || path.startsWith('/api/') || path === '/api' || !isNavigation(c.req.method, c.req.raw.headers))
      return next();
    // Behind a reverse proxy the address the browser used is in X-Forwarded-Host.
    const host = requestHost(c.req.header('x-forwarded-host')?.split(',')[0] ?? c.req.header('host'));
    if (!host || hosts.has(host)) return next();
    const url = new URL(c.req.url);
    c.header('cache-control', 'no-store');
    return c.redirect(`${canonical}${url.pathname}${url.search}`, 302);
  };
}
