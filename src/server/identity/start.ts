/**
 * The local identity stack: cognito-local in-process behind a small front (the user-pool endpoint),
 * the seeded pool and demo accounts, and the HTTPS stand-in of the corporate hosted sign-in.
 * In production (`COGNITO_*` set) nothing is started: see `startIdentity()`.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CORPORATE_PROVIDER,
  IdentityConfigError,
  type IdentityConfig,
  OAUTH_SCOPES,
  identityConfigFromEnv,
  redirectUrls,
  validateUserPoolId,
} from '../auth/identity-config';
import { createEmulator, type Emulator } from './emulator';
import { createFront } from './front';
import { createIdp } from './idp';
import { ensureCertificate } from './cert';
import { seedUserPool } from './seed';
import { createSignInThrottle, type ThrottleOptions } from './throttle';
import { ensureAdminSecret } from './admin-secret';

export type { IdentityConfig } from '../auth/identity-config';

export interface IdentityStackOptions {
  /** Data directory; the pool lives in `${dataDir}/cognito`, the certificate in `${dataDir}/idp-cert`. */
  dataDir: string;
  /** Host name used in the URLs and to listen on (default `localhost`). */
  host?: string;
  /** Port of the user-pool endpoint (the emulator front). Default: a free port. */
  cognitoPort?: number;
  /** Port of the HTTPS hosted sign-in stand-in. Default: a free port. */
  idpPort?: number;
  /** The portal's URL, for the OAuth redirects (`/acessoFederado`, `/login`). */
  publicUrl: string;
  /** Further app origins allowed as redirect targets (e.g. the Vite dev server). */
  extraOrigins?: string[];
  /** Address the servers listen on. Default `127.0.0.1` (this machine only); `0.0.0.0` opens them to the network. */
  bind?: string;
  /** The pool's administration secret (default: IDENTITY_ADMIN_SECRET or the one kept in `${dataDir}/cognito`). */
  adminSecret?: string;
  /**
   * Sign-in throttling: limits (default: 5 failures per account, 20 per address, in 15 minutes) and
   * the store that counts them (the portal's database or Redis; default this process's memory).
   */
  throttle?: ThrottleOptions;
}

export interface IdentityStack {
  config: IdentityConfig;
  stop(): Promise<void>;
  /** Local only: the emulator (for tests: `emulator.lastCode(email)` gives the last code sent). */
  emulator?: Emulator;
  /** Local only: PEM of the hosted sign-in certificate and its path. */
  tls?: { cert: string; certPath: string };
  /** Local only: the secret the front asks for on administration calls (`x-portal-admin-secret`). */
  adminSecret?: string;
}

function listen(server: http.Server | https.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export async function startIdentityStack(opts: IdentityStackOptions): Promise<IdentityStack> {
  const host = opts.host ?? 'localhost';
  const bind = opts.bind ?? '127.0.0.1';
  const dataDir = path.resolve(opts.dataDir);
  const adminSecret = opts.adminSecret ?? ensureAdminSecret(dataDir, process.env.IDENTITY_ADMIN_SECRET);
  // One counter for both sign-in paths: the same account is throttled wherever it is tried.
  const throttle = createSignInThrottle(opts.throttle);
  const origins = [opts.publicUrl, ...(opts.extraOrigins ?? [])].map((o) => new URL(o).origin);
  const { redirectSignIn, redirectSignOut } = redirectUrls(origins);

  const emulator = await createEmulator({ dataDir });
  let frontOrigin = '';
  let pool = { userPoolId: '', userPoolClientId: '' };

  const frontServer = http.createServer(createFront(emulator, () => frontOrigin, { throttle, adminSecret }));
  frontServer.keepAliveTimeout = 5_000;
  const cognitoPort = await listen(frontServer, opts.cognitoPort ?? 0, bind);
  frontOrigin = `http://${host}:${cognitoPort}`;
  emulator.setIssuerDomain(frontOrigin);

  let idpServer: https.Server | undefined;
  try {
    pool = await seedUserPool(emulator, { callbackUrls: redirectSignIn, logoutUrls: redirectSignOut });
    validateUserPoolId(pool.userPoolId);
    const tls = await ensureCertificate(dataDir, host);
    idpServer = https.createServer(
      { key: tls.key, cert: tls.cert },
      createIdp(emulator, () => pool, { throttle }),
    );
    const idpPort = await listen(idpServer, opts.idpPort ?? 0, bind);
    const issuer = `${frontOrigin}/${pool.userPoolId}`;
    const config: IdentityConfig = {
      region: pool.userPoolId.split('_')[0],
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: frontOrigin,
      oauth: {
        domain: `${host}:${idpPort}`,
        scopes: OAUTH_SCOPES,
        redirectSignIn,
        redirectSignOut,
        responseType: 'code',
        providerName: CORPORATE_PROVIDER,
      },
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
    };
    const servers = [frontServer, idpServer];
    return {
      config,
      emulator,
      adminSecret,
      tls: { cert: tls.cert, certPath: tls.certPath },
      async stop() {
        await Promise.all(servers.map(close));
      },
    };
  } catch (e) {
    await close(frontServer);
    if (idpServer) await close(idpServer);
    throw e;
  }
}

/**
 * Production or local, from the environment:
 * - `COGNITO_USER_POOL_ID`, `COGNITO_CLIENT_ID`, `COGNITO_DOMAIN` (+ `AWS_REGION`, `PUBLIC_URL`) set →
 *   the real user pool, nothing started;
 * - otherwise the local stack with `DATA_DIR` (default `./data`), `IDENTITY_HOST` (default `localhost`),
 *   `COGNITO_PORT` (default 9229), `IDP_PORT` (default 9230), `PUBLIC_URL` (default
 *   `http://localhost:${PORT ?? 3000}`) and `EXTRA_ORIGINS` (comma-separated, e.g. the Vite dev server).
 */
export async function startIdentity(env: NodeJS.ProcessEnv = process.env, opts: { throttle?: ThrottleOptions } = {}): Promise<IdentityStack> {
  const prod = identityConfigFromEnv(env);
  if (prod) return { config: prod, async stop() {} };
  refuseLocalStackInProduction(env);
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).split(',')[0].trim();
  return startIdentityStack({
    dataDir: env.DATA_DIR ?? './data',
    host: env.IDENTITY_HOST || undefined,
    bind: env.IDENTITY_BIND?.trim() || undefined,
    cognitoPort: num(env.COGNITO_PORT, 9229),
    idpPort: num(env.IDP_PORT, 9230),
    publicUrl,
    throttle: opts.throttle,
    // The portal's other addresses (PUBLIC_URL's further entries, CORS_ORIGINS) are sign-in return addresses too.
    extraOrigins: [(env.PUBLIC_URL ?? '').split(',').slice(1).join(','), env.EXTRA_ORIGINS ?? '', env.CORS_ORIGINS ?? '']
      .join(',')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
}

export { demoAccountsText, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';

/** The local stack signs tokens with cognito-local's published key: never in production. */
export function refuseLocalStackInProduction(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'production') return;
  throw new IdentityConfigError(
    'NODE_ENV=production sem Cognito configurado: a pilha de identidade local (emulador do Cognito, com chave de ' +
      'assinatura pública de desenvolvimento) não pode ser usada em produção. Defina COGNITO_USER_POOL_ID, ' +
      'COGNITO_CLIENT_ID e COGNITO_DOMAIN (veja src/server/identity/README.md) ou rode sem NODE_ENV=production.',
  );
}
