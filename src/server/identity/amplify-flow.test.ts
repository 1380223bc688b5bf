/**
 * Real Amplify 6 (`aws-amplify/auth`) against the real local identity stack, in Node.
 * Also drives the app's Refine authProvider (src/app/auth) with the same Amplify instance.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchDevices,
  fetchUserAttributes,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack } from './test-helpers';
import { DEMO_PASSWORD } from './seed';
import { createTokenVerifier } from '../auth/verify';
import { publicRuntimeConfig } from '../auth/config-route';
import { configureAmplify } from '../../app/auth/amplify';
import { createAuthProvider } from '../../app/auth/auth-provider';

class MemoryStorage {
  data = new Map<string, string>();
  async setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  async getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  async removeItem(k: string) {
    this.data.delete(k);
  }
  async clear() {
    this.data.clear();
  }
}

let stack: TestStack;
const storage = new MemoryStorage();
const flow = { options: { authFlowType: 'USER_PASSWORD_AUTH' as const } };

beforeAll(async () => {
  stack = await startTestStack();
  // The app's own configuration path (what the browser does with /api/v1/config).
  configureAmplify(publicRuntimeConfig(stack.config, '3.5.1') as never);
  // Amplify.configure resets the token storage: set the in-memory one afterwards.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(stack.config.userPoolEndpoint);
});
afterAll(async () => {
  await signOut().catch(() => undefined);
  await stack?.dispose();
});
afterEach(async () => {
  await signOut().catch(() => undefined);
});

describe('Amplify against the local stack', () => {
  it('client sign-in: tokens with the custom attributes, accepted by the API verifier', async () => {
    const out = await signIn({ username: 'cliente@portal.local', password: DEMO_PASSWORD, ...flow });
    expect(out.isSignedIn).toBe(true);
    const session = await fetchAuthSession();
    const id = session.tokens!.idToken!;
    expect(id.payload['custom:roles']).toBe('["cliente","projetista","aprovador","representante_cliente"]');
    const user = await createTokenVerifier(stack.config)(id.toString());
    expect(user.roles).toEqual(['cliente', 'projetista', 'aprovador', 'representante_cliente']);
    const attrs = await fetchUserAttributes();
    expect(attrs.email).toBe('cliente@portal.local');
    // The local pool has no device tracking: Cognito's answer, which the app shows as a device-configuration error.
    const devices = await fetchDevices().catch((e) => e);
    expect(devices?.name).toBe('InvalidParameterException');
  });

  it('wrong password: NotAuthorizedException "Incorrect username or password."', async () => {
    const err = await signIn({ username: 'cliente@portal.local', password: 'Errada#2026', ...flow }).catch((e) => e);
    expect(err.name).toBe('NotAuthorizedException');
    expect(err.message).toBe('Incorrect username or password.');
  });

  it('forced token refresh goes through the front (GetTokensFromRefreshToken)', async () => {
    await signIn({ username: 'cliente@portal.local', password: DEMO_PASSWORD, ...flow });
    const before = await fetchAuthSession();
    await new Promise((r) => setTimeout(r, 1100)); // iat has 1 s resolution
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens!.idToken!.toString()).not.toBe(before.tokens!.idToken!.toString());
    expect(after.tokens!.idToken!.payload.iat!).toBeGreaterThan(before.tokens!.idToken!.payload.iat!);
    expect(after.tokens!.idToken!.payload['custom:obra']).toBe('["101"]');
  });

  it('first login: new-password challenge (policy enforced) → signed in; change password; sign-out', async () => {
    const first = await signIn({ username: 'cliente.novo@portal.local', password: DEMO_PASSWORD, ...flow });
    expect(first.isSignedIn).toBe(false);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const weak = await confirmSignIn({ challengeResponse: 'fraca' }).catch((e) => e);
    expect(weak.name).toBe('InvalidPasswordException');
    // Amplify keeps the challenge: sign in again for a fresh session
    await signIn({ username: 'cliente.novo@portal.local', password: DEMO_PASSWORD, ...flow });
    const done = await confirmSignIn({ challengeResponse: 'Nova#2026x' });
    expect(done.isSignedIn).toBe(true);
    const id = (await fetchAuthSession()).tokens!.idToken!;
    expect(id.payload.email).toBe('cliente.novo@portal.local');

    await updatePassword({ oldPassword: 'Nova#2026x', newPassword: 'Outra#2026y' });
    await signOut();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    const again = await signIn({ username: 'cliente.novo@portal.local', password: 'Outra#2026y', ...flow });
    expect(again.isSignedIn).toBe(true);
  });

  it('forgot password: code sent, confirmed with a new password', async () => {
    const out = await resetPassword({ username: 'cliente@portal.local' });
    expect(out.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    const code = stack.emulator!.lastCode('cliente@portal.local');
    expect(code).toMatch(/^\d+$/);
    await confirmResetPassword({ username: 'cliente@portal.local', confirmationCode: code!, newPassword: 'Reposta#2026' });
    expect((await signIn({ username: 'cliente@portal.local', password: 'Reposta#2026', ...flow })).isSignedIn).toBe(true);
    await signOut();
    // restore the demo password for the other tests
    await resetPassword({ username: 'cliente@portal.local' });
    await confirmResetPassword({
      username: 'cliente@portal.local',
      confirmationCode: stack.emulator!.lastCode('cliente@portal.local')!,
      newPassword: DEMO_PASSWORD,
    });
  });

  it('attributes update (custom attribute) reaches the next token', async () => {
    await signIn({ username: 'cliente@portal.local', password: DEMO_PASSWORD, ...flow });
    await updateUserAttributes({ userAttributes: { name: 'Cliente Renomeado' } });
    const t = await fetchAuthSession({ forceRefresh: true });
    expect(t.tokens!.idToken!.payload.name).toBe('Cliente Renomeado');
  });

  it('global sign-out revokes the refresh token', async () => {
    await signIn({ username: 'cliente@portal.local', password: DEMO_PASSWORD, ...flow });
    const refresh = JSON.stringify([...storage.data.entries()].filter(([k]) => k.endsWith('refreshToken')));
    expect(refresh).toContain('refreshToken');
    await signOut({ global: true });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    const rt = JSON.parse(refresh)[0][1];
    const r = await stack.cognito('GetTokensFromRefreshToken', { ClientId: stack.config.userPoolClientId, RefreshToken: rt });
    expect(r.body.message).toBe('Refresh Token has been revoked');
  });
});

describe('the app authProvider with real Amplify', () => {
  const navigations: string[] = [];
  const provider = () =>
    createAuthProvider({
      ready: async () => undefined,
      navigate: (to) => navigations.push(to),
      fetchImpl: (async () => new Response('{}', { status: 404 })) as typeof fetch,
    });

  it('login with e-mail and senha; identity from the ID token; logout', async () => {
    const p = provider();
    expect(await p.check()).toMatchObject({ authenticated: false });
    const r = await p.login({ email: 'cliente@portal.local', password: DEMO_PASSWORD });
    expect(r).toMatchObject({ success: true });
    expect(await p.check()).toEqual({ authenticated: true });
    expect(await p.getIdentity()).toMatchObject({ email: 'cliente@portal.local', tipo: 'cliente', obra: ['101'] });
    const token = await p.idToken();
    expect(decodeJwt(token!).token_use).toBe('id');
    expect(await p.logout({})).toMatchObject({ success: true, redirectTo: '/login' });
    expect(await p.check()).toMatchObject({ authenticated: false });
  });

  it('wrong password and empty fields give Portuguese errors', async () => {
    const p = provider();
    const wrong = await p.login({ email: 'cliente@portal.local', password: 'x' });
    expect(wrong.success).toBe(false);
    expect((wrong as { error: Error }).error.message).toBe('E-mail ou senha incorretos.');
    const empty = await p.login({ email: '', password: 'x' });
    expect((empty as { error: Error }).error.message).toBe('Informe o e-mail.');
    const noPass = await p.login({ email: 'a@b.pt', password: '' });
    expect((noPass as { error: Error }).error.message).toBe('Informe a senha.');
  });

  it('staff cannot use the own login', async () => {
    const r = await provider().login({ email: 'sm@portal.local', password: DEMO_PASSWORD });
    expect(r.success).toBe(false);
  });
});
