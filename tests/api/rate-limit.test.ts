/**
 * The API's rate limit (issue 27, src/server/http/rate-limit.ts): requests per minute per person or
 * anonymous address, counted in the shared store, so that two portal processes on one database (or
 * one Redis) count together and a restarted process still knows the count; when the store fails,
 * each process counts in memory and keeps answering.
 *
 * PostgreSQL runs with TEST_DATABASE_URL, Redis with TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SCHEMAS } from '../../schemas';
import { createApp } from '../../src/server/app';
import { connect, type Db } from '../../src/server/db/connect';
import { closeRedis, redisClient, type RateLimitStore } from '../../src/server/http/rate-limit-store';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { normalizeUser } from '../../src/access/user';
import { createTestApi, DEMO_USERS, type TestApi } from '../../mocks/test-app';
import { ENGINE_BACKENDS } from './backends';

const REDIS_URL = process.env.TEST_REDIS_URL;
const PER_USER = 3;
const ANON = 2;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const filesDir = mkdtempSync(join(tmpdir(), 'portal-rate-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

/** `Bearer test:<email>`: a demo account, or any e-mail as a plain collaborator. */
async function byTestToken(c: Context) {
  const m = /^Bearer test:(.+)$/.exec(c.req.header('authorization') ?? '');
  if (!m) return null;
  return DEMO_USERS[m[1]] ?? normalizeUser({ id_user: m[1], username: m[1], email: m[1], name: m[1], tipo: 'colaborador' });
}

/** Another portal process: its own app (and limiters) over a database and a store. */
function instance(db: Db, store: RateLimitStore) {
  const app = createApp({
    db,
    schemas: [...CODE_SCHEMAS],
    storage: localStorage(filesDir),
    version: APP_VERSION,
    authenticate: byTestToken,
    metrics: null,
    rateLimit: { store, perUserPerMin: PER_USER, anonPerMin: ANON },
  });
  return (path: string, as: string | null, headers: Record<string, string> = {}) =>
    app.request(`http://localhost${path}`, { headers: as ? { ...headers, authorization: `Bearer test:${as}` } : headers });
}

/** A Redis client once connected (before it is, the limiter counts in memory, as during an outage). */
async function connectedRedis(url: string) {
  const redis = redisClient(url);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(429);
  const body = await res.json();
  expect(body).toEqual({
    statusCode: 429,
    message: expect.stringMatching(/^Muitas requisições em pouco tempo\. Tente novamente em \d+ segundos?\.$/),
    requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.headers.get('ratelimit-remaining')).toBe('0');
}

describe.each(ENGINE_BACKENDS)('API rate limit in the database (%s)', (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({
      databaseUrl: backend === 'pglite' ? null : process.env.TEST_DATABASE_URL,
      rateLimit: (db) => ({ store: { kind: 'database', db }, perUserPerMin: PER_USER, anonPerMin: ANON }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a person past the limit with 429 in Portuguese, Retry-After and RateLimit-*; others and health are not affected', async () => {
    for (let i = 1; i <= PER_USER; i++) {
      const ok = await t.request('/api/v1/me', { as: 'sm@portal.local' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-limit')).toBe(String(PER_USER));
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(PER_USER - i));
    }
    await expectRefused(await t.request('/api/v1/me', { as: 'sm@portal.local' }));
    await expectRefused(await t.request('/api/v1/contratos', { as: 'sm@portal.local' }));
    expect((await t.request('/api/v1/me', { as: 'posvendas@portal.local' })).status).toBe(200);
    expect((await t.request('/api/v1/health', { as: 'sm@portal.local' })).status).toBe(200);
  });

  it('declares the 429 in the OpenAPI document of every counted operation, not of the health checks', async () => {
    type Op = { responses: Record<string, { $ref?: string }> };
    const doc = (await (await t.request('/api/v1/openapi.json', { as: 'leitura@portal.local' })).json()) as { paths: Record<string, Record<string, Op>> };
    const tooMany = { $ref: '#/components/responses/TooManyRequests' };
    expect(doc.paths['/me'].get.responses['429']).toEqual(tooMany);
    expect(doc.paths['/contratos'].post.responses['429']).toEqual(tooMany);
    expect(doc.paths['/contratos/{id}'].patch.responses['429']).toEqual(tooMany);
    expect(doc.paths['/health'].get.responses['429']).toBeUndefined();
  });

  it('limits anonymous callers per address', async () => {
    const from = (ip: string) => t.request('/api/v1/me', { as: null, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < ANON; i++) expect((await from('203.0.113.7')).status).toBe(401);
    await expectRefused(await from('203.0.113.7'));
    expect((await from('203.0.113.8')).status).toBe(401);
  });

  it('counts across two portal processes on one database, and after a restart', async () => {
    // PostgreSQL: the second process has its own pool; PGlite is one process's database (its second app shares it).
    const other = backend === 'postgres' ? await connect({ databaseUrl: t.databaseUrl, poolSize: 2 }) : null;
    const restarted = backend === 'postgres' ? await connect({ databaseUrl: t.databaseUrl, poolSize: 2 }) : null;
    try {
      const a = instance(t.db, { kind: 'database', db: t.db });
      const b = instance(other?.db ?? t.db, { kind: 'database', db: other?.db ?? t.db });
      const who = `pessoa-${unique()}@portal.local`;
      expect((await a('/api/v1/me', who)).status).toBe(200);
      expect((await b('/api/v1/me', who)).status).toBe(200);
      expect((await a('/api/v1/me', who)).headers.get('ratelimit-remaining')).toBe('0');
      await expectRefused(await b('/api/v1/me', who));
      const c = instance(restarted?.db ?? t.db, { kind: 'database', db: restarted?.db ?? t.db });
      await expectRefused(await c('/api/v1/me', who));
      expect((await c('/api/v1/me', `outra-${unique()}@portal.local`)).status).toBe(200);
    } finally {
      await other?.close();
      await restarted?.close();
    }
  });
});

describe('API rate limit when the store fails: counted in memory, requests answered', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ databaseUrl: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stillLimits = async (store: RateLimitStore) => {
    const api = instance(t.db, store);
    const who = `falha-${unique()}@portal.local`;
    for (let i = 0; i < PER_USER; i++) expect((await api('/api/v1/me', who)).status).toBe(200);
    await expectRefused(await api('/api/v1/me', who));
    expect((await api('/api/v1/health', null)).status).toBe(200);
  };

  it('Redis at a closed port', async () => {
    const redis = redisClient('redis://127.0.0.1:1');
    try {
      await stillLimits({ kind: 'redis', redis });
    } finally {
      await closeRedis(redis);
    }
  });

  it('a database that refuses connections', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/portal', connectionTimeoutMillis: 1_000 });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    try {
      await stillLimits({ kind: 'database', db });
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL pool closed under the portal', async () => {
    const database = await connect({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
    await database.close();
    await stillLimits({ kind: 'database', db: database.db });
  });
});

describe.skipIf(!REDIS_URL)('API rate limit in Redis', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ databaseUrl: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts across two processes sharing Redis, and after a restart', async () => {
    const clients = await Promise.all([connectedRedis(REDIS_URL!), connectedRedis(REDIS_URL!)]);
    const [a, b] = clients.map((redis) => instance(t.db, { kind: 'redis', redis }));
    const who = `redis-${unique()}@portal.local`;
    try {
      expect((await a('/api/v1/me', who)).status).toBe(200);
      expect((await b('/api/v1/me', who)).status).toBe(200);
      expect((await a('/api/v1/me', who)).status).toBe(200);
      await expectRefused(await b('/api/v1/me', who));
    } finally {
      await Promise.all(clients.map(closeRedis));
    }
    const redis = await connectedRedis(REDIS_URL!);
    try {
      const restarted = instance(t.db, { kind: 'redis', redis });
      await expectRefused(await restarted('/api/v1/me', who));
      expect((await restarted('/api/v1/me', `outra-${unique()}@portal.local`)).status).toBe(200);
    } finally {
      await closeRedis(redis);
    }
  });
});
