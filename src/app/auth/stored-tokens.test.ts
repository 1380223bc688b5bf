import { describe, expect, it, vi } from 'vitest';
import { EXPIRY_MARGIN_MS, storedIdToken } from './stored-tokens';
import { createAuthProvider } from './auth-provider';
import type { Auth } from './auth-provider-types';
import { STORAGE_KEYS } from './session';

const NOW = Date.UTC(2026, 10, 26, 15, 0, 0);
const CLIENT = 'cliente-app-123';
const PREFIX = `CognitoIdentityServiceProvider.${CLIENT}`;

function jwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'RS256' })}.${b64(payload)}.assinatura`;
}

function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function signedIn(expMs: number, extra: Record<string, string> = {}) {
  const token = jwt({ email: 'sm@portal.local', exp: Math.floor(expMs / 1000) });
  return {
    token,
    store: storage({
      [STORAGE_KEYS.authConfig]: JSON.stringify({ userPoolId: 'pool', userPoolClientId: CLIENT, oauth: { domain: 'idp' } }),
      [`${PREFIX}.LastAuthUser`]: 'sm-sub',
      [`${PREFIX}.sm-sub.idToken`]: token,
      ...extra,
    }),
  };
}

describe('storedIdToken', () => {
  it('returns the token Amplify stored while it is valid for more than the margin', () => {
    const { token, store } = signedIn(NOW + 60 * 60 * 1000);
    expect(storedIdToken(store, NOW)).toBe(token);
  });

  it('returns nothing close to the expiry, so Amplify refreshes the token', () => {
    const { store } = signedIn(NOW + EXPIRY_MARGIN_MS - 1000);
    expect(storedIdToken(store, NOW)).toBeUndefined();
  });

  it("counts Amplify's clock drift", () => {
    const { store } = signedIn(NOW + 10 * 60 * 1000, { [`${PREFIX}.sm-sub.clockDrift`]: String(10 * 60 * 1000) });
    expect(storedIdToken(store, NOW)).toBeUndefined();
  });

  it('returns nothing without the configuration of a visit, a user or a readable token', () => {
    const { store } = signedIn(NOW + 60 * 60 * 1000);
    store.removeItem(STORAGE_KEYS.authConfig);
    expect(storedIdToken(store, NOW)).toBeUndefined();
    const other = signedIn(NOW + 60 * 60 * 1000).store;
    other.removeItem(`${PREFIX}.LastAuthUser`);
    expect(storedIdToken(other, NOW)).toBeUndefined();
    const junk = signedIn(NOW + 60 * 60 * 1000).store;
    junk.setItem(`${PREFIX}.sm-sub.idToken`, 'nao-e-um-jwt');
    expect(storedIdToken(junk, NOW)).toBeUndefined();
  });
});

describe('auth provider with a stored token', () => {
  function provider(stored: string | undefined) {
    const fetchAuthSession = vi.fn(async () => ({ tokens: { idToken: { toString: () => jwt({ email: 'amplify@portal.local' }) } } }));
    const ready = vi.fn(async () => undefined);
    const auth = { fetchAuthSession } as unknown as Auth;
    const p = createAuthProvider({ auth, ready, storedToken: () => stored, fetchImpl: (async () => new Response('{}', { status: 404 })) as typeof fetch });
    return { p, fetchAuthSession, ready };
  }

  it('answers check and identity from the stored token without loading Amplify', async () => {
    const { p, fetchAuthSession, ready } = provider(jwt({ email: 'sm@portal.local', name: 'Site Manager' }));
    expect(await p.check()).toEqual({ authenticated: true });
    expect((await p.getIdentity())?.email).toBe('sm@portal.local');
    expect(ready).not.toHaveBeenCalled();
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('goes through Amplify when no valid token is stored, or when a refresh is forced', async () => {
    const { p, fetchAuthSession, ready } = provider(undefined);
    expect((await p.getIdentity())?.email).toBe('amplify@portal.local');
    expect(ready).toHaveBeenCalledTimes(1);
    const again = provider(jwt({ email: 'sm@portal.local' }));
    await again.p.idToken(true);
    expect(again.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(fetchAuthSession).toHaveBeenCalledTimes(1);
  });
});
