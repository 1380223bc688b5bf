/**
 * Offline start (issue 26): a network failure keeps the stored session; a refusal still signs out.
 */
import { checkVersionAndSession, isNetworkFailure, readSession, saveSession, sessionStore, STORAGE_KEYS } from './session';
import { createAuthProvider } from './auth-provider';
import { ensureAmplify, resetAmplifyConfigForTests, runtimeConfig } from './amplify';

const quiet = { info: vi.fn(), warn: vi.fn() };
const networkError = () => Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });

beforeEach(() => {
  localStorage.clear();
  sessionStore.user = null;
  sessionStore.expiraEm = null;
  resetAmplifyConfigForTests();
});

describe('network failure vs refusal', () => {
  it('tells a request without an answer from a refused session', () => {
    expect(isNetworkFailure(networkError())).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkFailure({ name: 'NotAuthorizedException', message: 'Refresh Token has expired' })).toBe(false);
    expect(isNetworkFailure({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' })).toBe(false);
    // Offline, any failure is one (no server could have refused)…
    expect(isNetworkFailure(new Error('whatever'), false)).toBe(true);
    // …except the messages that mean an invalid session.
    expect(isNetworkFailure({ name: 'NotAuthorizedException', message: 'User is disabled.' }, false)).toBe(false);
  });
});

describe('start-up with an expired stored session', () => {
  beforeEach(() => {
    localStorage.setItem('versao', '3.5.1');
    saveSession({ email: 'sm@portal.local', tipo: 'PE' }, 1_000);
  });

  it('offline: no refresh (no sign-out, no corporate sign-in), the session stays', async () => {
    const refresh = vi.fn();
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, online: false, logger: quiet })).toBe('offline');
    expect(refresh).not.toHaveBeenCalled();
    expect(readSession().user?.email).toBe('sm@portal.local');
  });

  it('online but the refresh gets no answer: the session stays', async () => {
    const refresh = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, online: true, logger: quiet })).toBe('offline');
    expect(readSession().user?.email).toBe('sm@portal.local');
  });

  it('a refusal is still an error for the caller', async () => {
    const refresh = vi.fn(async () => {
      throw { name: 'NotAuthorizedException', message: 'User is disabled.' };
    });
    await expect(checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, online: true, logger: quiet })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});

describe('auth provider check without a network', () => {
  it('keeps a stored session when the token refresh gets no answer', async () => {
    saveSession({ email: 'sm@portal.local', name: 'SM', tipo: 'PE' });
    const auth = { fetchAuthSession: vi.fn().mockRejectedValue(networkError()), signOut: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect(await p.check()).toEqual({ authenticated: true });
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(await p.getIdentity()).toMatchObject({ email: 'sm@portal.local', name: 'SM' });
  });

  it('without a stored session, or on a refusal, the person signs in again', async () => {
    const auth = {
      fetchAuthSession: vi.fn().mockRejectedValueOnce(networkError()).mockRejectedValueOnce({ name: 'NotAuthorizedException', message: 'User is disabled.' }),
      signOut: vi.fn(async () => undefined),
    };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect(await p.check()).toMatchObject({ authenticated: false, logout: true });
    saveSession({ email: 'sm@portal.local', tipo: 'PE' });
    expect(await p.check()).toMatchObject({ authenticated: false, logout: true });
    expect(auth.signOut).toHaveBeenCalled();
  });
});

describe('runtime configuration offline', () => {
  const cfg = {
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    oauth: { domain: 'idp.local', scopes: ['openid'], redirectSignIn: [], redirectSignOut: [] },
  };

  it('uses the configuration of the last visit when /config gets no answer', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify(cfg), { status: 200 }));
    await ensureAmplify('/api/v1', ok as never);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authConfig)!)).toMatchObject({ userPoolId: 'local_pool' });
    resetAmplifyConfigForTests();
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(ensureAmplify('/api/v1', down as never)).resolves.toMatchObject({ userPoolId: 'local_pool' });
    expect(runtimeConfig()?.userPoolId).toBe('local_pool');
  });

  it('without a stored configuration the failure stands', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(ensureAmplify('/api/v1', down as never)).rejects.toThrow('Failed to fetch');
  });
});
