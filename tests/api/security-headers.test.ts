/**
 * Issue 13, "Headers, CORS, sessions": CORS only for the portal's own origins, security headers on
 * the API and on the app, HSTS behind HTTPS, and HTML visits by another address redirected to
 * PUBLIC_URL (API calls never).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { createTestApi, type TestApi } from '../../mocks/test-app';
import { appContentSecurityPolicy } from '../../src/server/http/security-headers';
import { canonicalOrigin, identityConnectSrc, portalOrigins, securityFromEnv } from '../../src/server/http/origins';
import { securityHeaders } from '../../src/server/http/security-headers';
import type { IdentityConfig } from '../../src/server/auth/identity-config';

const PUBLIC = 'http://localhost:3000';
const EXTRA = 'https://portal.obra.example';
const HTML = 'text/html,application/xhtml+xml';

const localIdentity = {
  region: 'local',
  userPoolId: 'local_abc',
  userPoolClientId: 'c',
  userPoolEndpoint: 'http://localhost:9229',
  oauth: { domain: 'localhost:9230', scopes: [], redirectSignIn: [], redirectSignOut: [], responseType: 'code' },
  issuer: 'http://localhost:9229/local_abc',
  jwksUri: 'http://localhost:9229/local_abc/.well-known/jwks.json',
} as IdentityConfig;

describe('security headers, CORS and the canonical address (createApp)', () => {
  let api: TestApi;
  beforeAll(async () => {
    vi.stubEnv('PUBLIC_URL', PUBLIC);
    vi.stubEnv('CORS_ORIGINS', `${EXTRA}, http://localhost:5173`);
    vi.stubEnv('EXTRA_ORIGINS', '');
    api = await createTestApi({ databaseUrl: null, seed: false });
    // The single-page app as main.ts serves it: index.html for every other path.
    api.app.get('*', (c) => c.html('<!doctype html><div id="app"></div>'));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => api.app.request(path, { method, headers });

  it('answers CORS only to PUBLIC_URL and CORS_ORIGINS, never to null or another origin', async () => {
    for (const origin of [PUBLIC, EXTRA, 'http://localhost:5173']) {
      const r = await get('/api/v1/health', { origin });
      expect(r.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(r.headers.get('access-control-allow-credentials')).toBe('true');
      expect(r.headers.get('vary')).toMatch(/Origin/);
    }
    for (const origin of ['null', 'https://evil.example', 'http://localhost:3001', `${EXTRA}.evil.example`]) {
      const r = await get('/api/v1/health', { origin });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin'), origin).toBeNull();
      const pre = await get(
        '/api/v1/projetos',
        { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization' },
        'OPTIONS',
      );
      expect(pre.headers.get('access-control-allow-origin'), `preflight ${origin}`).toBeNull();
    }
    const pre = await get(
      '/api/v1/projetos',
      { origin: EXTRA, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization' },
      'OPTIONS',
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EXTRA);
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
  });

  it('marks API answers nosniff, no-store, unframeable, without referrer leaks', async () => {
    for (const [path, as] of [
      ['/api/v1/health', null],
      ['/api/v1/me', 'cliente@portal.local'],
      ['/api/v1/projetos', 'cliente@portal.local'],
      ['/api/v1/nada', 'admin@portal.local'],
      ['/api/v1/me', null],
    ] as const) {
      const r = await api.request(path, { as });
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get('cache-control'), path).toBe('no-store');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('gives the app a strict CSP: scripts only from the portal, no framing', async () => {
    const r = await get('/obras/101', { host: 'localhost:3000', accept: HTML });
    expect(r.status).toBe(200);
    const csp = r.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((s) => s.trim())
        .find((s) => s.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only over HTTPS (forwarded by a proxy)', async () => {
    const plain = await get('/api/v1/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await get('/api/v1/health', { 'x-forwarded-proto': 'https' });
    expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });

  it('redirects HTML visits by another address to PUBLIC_URL, never API calls or assets', async () => {
    const lan = await get('/obras/101?aba=diarios', { host: '192.168.0.10:3000', accept: HTML });
    expect(lan.status).toBe(302);
    expect(lan.headers.get('location')).toBe(`${PUBLIC}/obras/101?aba=diarios`);
    const loop = await get('/login', { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate', accept: HTML });
    expect(loop.headers.get('location')).toBe(`${PUBLIC}/login`);
    // A configured origin is served where it is.
    expect((await get('/login', { host: 'portal.obra.example', accept: HTML })).status).toBe(200);
    expect((await get('/login', { host: 'localhost:3000', accept: HTML })).status).toBe(200);
    // API calls, scripts and images by that address are answered, not redirected.
    expect((await get('/api/v1/health', { host: '127.0.0.1:3000', accept: 'application/json' })).status).toBe(200);
    expect((await get('/assets/index.js', { host: '127.0.0.1:3000', 'sec-fetch-mode': 'no-cors', accept: '*/*' })).status).not.toBe(302);
  });
});

describe('security options', () => {
  it('reads PUBLIC_URL (first is canonical), CORS_ORIGINS and EXTRA_ORIGINS as origins', () => {
    expect(
      portalOrigins({
        PUBLIC_URL: 'https://portal.example/app/, https://b.example',
        CORS_ORIGINS: 'http://x.example:8080/',
        EXTRA_ORIGINS: 'https://b.example',
      }),
    ).toEqual(['https://portal.example', 'https://b.example', 'http://x.example:8080']);
    expect(portalOrigins({ PORT: '4000' })).toEqual(['http://localhost:4000']);
    expect(() => portalOrigins({ CORS_ORIGINS: 'javascript:alert(1)' })).toThrow(/CORS_ORIGINS/);
  });

  it('lets the app connect to the identity endpoints it is configured with, and nothing else', () => {
    expect(identityConnectSrc(localIdentity)).toEqual(['http://localhost:9229', 'https://localhost:9230']);
    const real = { ...localIdentity, region: 'sa-east-1', userPoolEndpoint: undefined, oauth: { ...localIdentity.oauth, domain: 'login.portal.example' } };
    expect(identityConnectSrc(real)).toEqual(['https://cognito-idp.sa-east-1.amazonaws.com', 'https://login.portal.example']);
    const csp = appContentSecurityPolicy(securityFromEnv({ PUBLIC_URL: PUBLIC }, real));
    expect(csp).toContain("connect-src 'self' https://cognito-idp.sa-east-1.amazonaws.com https://login.portal.example;");
  });

  it('sends HSTS on every answer when PUBLIC_URL is https', async () => {
    const app = new Hono();
    const opts = securityFromEnv({ PUBLIC_URL: 'https://portal.example' });
    app.use('*', securityHeaders(opts), canonicalOrigin(opts));
    app.get('*', (c) => c.html('ok'));
    const r = await app.request('/x', { headers: { host: 'portal.example', accept: HTML } });
    expect(r.status).toBe(200);
    expect(r.headers.get('strict-transport-security')).toMatch(/includeSubDomains/);
    const off = securityFromEnv({ PUBLIC_URL: 'https://portal.example', CANONICAL_REDIRECT: '0' });
    const app2 = new Hono();
    app2.use('*', securityHeaders(off), canonicalOrigin(off));
    app2.get('*', (c) => c.html('ok'));
    expect((await app2.request('/x', { headers: { host: 'backend:3000', accept: HTML } })).status).toBe(200);
    expect((await app.request('/x', { headers: { host: 'backend:3000', 'x-forwarded-host': 'portal.example', accept: HTML } })).status).toBe(200);
  });
});
