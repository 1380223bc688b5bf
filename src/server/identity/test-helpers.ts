/** Helpers for tests that run against the real local identity stack (test-only code). */
import https from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, createHash } from 'node:crypto';
import { startIdentityStack, type IdentityStack } from './start';

export interface TestStack extends IdentityStack {
  dataDir: string;
  /** Calls an operation on the user-pool endpoint (the front), like Amplify does. */
  cognito<T = any>(target: string, body: Record<string, unknown>): Promise<{ status: number; body: T }>;
  dispose(): Promise<void>;
}

export async function startTestStack(publicUrl = 'http://localhost:3999'): Promise<TestStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-identity-'));
  const stack = await startIdentityStack({ dataDir, publicUrl });
  return {
    ...stack,
    dataDir,
    async cognito(target, body) {
      const r = await fetch(stack.config.userPoolEndpoint + '/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as any };
    },
    async dispose() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpsResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** HTTPS request trusting the stack's self-signed certificate. */
export function httpsRequest(
  stack: IdentityStack,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca: stack.tls?.cert }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** Runs the staff code flow at the hosted sign-in stand-in; returns the token response. */
export async function staffSignIn(stack: IdentityStack, email: string, password: string) {
  const { config } = stack;
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const redirectUri = config.oauth.redirectSignIn[0];
  const params = new URLSearchParams({
    client_id: config.userPoolClientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: config.oauth.scopes.join(' '),
    identity_provider: 'Corporativo',
  });
  const base = `https://${config.oauth.domain}`;
  const form = new URLSearchParams(params);
  form.set('username', email);
  form.set('password', password);
  const post = await httpsRequest(stack, `${base}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (post.status !== 302) return { ok: false as const, page: post };
  const location = new URL(String(post.headers.location));
  const code = location.searchParams.get('code')!;
  const tokenRes = await httpsRequest(stack, `${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: config.userPoolClientId,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  return {
    ok: true as const,
    location,
    state,
    code,
    verifier,
    redirectUri,
    status: tokenRes.status,
    tokens: JSON.parse(tokenRes.text) as { id_token: string; access_token: string; refresh_token: string; error?: string },
  };
}
