import pg from 'pg';
import type { Context } from 'hono';
import { CODE_SCHEMAS } from '../schemas';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/server/boot/open-database';
import { localStorage, type FileStorage } from '../src/server/storage/storage';
import { APP_VERSION } from '../src/server/version';
import { normalizeUser, ownLoginTipo, type PortalUser } from '../src/access/user';
import { DEMO_ACCOUNTS } from '../src/server/identity/seed';
import type { IdentityAdmin } from '../src/server/site-users/identity-admin';
import type { ApiRateLimitOptions } from '../src/server/http/rate-limit';
import { memoryIdentityAdmin } from './identity-admin';
import { databaseUrlOf, seededPgTemplate, seededTemplate } from './db-template';
import { configRoute } from '../src/server/auth/config-route';
import { OAUTH_SCOPES, type IdentityConfig } from '../src/server/auth/identity-config';

/** The identity configuration `GET /config` describes in tests (no pool behind it: tests sign in with test tokens). */
const TEST_IDENTITY: IdentityConfig = {
  region: 'sa-east-1',
  userPoolId: 'sa-east-1_TestPool1',
  userPoolClientId: 'test-client',
  oauth: {
    domain: 'login.portal.local',
    scopes: [...OAUTH_SCOPES],
    redirectSignIn: ['http://localhost:3000/acessoFederado'],
    redirectSignOut: ['http://localhost:3000/login'],
    responseType: 'code',
    providerName: 'Corporativo',
  },
  issuer: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_TestPool1',
  jwksUri: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_TestPool1/.well-known/jwks.json',
};
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The demo accounts as the API sees them (same data the local identity stack seeds). */
export const DEMO_USERS: Record<string, PortalUser> = Object.fromEntries(
  DEMO_ACCOUNTS.map((a: (typeof DEMO_ACCOUNTS)[number]) => [
    a.email,
    normalizeUser({
      id_user: a.email,
      username: a.email,
      email: a.email,
      name: a.name,
      empresa: a.empresa,
      obra: a.obra,
      roles: a.roles,
      tipo: a.federated ? 'colaborador' : ownLoginTipo(a.roles),
    }),
  ]),
);

/**
 * Test-only authentication: `Authorization: Bearer test:<email>` names a demo user, or a user
 * registered with `as()`. Production verifies real tokens (src/server/auth).
 */
function testAuthenticate(extra: Map<string, PortalUser>) {
  return async (c: Context) => {
    const h = c.req.header('authorization') ?? '';
    const m = /^Bearer test:(.+)$/.exec(h);
    if (!m) return null;
    return extra.get(m[1]) ?? DEMO_USERS[m[1]] ?? null;
  };
}

export interface TestApi {
  app: ReturnType<typeof createApp>;
  db: Awaited<ReturnType<typeof openDatabase>>['db'];
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the temporary database's URL (another process's view of the same data); absent on PGlite. */
  databaseUrl?: string;
  /** Where the database is listened to (and pg-boss reaches PGlite, src/server/db/boss.ts). */
  listenVia: Awaited<ReturnType<typeof openDatabase>>['listenVia'];
  /** Where the API stores uploaded files (a temporary directory unless `storage` was given). */
  storage: FileStorage;
  /** Send a request as a user (`email` of a demo account or a registered user; null = anonymous). */
  request(path: string, init?: RequestInit & { as?: string | null; json?: unknown }): Promise<Response>;
  /** Register an ad-hoc user for the tests. */
  addUser(user: Partial<PortalUser> & { email: string }): PortalUser;
  close(): Promise<void>;
}

/**
 * A real API over a fresh database: in-memory PGlite, or a new temporary database on the
 * PostgreSQL server of `TEST_DATABASE_URL` (dropped on close).
 */
export async function createTestApi(
  opts: {
    seed?: boolean;
    databaseUrl?: string | null;
    /** The user pool's administration (default: in memory, with the demo accounts). */
    identityAdmin?: IdentityAdmin;
    /** Authentication for requests without a test token (e.g. real ID tokens of the local stack). */
    authenticate?: (c: Context) => Promise<PortalUser | null>;
    /** The API's rate limit (src/server/http/rate-limit.ts); off unless a test asks for it. */
    rateLimit?: ApiRateLimitOptions | ((db: TestApi['db']) => ApiRateLimitOptions);
    /** Where uploads go (e.g. S3 on a local S3-compatible server); default: the local disk, in a temporary folder. */
    storage?: FileStorage;
    /** PGlite on disk in this directory, as the server runs it (a benchmark), instead of in memory. */
    dataDir?: string;
  } = {},
): Promise<TestApi> {
  const serverUrl = opts.databaseUrl === null ? undefined : (opts.databaseUrl ?? process.env.TEST_DATABASE_URL);
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  const seed = opts.seed ?? true;
  if (serverUrl) {
    const name = `portal_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    // Seeded: a copy of the run's seeded template database (mocks/db-template.ts), when there is one.
    const pgTemplate = seed ? seededPgTemplate(filesDir) : null;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(pgTemplate ? `CREATE DATABASE ${name} TEMPLATE ${pgTemplate}` : `CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = databaseUrlOf(serverUrl, name);
    dropDb = async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      // The pool's sockets may still be closing: wait for them rather than kill them (a killed
      // connection raises an error nobody listens to any more), and force only as a last resort.
      for (let i = 0; ; i++) {
        try {
          await a.query(i < 50 ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || i >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await a.end();
    };
  }
  const storage = opts.storage ?? localStorage(filesDir);
  const memory = !databaseUrl && !opts.dataDir;
  const template = memory && seed ? seededTemplate(filesDir) : null;
  const database = await openDatabase({ databaseUrl, memory, dataDir: opts.dataDir, loadDataDir: template ?? undefined, seed, poolSize: 4, storage });
  const extra = new Map<string, PortalUser>();
  const byTestToken = testAuthenticate(extra);
  const app = createApp({
    // The public configuration the app reads at start, as main.ts mounts it (a test pool's values).
    publicRoutes: (api) => api.route('/config', configRoute(TEST_IDENTITY, APP_VERSION)),
    db: database.db,
    // The code schemas: in component tests the app installs effective ones into SCHEMAS (same module).
    schemas: [...CODE_SCHEMAS],
    storage,
    version: APP_VERSION,
    authenticate: opts.authenticate ? async (c) => (await byTestToken(c)) ?? opts.authenticate!(c) : byTestToken,
    identityAdmin: opts.identityAdmin ?? memoryIdentityAdmin(),
    poolStats: database.poolStats,
    rateLimit: typeof opts.rateLimit === 'function' ? opts.rateLimit(database.db) : opts.rateLimit,
  });
  return {
    app,
    db: database.db,
    kind: database.kind,
    databaseUrl,
    listenVia: database.listenVia,
    storage,
    async request(path, init = {}) {
      const { as = 'admin@portal.local', json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (as) headers.set('authorization', `Bearer test:${as}`);
      let body = rest.body;
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(json);
      }
      return app.request(path.startsWith('http') ? path : `http://localhost${path}`, { ...rest, headers, body });
    },
    addUser(u) {
      const user = normalizeUser({ id_user: u.email, username: u.email, name: u.email, tipo: 'colaborador', ...u });
      extra.set(u.email, user);
      return user;
    },
    async close() {
      await database.close();
      await dropDb?.();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
