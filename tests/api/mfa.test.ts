/**
 * The second factor (issue 35) end to end on the real local identity stack and the API, on each
 * database: a TOTP enrolment recorded with ten recovery codes, a sign-in that asks for the code,
 * a recovery code used once (the second use refused), the policy `mfaObrigatorio` enforced (403
 * 'mfa-obrigatorio' until enrolled), and bad input answered in Portuguese with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { BACKENDS } from './backends';
import { createTestApi, type TestApi } from '../../mocks/test-app';
import { startTestStack, type TestStack } from '../../src/server/identity/test-helpers';
import { createTokenVerifier } from '../../src/server/auth/verify';
import { authenticateWith } from '../../src/server/auth/middleware';
import { localIdentityAdmin } from '../../src/server/site-users/identity-admin';

const PASSWORD = 'Segredo#2026';
const code = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
type Tokens = { IdToken: string; AccessToken: string };

describe.each(BACKENDS)('second factor (%s)', (backend) => {
  let stack: TestStack;
  let api: TestApi;
  beforeAll(async () => {
    stack = await startTestStack();
    api = await createTestApi({
      databaseUrl: backend === 'pglite' ? null : process.env.TEST_DATABASE_URL,
      identityAdmin: localIdentityAdmin(stack.emulator!, stack.config.userPoolId),
      authenticate: authenticateWith(createTokenVerifier(stack.config)),
    });
  });
  afterAll(async () => {
    await api?.close();
    await stack?.dispose();
  });

  const clientId = () => stack.config.userPoolClientId;
  async function newClient(email: string, roles = ['cliente']) {
    await stack.emulator!.call('AdminCreateUser', {
      UserPoolId: stack.config.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:roles', Value: JSON.stringify(roles) },
        { Name: 'custom:obra', Value: '["101"]' },
        { Name: 'custom:empresa', Value: '[]' },
      ],
    });
    await stack.emulator!.call('AdminSetUserPassword', { UserPoolId: stack.config.userPoolId, Username: email, Password: PASSWORD, Permanent: true });
  }
  const passwordSignIn = (email: string, password = PASSWORD) =>
    stack.cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: email, PASSWORD: password } });
  async function signIn(email: string, secret?: string, steps = 1): Promise<Tokens> {
    const first = await passwordSignIn(email);
    if (!first.body.ChallengeName) return first.body.AuthenticationResult;
    expect(first.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const done = await stack.cognito('RespondToAuthChallenge', {
      ClientId: clientId(),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code(secret!, steps) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.AuthenticationResult;
  }
  const call = (path: string, tokens: Tokens | null, init: { method?: string; json?: unknown } = {}) =>
    api.request(path, { as: null, method: init.method, json: init.json, headers: tokens ? { authorization: `Bearer ${tokens.IdToken}` } : {} });

  /** The profile's enrolment: associate, verify with the app's code, prefer TOTP, then the portal records it. */
  async function enrol(tokens: Tokens) {
    const assoc = await stack.cognito('AssociateSoftwareToken', { AccessToken: tokens.AccessToken });
    const secret: string = assoc.body.SecretCode;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await stack.cognito('VerifySoftwareToken', { AccessToken: tokens.AccessToken, UserCode: code(secret) })).body.Status).toBe('SUCCESS');
    expect(
      (await stack.cognito('SetUserMFAPreference', { AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }))
        .status,
    ).toBe(200);
    const recorded = await call('/api/v1/mfa/ativacao', tokens, { method: 'POST' });
    expect(recorded.status).toBe(201);
    const { codigos } = (await recorded.json()) as { codigos: string[] };
    return { secret, codigos };
  }
  const setPolicy = async (value: string[]) => {
    const r = await api.request('/api/v1/configuracoes', { method: 'PUT', json: { mfaObrigatorio: value } });
    expect(r.status, await r.clone().text()).toBe(200);
  };

  it('enrols an authenticator: ten recovery codes once; the next sign-in asks for the code', async () => {
    const email = `mfa1-${backend}@portal.local`;
    await newClient(email);
    const tokens = await signIn(email);
    expect(await (await call('/api/v1/mfa', tokens)).json()).toMatchObject({ disponivel: true, ativo: false, obrigatorio: false, codigosRestantes: 0 });
    // Not yet confirmed at the provider: nothing recorded.
    const early = await call('/api/v1/mfa/ativacao', tokens, { method: 'POST' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/ainda não foi confirmado/);

    const { secret, codigos } = await enrol(tokens);
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // Stored hashed only.
    const stored = await api.db
      .selectFrom('mfa_codigo_recuperacao' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(codigos[0]);

    const state = (await (await call('/api/v1/mfa', tokens)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ disponivel: true, ativo: true, registrado: true, codigosRestantes: 10 });
    const first = await passwordSignIn(email);
    expect(first.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.body.AuthenticationResult).toBeUndefined();
    const again = await signIn(email, secret);
    expect((await call('/api/v1/me', again)).status).toBe(200);
    // New codes replace the old ones.
    const fresh = await call('/api/v1/mfa/codigos', again, { method: 'POST' });
    expect(fresh.status).toBe(201);
    const { codigos: novos } = (await fresh.json()) as { codigos: string[] };
    expect(novos.some((c) => codigos.includes(c))).toBe(false);
  });

  it('a recovery code works once: the factor is turned off, the password signs in; the same code again is refused', async () => {
    const email = `mfa2-${backend}@portal.local`;
    await newClient(email);
    const { codigos } = await enrol(await signIn(email));
    const use = (codigo: string, senha = PASSWORD) => call('/api/v1/mfa/recuperacao', null, { method: 'POST', json: { email, senha, codigo } });

    // A wrong password with a good code: refused, the code stays unused, the factor stays on.
    const wrongPassword = await use(codigos[0], 'Errada#2026');
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toMatchObject({ message: 'E-mail, senha ou código de recuperação incorretos.' });
    expect((await passwordSignIn(email)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const ok = await use(codigos[0].toLowerCase().replace('-', ' '));
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toMatch(/^Código de recuperação aceito/);
    const tokens = await signIn(email); // the password alone
    expect(await (await call('/api/v1/mfa', tokens)).json()).toMatchObject({ ativo: false, registrado: false });

    const twice = await use(codigos[0]);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: 'Este código de recuperação já foi usado. Cada código vale uma vez: use outro da sua lista.' });
  });

  it('the policy: a client of a required kind is refused (403 mfa-obrigatorio) until enrolled; staff are never asked', async () => {
    const email = `mfa3-${backend}@portal.local`;
    const other = `mfa3b-${backend}@portal.local`;
    await newClient(email);
    await newClient(other, ['fornecedor']);
    const tokens = await signIn(email);
    const supplier = await signIn(other);
    expect((await call('/api/v1/preferencias', tokens)).status).toBe(200);
    await setPolicy(['cliente']);
    try {
      for (const path of ['/api/v1/preferencias', '/api/v1/pendencias/contagem', '/api/v1/diarios']) {
        const refused = await call(path, tokens);
        expect(refused.status, path).toBe(403);
        expect(await refused.json()).toMatchObject({
          statusCode: 403,
          codigo: 'mfa-obrigatorio',
          message: expect.stringMatching(/^A verificação em duas etapas é obrigatória/),
        });
      }
      expect((await call('/api/v1/me', tokens)).status).toBe(200);
      expect(await (await call('/api/v1/mfa', tokens)).json()).toMatchObject({ obrigatorio: true, ativo: false });
      // Another kind, and staff, are not named by the policy.
      expect((await call('/api/v1/preferencias', supplier)).status).toBe(200);
      expect((await api.request('/api/v1/obras', { as: 'admin@portal.local' })).status).toBe(200);

      const { secret } = await enrol(tokens);
      expect((await call('/api/v1/preferencias', tokens)).status).toBe(200);
      // Required: it cannot be turned off.
      const off = await call('/api/v1/mfa/ativacao', tokens, { method: 'DELETE' });
      expect(off.status).toBe(409);
      expect(((await off.json()) as { message: string }).message).toBe(
        'A verificação em duas etapas é obrigatória para a sua conta e não pode ser desativada.',
      );
      expect((await passwordSignIn(email)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      // Another kind, and by role.
      await setPolicy(['fornecedor']);
      expect((await call('/api/v1/preferencias', supplier)).status).toBe(403);
      const approver = `mfa3c-${backend}@portal.local`;
      await newClient(approver, ['cliente', 'aprovador']);
      const approverTokens = await signIn(approver);
      expect((await call('/api/v1/preferencias', approverTokens)).status).toBe(200);
      await setPolicy(['papel:aprovador']);
      expect((await call('/api/v1/preferencias', approverTokens)).status).toBe(403);
      expect((await call('/api/v1/preferencias', supplier)).status).toBe(200);
      // Not required any more: the person turns it off; the password alone signs in.
      await setPolicy([]);
      const again = await signIn(email, secret);
      expect((await call('/api/v1/mfa/ativacao', again, { method: 'DELETE' })).status).toBe(200);
      expect((await passwordSignIn(email)).body.AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      await setPolicy([]);
    }
  });

  it('bad input: clear Portuguese answers, nothing changed; wrong recovery attempts are throttled like passwords', async () => {
    const email = `mfa4-${backend}@portal.local`;
    await newClient(email);
    const tokens = await signIn(email);
    const { codigos } = await enrol(tokens);
    const post = (json: unknown) => call('/api/v1/mfa/recuperacao', null, { method: 'POST', json });

    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: { email: ['Informe o e-mail.'], senha: ['Informe a senha.'], codigo: [expect.stringMatching(/^Informe um código de recuperação/)] },
    });
    // Staff have no recovery codes: the same answer as a wrong password.
    expect((await post({ email: 'admin@portal.local', senha: 'Demo#2026', codigo: codigos[0] })).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      const wrong = await post({ email, senha: PASSWORD, codigo: 'AAAAA-AAAAA' });
      expect(wrong.status).toBe(401);
    }
    const blocked = await post({ email, senha: PASSWORD, codigo: codigos[1] });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    // Nothing changed: the factor is on, every code unused.
    expect(await (await call('/api/v1/mfa', tokens)).json()).toMatchObject({ ativo: true, codigosRestantes: 10 });
    // The enrolment routes refuse staff, in Portuguese.
    const staff = await api.request('/api/v1/mfa/codigos', { method: 'POST', as: 'admin@portal.local' });
    expect(staff.status).toBe(409);
    expect(((await staff.json()) as { message: string }).message).toMatch(/conta corporativa/);
  });
});
