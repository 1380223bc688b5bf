import { SignJWT, generateKeyPair, decodeJwt } from 'jose';
import { Hono } from 'hono';
import { startTestStack, staffSignIn, type TestStack } from '../identity/test-helpers';
import { DEMO_PASSWORD } from '../identity/seed';
import { CNPJ } from '../seed/demo-empresas';
import { AuthError, COMPANY, STAFF_TIPO, createTokenVerifier, userFromClaims, type TokenVerifier } from './verify';
import { configRoute } from './config-route';
import { authenticateWith } from './middleware';

let stack: TestStack;
let verify: TokenVerifier;

async function clientTokens(email = 'cliente@portal.local', password = DEMO_PASSWORD) {
  const r = await stack.cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.config.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(r.status).toBe(200);
  return r.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
}

async function expectAuthError(p: Promise<unknown>, reason?: string) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(AuthError);
  expect(err.statusCode).toBe(401);
  expect(err.body).toEqual({ message: 'Sessão inválida ou expirada. Entre novamente.', statusCode: 401 });
  if (reason) expect(err.reason).toBe(reason);
}

beforeAll(async () => {
  stack = await startTestStack();
  verify = createTokenVerifier(stack.config);
});
afterAll(async () => {
  await stack?.dispose();
});

describe('createTokenVerifier against the local stack', () => {
  it('turns a client ID token into the PortalUser (custom attributes)', async () => {
    const { IdToken } = await clientTokens();
    const user = await verify(IdToken);
    expect(user).toMatchObject({
      username: 'cliente@portal.local',
      email: 'cliente@portal.local',
      name: 'Cliente Demonstração',
      empresa: [CNPJ.clienteDemo],
      obra: ['101'],
      roles: ['cliente', 'projetista', 'aprovador', 'representante_cliente'],
      tipo: 'cliente',
      email_verified: true,
    });
    expect(user.id_user).toBe(decodeJwt(IdToken).sub);
  });

  it('builds a staff user from the federated token (company fixed, id from sub)', async () => {
    const r = await staffSignIn(stack, 'sm@portal.local', DEMO_PASSWORD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const user = await verify(r.tokens.id_token);
    expect(user).toMatchObject({
      email: 'sm@portal.local',
      empresa: [COMPANY],
      obra: ['101', '102'],
      roles: ['site_manager', 'rdo_by_obra', 'materiais'],
      tipo: STAFF_TIPO,
      id_user: decodeJwt(r.tokens.id_token).sub,
    });
  });

  it('rejects a missing token', async () => {
    await expectAuthError(verify(undefined), 'missing');
    await expectAuthError(verify(''), 'missing');
    await expectAuthError(verify('abc'), 'malformed');
  });

  it('rejects an expired token (real signature, verifier clock 2 h later)', async () => {
    const { IdToken } = await clientTokens();
    const later = createTokenVerifier(stack.config, { now: () => new Date(Date.now() + 2 * 3600_000) });
    await expectAuthError(later(IdToken), 'expired');
  });

  it('rejects an expired token signed with a foreign key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ token_use: 'id', email: 'x@portal.local' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(stack.config.issuer)
      .setAudience(stack.config.userPoolClientId)
      .setSubject('x')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(privateKey);
    await expectAuthError(verify(token));
  });

  it('rejects a token of another issuer', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ token_use: 'id', email: 'x@portal.local', 'custom:roles': '["acesso_total"]' })
      .setProtectedHeader({ alg: 'RS256', kid: 'other' })
      .setIssuer('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other')
      .setAudience(stack.config.userPoolClientId)
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expectAuthError(verify(token));
    // The real emulator token checked against another expected issuer/audience also fails.
    const { IdToken } = await clientTokens();
    await expectAuthError(createTokenVerifier({ ...stack.config, issuer: 'http://elsewhere/x_1' })(IdToken), 'issuer');
    await expectAuthError(createTokenVerifier({ ...stack.config, userPoolClientId: 'other' })(IdToken), 'audience');
  });

  it('rejects a tampered token (payload changed, signature kept)', async () => {
    const { IdToken } = await clientTokens();
    const [h, p, s] = IdToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    claims['custom:roles'] = '["acesso_total"]';
    const forged = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    await expectAuthError(verify(forged), 'signature');
  });

  it('rejects an access token (the API takes ID tokens)', async () => {
    const { AccessToken } = await clientTokens();
    await expectAuthError(verify(AccessToken));
  });
});

describe('userFromClaims', () => {
  it('treats malformed attributes as empty and tolerates comma lists', () => {
    const u = userFromClaims(
      {
        sub: 's1',
        email: 'A@B.pt',
        'custom:roles': '[broken',
        'custom:obra': '101, 102',
        'custom:empresa': 42 as never,
        'custom:specific_rules': '{nope',
      },
      { userPoolId: 'local_x' },
    );
    expect(u).toMatchObject({ email: 'a@b.pt', roles: [], obra: ['101', '102'], empresa: [], tipo: 'cliente' });
    expect(u.specific_rules).toBeUndefined();
  });

  it('recognises real Cognito federated tokens by the identities claim', () => {
    const u = userFromClaims(
      { sub: 's2', email: 'x@pe.pt', identities: [{ providerName: 'Corporativo' }] as never, 'custom:roles': '["sgi"]' },
      { userPoolId: 'eu-west-1_abc' },
    );
    expect(u).toMatchObject({ empresa: [COMPANY], roles: ['sgi'], tipo: STAFF_TIPO, id_user: 's2' });
  });
});

describe('HTTP wiring', () => {
  it('serves the public runtime config', async () => {
    const app = new Hono().route('/api/v1/config', configRoute(stack.config, '3.5.1'));
    const res = await app.request('/api/v1/config');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      region: 'local',
      userPoolId: stack.config.userPoolId,
      userPoolClientId: stack.config.userPoolClientId,
      userPoolEndpoint: stack.config.userPoolEndpoint,
      oauth: {
        domain: stack.config.oauth.domain,
        scopes: ['email', 'profile', 'openid'],
        redirectSignIn: ['http://localhost:3999/acessoFederado'],
        redirectSignOut: ['http://localhost:3999/login'],
        responseType: 'code',
      },
      version: '3.5.1',
    });
    expect(typeof body.helpUrl).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/issuer|jwks/);
  });

  it('authenticates the bearer token, and the file-path cookie only for file downloads', async () => {
    const auth = authenticateWith(verify);
    const app = new Hono();
    app.get('*', async (c) => {
      const user = await auth(c).catch(() => 'erro');
      return c.json({ user: typeof user === 'string' ? user : (user?.email ?? null) });
    });
    const who = async (path: string, headers: Record<string, string> = {}) => (await (await app.request(path, { headers })).json()).user;
    const { IdToken } = await clientTokens();
    expect(await who('/api/v1/obras')).toBeNull();
    expect(await who('/api/v1/obras', { authorization: 'Bearer x.y.z' })).toBe('erro');
    expect(await who('/api/v1/obras', { authorization: `Bearer ${IdToken}` })).toBe('cliente@portal.local');
    expect(await who('/api/v1/arquivos/2026-11/a/foto.png', { cookie: `portal_id=${IdToken}` })).toBe('cliente@portal.local');
    expect(await who('/api/v1/obras', { cookie: `portal_id=${IdToken}` })).toBeNull();
  });
});
