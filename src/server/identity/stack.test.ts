import { decodeJwt } from 'jose';
import { startIdentityStack } from './start';
import { identityConfigFromEnv, IdentityConfigError, validateUserPoolId } from '../auth/identity-config';
import { DEMO_PASSWORD } from './seed';
import { httpsRequest, pkcePair, staffSignIn, startTestStack, type TestStack } from './test-helpers';
import { passwordPolicyViolation } from './password-policy';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.dispose();
});

const signIn = (USERNAME: string, PASSWORD: string) =>
  stack.cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.config.userPoolClientId,
    AuthParameters: { USERNAME, PASSWORD },
  });

describe('local identity stack', () => {
  it('is idempotent: a second start on the same data keeps pool and client', async () => {
    const again = await startIdentityStack({ dataDir: stack.dataDir, publicUrl: 'http://localhost:3999' });
    try {
      expect(again.config.userPoolId).toBe(stack.config.userPoolId);
      expect(again.config.userPoolClientId).toBe(stack.config.userPoolClientId);
    } finally {
      await again.stop();
    }
  });

  it('exposes the config shape', () => {
    const c = stack.config;
    expect(c.userPoolId).toMatch(/^[\w-]+_[0-9a-zA-Z]+$/);
    expect(c.userPoolEndpoint).toMatch(/^http:\/\/localhost:\d+$/);
    expect(c.oauth.domain).toMatch(/^localhost:\d+$/);
    expect(c.issuer).toBe(`${c.userPoolEndpoint}/${c.userPoolId}`);
    expect(c.jwksUri).toBe(`${c.issuer}/.well-known/jwks.json`);
  });

  it('front: Cognito messages for wrong password, unknown user, staff on the own login', async () => {
    for (const [u, p] of [
      ['cliente@portal.local', 'errada'],
      ['ninguem@portal.local', DEMO_PASSWORD],
      ['admin@portal.local', DEMO_PASSWORD],
      ['cliente.novo@portal.local', 'Outra#2026'],
    ]) {
      const r = await signIn(u, p);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  });

  it('front: temporary password → NEW_PASSWORD_REQUIRED', async () => {
    const r = await signIn('cliente.novo@portal.local', DEMO_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('front: GetTokensFromRefreshToken, and revoked/expired refresh tokens', async () => {
    const { body } = await signIn('cliente@portal.local', DEMO_PASSWORD);
    const rt = body.AuthenticationResult.RefreshToken;
    const r = await stack.cognito('GetTokensFromRefreshToken', { ClientId: stack.config.userPoolClientId, RefreshToken: rt });
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.AuthenticationResult.IdToken)['custom:obra']).toBe('["101"]');
    expect(r.body.AuthenticationResult.TokenType).toBe('Bearer');
    const rev = await stack.cognito('RevokeToken', { ClientId: stack.config.userPoolClientId, Token: rt });
    expect(rev.status).toBe(200);
    const after = await stack.cognito('GetTokensFromRefreshToken', { ClientId: stack.config.userPoolClientId, RefreshToken: rt });
    expect(after.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('front: GlobalSignOut revokes every refresh token; device operations answer as without device tracking', async () => {
    const a = (await signIn('cliente@portal.local', DEMO_PASSWORD)).body.AuthenticationResult;
    const b = (await signIn('cliente@portal.local', DEMO_PASSWORD)).body.AuthenticationResult;
    const devices = await stack.cognito('ListDevices', { AccessToken: a.AccessToken });
    expect(devices.status).toBe(400);
    expect(devices.body.__type).toBe('InvalidParameterException');
    expect((await stack.cognito('GlobalSignOut', { AccessToken: a.AccessToken })).status).toBe(200);
    const r = await stack.cognito('GetTokensFromRefreshToken', {
      ClientId: stack.config.userPoolClientId,
      RefreshToken: b.RefreshToken,
    });
    expect(r.body.message).toBe('Refresh Token has been revoked');
  });

  it('front: the password policy applies to new passwords', async () => {
    const { body } = await signIn('cliente@portal.local', DEMO_PASSWORD);
    const r = await stack.cognito('ChangePassword', {
      AccessToken: body.AuthenticationResult.AccessToken,
      PreviousPassword: DEMO_PASSWORD,
      ProposedPassword: 'semmaiusculas1!',
    });
    expect(r.body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
  });
});

describe('hosted sign-in stand-in (HTTPS)', () => {
  const base = () => `https://${stack.config.oauth.domain}`;
  const authorizeQuery = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: stack.config.userPoolClientId,
      redirect_uri: stack.config.oauth.redirectSignIn[0],
      response_type: 'code',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 'abc',
      scope: 'email profile openid',
      ...over,
    }).toString();

  it('shows the Portuguese sign-in page', async () => {
    const r = await httpsRequest(stack, `${base()}/oauth2/authorize?${authorizeQuery()}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('Entrar com a conta corporativa');
    expect(r.text).toContain('lang="pt-BR"');
  });

  it('validates client_id, redirect_uri, response_type, PKCE and state', async () => {
    const cases: Record<string, string>[] = [
      { client_id: 'nope' },
      { redirect_uri: 'https://evil.example/cb' },
      { response_type: 'token' },
      { code_challenge_method: 'plain' },
      { code_challenge: '' },
      { state: '' },
    ];
    for (const over of cases) {
      const r = await httpsRequest(stack, `${base()}/oauth2/authorize?${authorizeQuery(over)}`);
      expect(r.status, JSON.stringify(over)).toBe(400);
    }
  });

  it('code flow for staff: code → emulator tokens; the code is single-use; verifier checked', async () => {
    const r = await staffSignIn(stack, 'admin@portal.local', DEMO_PASSWORD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.location.origin + r.location.pathname).toBe(stack.config.oauth.redirectSignIn[0]);
    expect(r.location.searchParams.get('state')).toBe(r.state);
    expect(r.status).toBe(200);
    const id = decodeJwt(r.tokens.id_token);
    expect(id.iss).toBe(stack.config.issuer);
    expect(id['cognito:groups']).toEqual([`${stack.config.userPoolId}_Corporativo`]);
    expect(decodeJwt(r.tokens.access_token).username).toBe('admin@portal.local');

    const reuse = await httpsRequest(stack, `${base()}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: r.code,
        client_id: stack.config.userPoolClientId,
        redirect_uri: r.redirectUri,
        code_verifier: r.verifier,
      }).toString(),
    });
    expect(reuse.status).toBe(400);
    expect(JSON.parse(reuse.text).error).toBe('invalid_grant');

    // refresh grant
    const ref = await httpsRequest(stack, `${base()}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: r.tokens.refresh_token,
        client_id: stack.config.userPoolClientId,
      }).toString(),
    });
    expect(ref.status).toBe(200);
    expect(decodeJwt(JSON.parse(ref.text).id_token).email).toBe('admin@portal.local');

    // userInfo
    const info = await httpsRequest(stack, `${base()}/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${r.tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.text)).toMatchObject({ email: 'admin@portal.local', 'custom:roles': '["acesso_total","admin_rdo"]' });
  });

  it('rejects a wrong code_verifier', async () => {
    const { challenge } = pkcePair();
    const form = new URLSearchParams(authorizeQuery({ code_challenge: challenge }));
    form.set('username', 'leitura@portal.local');
    form.set('password', DEMO_PASSWORD);
    const post = await httpsRequest(stack, `${base()}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(post.status).toBe(302);
    const code = new URL(String(post.headers.location)).searchParams.get('code')!;
    const t = await httpsRequest(stack, `${base()}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: stack.config.userPoolClientId,
        redirect_uri: stack.config.oauth.redirectSignIn[0],
        code_verifier: pkcePair().verifier,
      }).toString(),
    });
    expect(t.status).toBe(400);
    expect(JSON.parse(t.text).error_description).toMatch(/code_verifier/);
  });

  it('refuses client accounts and wrong passwords with a Portuguese message', async () => {
    const client = await staffSignIn(stack, 'cliente@portal.local', DEMO_PASSWORD);
    expect(client.ok).toBe(false);
    if (!client.ok) expect(client.page.text).toContain('não é uma conta corporativa');
    const wrong = await staffSignIn(stack, 'sm@portal.local', 'errada');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.page.text).toContain('E-mail ou senha incorretos.');
  });

  it('CORS on the token endpoint and /logout redirect', async () => {
    const pre = await httpsRequest(stack, `${base()}/oauth2/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3999',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-user-agent',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:3999');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('x-amz-user-agent');

    const out = await httpsRequest(
      stack,
      `${base()}/logout?client_id=${stack.config.userPoolClientId}&logout_uri=${encodeURIComponent(stack.config.oauth.redirectSignOut[0])}`,
    );
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe('http://localhost:3999/login');
    const evil = await httpsRequest(stack, `${base()}/logout?client_id=${stack.config.userPoolClientId}&logout_uri=https%3A%2F%2Fevil.example`);
    expect(evil.status).toBe(400);
  });
});

describe('production configuration', () => {
  it('reads the real pool from the environment', () => {
    const c = identityConfigFromEnv({
      COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123',
      COGNITO_CLIENT_ID: 'client123',
      COGNITO_DOMAIN: 'https://portal.auth.eu-west-1.amazoncognito.com/',
      PUBLIC_URL: 'https://portal.example.pt',
    } as NodeJS.ProcessEnv)!;
    expect(c).toMatchObject({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: 'client123',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123',
      oauth: {
        domain: 'portal.auth.eu-west-1.amazoncognito.com',
        redirectSignIn: ['https://portal.example.pt/acessoFederado'],
        redirectSignOut: ['https://portal.example.pt/login'],
      },
    });
    expect(c.userPoolEndpoint).toBeUndefined();
    expect(identityConfigFromEnv({} as NodeJS.ProcessEnv)).toBeNull();
  });

  it('takes another user-pool endpoint (COGNITO_ENDPOINT): tokens issued and keys served there', () => {
    const c = identityConfigFromEnv({
      COGNITO_USER_POOL_ID: 'local_AbC123',
      COGNITO_CLIENT_ID: 'client123',
      COGNITO_DOMAIN: 'localhost:9230',
      COGNITO_ENDPOINT: 'http://localhost:9229/',
    } as NodeJS.ProcessEnv)!;
    expect(c).toMatchObject({
      userPoolEndpoint: 'http://localhost:9229',
      issuer: 'http://localhost:9229/local_AbC123',
      jwksUri: 'http://localhost:9229/local_AbC123/.well-known/jwks.json',
    });
  });

  it('validates the user pool id (pattern and 55 characters)', () => {
    expect(() => validateUserPoolId('eu-west-1_' + 'a'.repeat(46))).toThrow(IdentityConfigError);
    expect(() => validateUserPoolId('semunderscore')).toThrow(/pattern/);
    expect(() => validateUserPoolId('eu-west-1_abc!')).toThrow(/pattern/);
    expect(validateUserPoolId('eu-west-1_' + 'a'.repeat(45))).toHaveLength(55);
    expect(() => identityConfigFromEnv({ COGNITO_USER_POOL_ID: 'bad', COGNITO_CLIENT_ID: 'c', COGNITO_DOMAIN: 'd' } as NodeJS.ProcessEnv)).toThrow(
      IdentityConfigError,
    );
    expect(() => identityConfigFromEnv({ COGNITO_USER_POOL_ID: 'eu-west-1_a' } as NodeJS.ProcessEnv)).toThrow(/missing/);
  });

  it('password policy', () => {
    expect(passwordPolicyViolation('Demo#2026')).toBeNull();
    expect(passwordPolicyViolation('De#1')).toMatch(/long/);
    expect(passwordPolicyViolation('DEMO#2026')).toMatch(/lowercase/);
    expect(passwordPolicyViolation('Demo2026x')).toMatch(/symbol/);
  });
});
