/**
 * One sign-in, one session across renewals (issue 35): the local stack's ID and access tokens carry
 * `origin_jti` and `auth_time` as Cognito's do, a renewal keeps both (own login, the corporate
 * sign-in's refresh grant, a sign-in finished by a challenge), another sign-in gets its own, and the
 * tokens still verify; the API's session key (`sessionKeyOf`) is then the same across a renewal.
 */
import { decodeJwt } from 'jose';
import { DEMO_PASSWORD } from './seed';
import { httpsRequest, staffSignIn, startTestStack, type TestStack } from './test-helpers';
import { createTokenVerifier } from '../auth/verify';
import { sessionKeyOf } from '../audit/access-tracking';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.dispose();
});

type Result = { IdToken: string; AccessToken: string; RefreshToken?: string };

async function ownSignIn(email: string): Promise<Result> {
  const r = await stack.cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.config.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.AuthenticationResult;
}

const renew = async (refreshToken: string): Promise<Result> => {
  const r = await stack.cognito('GetTokensFromRefreshToken', { ClientId: stack.config.userPoolClientId, RefreshToken: refreshToken });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.AuthenticationResult;
};

const claims = (token: string) => {
  const c = decodeJwt(token);
  return { origin_jti: c.origin_jti, auth_time: c.auth_time, jti: c.jti, iat: c.iat };
};
const second = () => new Promise((r) => setTimeout(r, 1100));

describe('the local stack keeps a sign-in across renewals', () => {
  it('own login: the renewed tokens keep origin_jti and auth_time, new ones otherwise; they verify; the API sees one session', async () => {
    const first = await ownSignIn('cliente@portal.local');
    const id = claims(first.IdToken);
    expect(id.origin_jti).toEqual(expect.any(String));
    expect(id.auth_time).toEqual(expect.any(Number));
    expect(claims(first.AccessToken)).toMatchObject({ origin_jti: id.origin_jti, auth_time: id.auth_time });

    await second();
    for (const renewed of [
      await renew(first.RefreshToken!),
      (
        await stack.cognito('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: stack.config.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: first.RefreshToken },
        })
      ).body.AuthenticationResult as Result,
    ]) {
      const again = claims(renewed.IdToken);
      expect(again).toMatchObject({ origin_jti: id.origin_jti, auth_time: id.auth_time });
      expect(again.jti).not.toBe(id.jti);
      expect(again.iat).toBeGreaterThan(id.iat!);
      expect(claims(renewed.AccessToken)).toMatchObject({ origin_jti: id.origin_jti, auth_time: id.auth_time });
      expect(sessionKeyOf(renewed.IdToken)).toBe(sessionKeyOf(first.IdToken));
      expect((await createTokenVerifier(stack.config)(renewed.IdToken)).email).toBe('cliente@portal.local');
    }
    // The access token still opens the emulator's own calls.
    const me = await stack.cognito('GetUser', { AccessToken: (await renew(first.RefreshToken!)).AccessToken });
    expect(me.status).toBe(200);

    // Another sign-in (another device) is another session.
    const other = await ownSignIn('cliente@portal.local');
    expect(claims(other.IdToken).origin_jti).not.toBe(id.origin_jti);
    expect(sessionKeyOf(other.IdToken)).not.toBe(sessionKeyOf(first.IdToken));
  });

  it('corporate sign-in: the refresh grant keeps the session', async () => {
    const r = await staffSignIn(stack, 'sm@portal.local', DEMO_PASSWORD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const id = claims(r.tokens.id_token);
    expect(id.origin_jti).toEqual(expect.any(String));
    await second();
    const ref = await httpsRequest(stack, `https://${stack.config.oauth.domain}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: r.tokens.refresh_token, client_id: stack.config.userPoolClientId }).toString(),
    });
    expect(ref.status).toBe(200);
    expect(claims(JSON.parse(ref.text).id_token)).toMatchObject({ origin_jti: id.origin_jti, auth_time: id.auth_time });
  });

  it('a sign-in finished by a challenge (new password) renews too, as the same session', async () => {
    const start = await stack.cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.config.userPoolClientId,
      AuthParameters: { USERNAME: 'cliente.novo@portal.local', PASSWORD: DEMO_PASSWORD },
    });
    expect(start.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await stack.cognito('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: stack.config.userPoolClientId,
      Session: start.body.Session,
      ChallengeResponses: { USERNAME: 'cliente.novo@portal.local', NEW_PASSWORD: 'Nova#Senha2026' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const tokens = done.body.AuthenticationResult as Result;
    const renewed = await renew(tokens.RefreshToken!);
    expect(claims(renewed.IdToken).origin_jti).toBe(claims(tokens.IdToken).origin_jti);
  });
});
