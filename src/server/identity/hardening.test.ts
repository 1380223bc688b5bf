/**
 * Issue 13 for the local identity stack: sign-in throttling (own login and corporate form), the
 * administration secret, listening on this machine only, no local stack under NODE_ENV=production,
 * and no development-key token accepted when a real Cognito is configured.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdentityStack, startIdentity, refuseLocalStackInProduction, type IdentityStack } from './start';
import { DEMO_PASSWORD } from './seed';
import { createSignInThrottle, throttleMessage } from './throttle';
import { ADMIN_SECRET_HEADER, ensureAdminSecret, requiresAdminSecret } from './admin-secret';
import { httpsRequest, pkcePair, staffSignIn } from './test-helpers';
import { AuthError, createTokenVerifier } from '../auth/verify';

describe('sign-in throttle (fake clock, memory store)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an account after 5 failures in the 15 minutes from the first, until that window ends; success resets it', async () => {
    const t = createSignInThrottle();
    for (let i = 0; i < 4; i++) await t.fail('Ana@x.com', `10.0.0.${i}`);
    expect(await t.retryAfter('ana@x.com', '10.0.0.9')).toBe(0);
    vi.advanceTimersByTime(60_000);
    await t.fail('ana@x.com ', '10.0.0.5');
    const wait = await t.retryAfter('ANA@x.com', '10.0.0.9');
    expect(wait).toBe(14 * 60_000);
    expect(throttleMessage(wait)).toBe('Muitas tentativas. Tente novamente em 14 minutos.');
    expect(await t.retryAfter('bia@x.com', '10.0.0.9')).toBe(0);
    vi.advanceTimersByTime(14 * 60_000 + 1);
    expect(await t.retryAfter('ana@x.com', '10.0.0.9')).toBe(0);
    // A new window: 4 failures pass, the 5th blocks for the whole window.
    for (let i = 0; i < 4; i++) await t.fail('ana@x.com', '10.0.0.9');
    expect(await t.retryAfter('ana@x.com', '10.0.0.9')).toBe(0);
    await t.fail('ana@x.com', '10.0.0.9');
    expect(await t.retryAfter('ana@x.com', '10.0.0.9')).toBe(15 * 60_000);
    await t.succeed('ana@x.com');
    expect(await t.retryAfter('ana@x.com', '10.0.0.9')).toBe(0);
  });

  it('refuses an address after 20 failures over many accounts', async () => {
    const t = createSignInThrottle();
    for (let i = 0; i < 19; i++) await t.fail(`u${i}@x.com`, '192.168.0.7');
    expect(await t.retryAfter('novo@x.com', '192.168.0.7')).toBe(0);
    await t.fail('u19@x.com', '192.168.0.7');
    expect(await t.retryAfter('novo@x.com', '192.168.0.7')).toBe(15 * 60_000);
    expect(await t.retryAfter('novo@x.com', '192.168.0.8')).toBe(0);
    expect(throttleMessage(30_000)).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
  });
});

describe('local identity stack hardening', () => {
  let dataDir: string;
  let stack: IdentityStack;
  const cognito = async (target: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const r = await fetch(stack.config.userPoolEndpoint + '/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  const passwordSignIn = (email: string, password: string) =>
    cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-identity-hard-'));
    stack = await startIdentityStack({ dataDir, publicUrl: 'http://localhost:3998' });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', async () => {
    const front = new URL(stack.config.userPoolEndpoint!);
    const idpPort = Number(stack.config.oauth.domain.split(':')[1]);
    const r = await fetch(`http://127.0.0.1:${front.port}/health`);
    expect(r.status).toBeLessThan(500);
    // Any non-loopback address of this machine is refused.
    const { networkInterfaces } = await import('node:os');
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) {
      await expect(fetch(`http://${lan.address}:${front.port}/health`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
      const net = await import('node:net');
      const refused = await new Promise<boolean>((resolve) => {
        const s = net.connect({ host: lan.address, port: idpPort }, () => {
          s.destroy();
          resolve(false);
        });
        s.on('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    }
    expect(stack.adminSecret).toBeTruthy();
  });

  it('throttles the own login: the 6th attempt on an account is refused with the pt-BR message, even with the right password', async () => {
    const email = 'cliente.novo@portal.local';
    for (let i = 0; i < 5; i++) {
      const r = await passwordSignIn(email, `Errada#${i}x`);
      expect(r.status).toBe(400);
      expect(r.body.__type).toBe('NotAuthorizedException');
    }
    const refused = await passwordSignIn(email, DEMO_PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('TooManyRequestsException');
    expect(refused.body.message).toMatch(/^Muitas tentativas\. Tente novamente em 1[45] minutos\.$/);
    // Another account is not affected.
    expect((await passwordSignIn('cliente@portal.local', DEMO_PASSWORD)).status).toBe(200);
  });

  it('resets the account counter on success', async () => {
    const email = 'cliente@portal.local';
    for (let i = 0; i < 4; i++) expect((await passwordSignIn(email, 'Errada#1x')).status).toBe(400);
    expect((await passwordSignIn(email, DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await passwordSignIn(email, 'Errada#1x')).body.__type).toBe('NotAuthorizedException');
    expect((await passwordSignIn(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('throttles the corporate sign-in form the same way (shared counter), in Portuguese', async () => {
    const email = 'leitura@portal.local';
    for (let i = 0; i < 5; i++) {
      const r = await staffSignIn(stack, email, 'Errada#9x');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.page.text).toContain('E-mail ou senha incorretos.');
    }
    const r = await staffSignIn(stack, email, DEMO_PASSWORD);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.page.status).toBe(429);
      expect(r.page.text).toMatch(/Muitas tentativas\. Tente novamente em 1[45] minutos\./);
      expect(r.page.headers['retry-after']).toMatch(/^\d+$/);
      expect(r.page.headers['x-frame-options']).toBe('DENY');
    }
    // The own login of the same account is refused too (one counter per account).
    expect((await passwordSignIn(email, DEMO_PASSWORD)).body.__type).toBe('TooManyRequestsException');
  });

  it('refuses administration calls without the local admin secret, and serves them with it', async () => {
    const poolId = stack.config.userPoolId;
    for (const op of ['AdminGetUser', 'AdminCreateUser', 'AdminSetUserPassword', 'ListUsers', 'CreateUserPool', 'DescribeUserPool']) {
      expect(requiresAdminSecret(op)).toBe(true);
      const r = await cognito(op, { UserPoolId: poolId, Username: 'admin@portal.local' });
      expect(r.status, op).toBe(403);
      expect(r.body.__type).toBe('UnrecognizedClientException');
      const wrong = await cognito(op, { UserPoolId: poolId, Username: 'admin@portal.local' }, { [ADMIN_SECRET_HEADER]: 'x'.repeat(43) });
      expect(wrong.status, op).toBe(403);
    }
    const ok = await cognito('AdminGetUser', { UserPoolId: poolId, Username: 'admin@portal.local' }, { [ADMIN_SECRET_HEADER]: stack.adminSecret! });
    expect(ok.status).toBe(200);
    expect(ok.body.Username).toBe('admin@portal.local');
    // The app's own operations stay open.
    expect(requiresAdminSecret('InitiateAuth')).toBe(false);
    expect(requiresAdminSecret('GetTokensFromRefreshToken')).toBe(false);
    // The portal's server administers the pool in-process, without the secret.
    const inProcess = await stack.emulator!.call<{ Username: string }>('AdminGetUser', { UserPoolId: poolId, Username: 'admin@portal.local' });
    expect(inProcess.Username).toBe('admin@portal.local');
  });

  it('keeps the generated admin secret private in the data directory and reuses it', () => {
    const file = path.join(dataDir, 'cognito', 'admin-secret');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(ensureAdminSecret(dataDir)).toBe(stack.adminSecret);
    expect(ensureAdminSecret(dataDir, 'from-the-environment')).toBe('from-the-environment');
  });

  it('does not accept development-key tokens when a real Cognito is configured', async () => {
    const r = await passwordSignIn('cliente@portal.local', DEMO_PASSWORD);
    const idToken = r.body.AuthenticationResult.IdToken as string;
    // Locally the same token is fine.
    expect((await createTokenVerifier(stack.config)(idToken)).email).toBe('cliente@portal.local');
    // A "real" configuration (no userPoolEndpoint) whose issuer and JWKS happen to be the emulator's.
    const real = { ...stack.config, userPoolEndpoint: undefined };
    const err = await createTokenVerifier(real)(idToken).then(
      () => null,
      (e) => e,
    );
    expect(err).toBeInstanceOf(AuthError);
    expect(err.reason).toBe('signature');
  });

  it('serves the corporate form unframeable and without referrer', async () => {
    const { challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: stack.config.userPoolClientId,
      redirect_uri: stack.config.oauth.redirectSignIn[0],
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
      scope: 'openid',
    });
    const page = await httpsRequest(stack, `https://${stack.config.oauth.domain}/oauth2/authorize?${q}`);
    expect(page.status).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('says which address to use when the sign-in is asked to return to an unregistered one', async () => {
    const { challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: stack.config.userPoolClientId,
      redirect_uri: 'http://127.0.0.1:3998/acessoFederado',
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
      scope: 'openid',
    });
    const page = await httpsRequest(stack, `https://${stack.config.oauth.domain}/oauth2/authorize?${q}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('O endereço usado (http://127.0.0.1:3998) não está autorizado para o login corporativo. Use http://localhost:3998.');
  });
});

describe('no local stack in production', () => {
  it('refuses NODE_ENV=production without Cognito, with a clear Portuguese message', async () => {
    expect(() => refuseLocalStackInProduction({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production.*COGNITO_USER_POOL_ID/s);
    expect(() => refuseLocalStackInProduction({ NODE_ENV: 'development' })).not.toThrow();
    await expect(startIdentity({ NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-created' })).rejects.toThrow(/pilha de identidade local/);
    // With a real Cognito nothing local starts, production or not.
    const real = await startIdentity({
      NODE_ENV: 'production',
      COGNITO_USER_POOL_ID: 'sa-east-1_AbC123',
      COGNITO_CLIENT_ID: 'x',
      COGNITO_DOMAIN: 'login.example',
    });
    expect(real.emulator).toBeUndefined();
  });
});
