/**
 * The sign-in throttle of the local identity stack (src/server/identity/throttle.ts) counted in the
 * shared store (issue 27): failures tried through one process count in the other, a restarted
 * process still refuses, and a failing store falls back to this process's memory without refusing
 * to answer. PostgreSQL runs with TEST_DATABASE_URL, Redis with TEST_REDIS_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/server/db/connect';
import { closeRedis, redisClient, type RateLimitStore } from '../../src/server/http/rate-limit-store';
import { createSignInThrottle, throttleMessage, type SignInThrottle } from '../../src/server/identity/throttle';
import { createTestApi, type TestApi } from '../../mocks/test-app';
import { ENGINE_BACKENDS } from './backends';

const REDIS_URL = process.env.TEST_REDIS_URL;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const FIFTEEN_MIN = 15 * 60_000;

/** Refused for about the whole window (a few seconds pass between the failures and the check). */
async function expectRefused(t: SignInThrottle, account: string, address: string) {
  const wait = await t.retryAfter(account, address);
  expect(wait).toBeGreaterThan(FIFTEEN_MIN - 60_000);
  expect(wait).toBeLessThanOrEqual(FIFTEEN_MIN);
  expect(throttleMessage(wait)).toBe('Muitas tentativas. Tente novamente em 15 minutos.');
}

/** 3 failures through one process and 2 through another: the 5 of the account refuse it everywhere. */
async function sharedAcrossProcesses(a: SignInThrottle, b: SignInThrottle) {
  const account = `Ana.${unique()}@x.com`;
  for (let i = 0; i < 3; i++) await a.fail(account, `10.1.0.${i}`);
  await b.fail(account.toUpperCase(), '10.1.0.3');
  expect(await a.retryAfter(account, '10.9.9.9')).toBe(0);
  await b.fail(account, '10.1.0.4');
  await expectRefused(a, account.toLowerCase(), '10.9.9.9');
  await expectRefused(b, account, '10.9.9.8');
  return account;
}

async function connectedRedis(url: string) {
  const redis = redisClient(url);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

describe.each(ENGINE_BACKENDS)('sign-in throttle in the database (%s)', (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ databaseUrl: backend === 'pglite' ? null : process.env.TEST_DATABASE_URL });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the failures of both processes, refuses after a restart, and a success clears the account everywhere', async () => {
    // PostgreSQL: each process has its own pool; PGlite is one process's database.
    const other = backend === 'postgres' ? await connect({ databaseUrl: t.databaseUrl, poolSize: 1 }) : null;
    try {
      const a = createSignInThrottle({ store: { kind: 'database', db: t.db } });
      const b = createSignInThrottle({ store: { kind: 'database', db: other?.db ?? t.db } });
      const account = await sharedAcrossProcesses(a, b);
      await other?.close();
      const restarted = createSignInThrottle({ store: { kind: 'database', db: t.db } });
      await expectRefused(restarted, account, '10.9.9.7');
      await restarted.succeed(account);
      expect(await a.retryAfter(account, '10.9.9.9')).toBe(0);
    } finally {
      await other?.close().catch(() => undefined);
    }
  });

  it('counts an address over many accounts in both processes', async () => {
    const a = createSignInThrottle({ store: { kind: 'database', db: t.db } });
    const b = createSignInThrottle({ store: { kind: 'database', db: t.db } });
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${unique()}`;
    for (let i = 0; i < 10; i++) await a.fail(`a${i}@x.com`, address);
    for (let i = 0; i < 9; i++) await b.fail(`b${i}@x.com`, address);
    expect(await a.retryAfter('nova@x.com', address)).toBe(0);
    await b.fail('b9@x.com', address);
    await expectRefused(a, 'nova@x.com', address);
  });
});

describe('sign-in throttle in the embedded database survives a restart of the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-throttle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('still refuses the account after the PGlite files are reopened', async () => {
    const account = `bia.${unique()}@x.com`;
    const first = await connect({ dataDir: dir });
    try {
      const t = createSignInThrottle({ store: { kind: 'database', db: first.db } });
      for (let i = 0; i < 5; i++) await t.fail(account, '10.2.0.1');
      await expectRefused(t, account, '10.2.0.2');
    } finally {
      await first.close();
    }
    const again = await connect({ dataDir: dir });
    try {
      await expectRefused(createSignInThrottle({ store: { kind: 'database', db: again.db } }), account, '10.2.0.3');
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe.skipIf(!REDIS_URL)('sign-in throttle in Redis', () => {
  it('counts across two processes and refuses after a restart', async () => {
    const clients = await Promise.all([connectedRedis(REDIS_URL!), connectedRedis(REDIS_URL!)]);
    let account: string;
    try {
      const [a, b] = clients.map((redis) => createSignInThrottle({ store: { kind: 'redis', redis } }));
      account = await sharedAcrossProcesses(a, b);
    } finally {
      await Promise.all(clients.map(closeRedis));
    }
    const redis = await connectedRedis(REDIS_URL!);
    try {
      const restarted = createSignInThrottle({ store: { kind: 'redis', redis } });
      await expectRefused(restarted, account, '10.9.9.7');
      await restarted.succeed(account);
      expect(await restarted.retryAfter(account, '10.9.9.7')).toBe(0);
    } finally {
      await closeRedis(redis);
    }
  });
});

describe('sign-in throttle when the store fails: this process counts in memory', () => {
  const stillThrottles = async (store: RateLimitStore) => {
    const t = createSignInThrottle({ store });
    const account = `caio.${unique()}@x.com`;
    for (let i = 0; i < 4; i++) await t.fail(account, '10.3.0.1');
    expect(await t.retryAfter(account, '10.3.0.1')).toBe(0);
    await t.fail(account, '10.3.0.1');
    await expectRefused(t, account, '10.3.0.9');
    await t.succeed(account);
    expect(await t.retryAfter(account, '10.3.0.9')).toBe(0);
  };

  it('Redis at a closed port', async () => {
    const redis = redisClient('redis://127.0.0.1:1');
    try {
      await stillThrottles({ kind: 'redis', redis });
    } finally {
      await closeRedis(redis);
    }
  });

  it('a database that refuses connections', async () => {
    const db = new Kysely<Record<string, never>>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/portal', connectionTimeoutMillis: 1_000 }) }),
    });
    try {
      await stillThrottles({ kind: 'database', db });
    } finally {
      await db.destroy();
    }
  });
});
