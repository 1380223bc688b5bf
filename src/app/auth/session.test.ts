import {
  checkVersionAndSession,
  clearCache,
  handleInvalidSession,
  lastRoute,
  readSession,
  refreshSession,
  requireNonEmpty,
  saveSession,
  sessionStore,
  STORAGE_KEYS,
} from './session';
import { isPasswordValid, passwordProblem, passwordRules } from './password-policy';
import { INVALID_SESSION_MESSAGES, isInvalidSessionError, toPortuguese, translateAuthError } from './messages';
import { createAuthProvider, SIGNOUT_TIMEOUT_MS } from './auth-provider';
import { hashToQuery } from './amplify';

const quiet = { info: vi.fn(), warn: vi.fn() };

beforeEach(() => {
  localStorage.clear();
  sessionStore.user = null;
  sessionStore.expiraEm = null;
});

describe('start-up version and expiry rules', () => {
  it('a different stored version clears all local storage and stores the current one', async () => {
    localStorage.setItem('versao', '3.5.0');
    localStorage.setItem('ultimaRota', '/obras/101');
    saveSession({ email: 'a@b.pt', tipo: 'cliente' }, Date.now() - 1000);
    const refresh = vi.fn();
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, logger: quiet })).toBe('cleared');
    expect(refresh).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('versao')).toBe('3.5.1');
  });

  it('same version + stored e-mail with a past expiry → refresh', async () => {
    localStorage.setItem('versao', '3.5.1');
    saveSession({ email: 'a@b.pt', tipo: 'cliente' }, 1_000);
    const refresh = vi.fn(async () => undefined);
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, logger: quiet })).toBe('refreshed');
    expect(refresh).toHaveBeenCalledWith({ email: 'a@b.pt', tipo: 'cliente', name: undefined });
  });

  it('future expiry or no e-mail → nothing; no stored version → stored', async () => {
    const refresh = vi.fn();
    saveSession({ email: 'a@b.pt' }, 5_000);
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, logger: quiet })).toBe('stored');
    expect(localStorage.getItem('versao')).toBe('3.5.1');
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 2_000, logger: quiet })).toBe('unchanged');
    localStorage.setItem('user', '{malformed');
    expect(await checkVersionAndSession({ version: '3.5.1', refresh, now: 9_000, logger: quiet })).toBe('unchanged');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('session store keeps user and expiraEm (local storage keys user / expiry)', () => {
    saveSession({ email: 'x@y.pt', name: 'X', tipo: 'PE' }, 123);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual({ email: 'x@y.pt', name: 'X', tipo: 'PE', expiraEm: 123 });
    expect(localStorage.getItem(STORAGE_KEYS.expiry)).toBe('123');
    sessionStore.user = null;
    expect(readSession()).toEqual({ user: { email: 'x@y.pt', name: 'X', tipo: 'PE' }, expiraEm: 123 });
  });
});

describe('session refresh', () => {
  it('cliente → signed out and sent to Login', async () => {
    const deps = { signOut: vi.fn(async () => undefined), goToLogin: vi.fn(), federatedSignIn: vi.fn() };
    saveSession({ email: 'c@p.pt', tipo: 'cliente' });
    expect(await refreshSession({ email: 'c@p.pt', tipo: 'cliente' }, deps)).toBe('login');
    expect(deps.signOut).toHaveBeenCalled();
    expect(deps.goToLogin).toHaveBeenCalled();
    expect(deps.federatedSignIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('staff → federated sign-in', async () => {
    const deps = { signOut: vi.fn(), goToLogin: vi.fn(), federatedSignIn: vi.fn(async () => undefined) };
    expect(await refreshSession({ email: 's@p.pt', tipo: 'PE' }, deps)).toBe('federated');
    expect(deps.federatedSignIn).toHaveBeenCalled();
    expect(deps.signOut).not.toHaveBeenCalled();
  });
});

describe('invalid session', () => {
  it.each(INVALID_SESSION_MESSAGES)('"%s" signs out and clears the cache', async (message) => {
    localStorage.setItem('versao', '3.5.1');
    localStorage.setItem('ultimaRota', '/x');
    saveSession({ email: 'a@b.pt' });
    const signOut = vi.fn(async () => undefined);
    expect(await handleInvalidSession({ name: 'NotAuthorizedException', message }, { signOut })).toBe(true);
    expect(signOut).toHaveBeenCalled();
    expect(localStorage.getItem('ultimaRota')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('versao')).toBe('3.5.1');
  });

  it('other errors are left alone', async () => {
    const signOut = vi.fn();
    expect(await handleInvalidSession(new Error('Network Error'), { signOut })).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
    expect(isInvalidSessionError('Incorrect username or password.')).toBe(false);
  });

  it('clearCache keeps only the version', () => {
    localStorage.setItem('versao', '1');
    localStorage.setItem('railMenu', '1');
    clearCache();
    expect(localStorage.length).toBe(1);
  });
});

describe('empty inputs are rejected before the provider', () => {
  it('uses the spec messages, shown in Portuguese', () => {
    const cases: [Parameters<typeof requireNonEmpty>[0], string, string][] = [
      [{ username: '' }, 'Username cannot be empty', 'Informe o e-mail.'],
      [{ username: 'a', password: '  ' }, 'Password cannot be empty', 'Informe a senha.'],
      [{ username: 'a', code: '' }, 'Confirmation code cannot be empty', 'Informe o código de confirmação.'],
      [{ challengeResponse: '' }, 'Challenge response cannot be empty', 'Informe a resposta solicitada.'],
    ];
    for (const [fields, original, pt] of cases) {
      let err: any;
      try {
        requireNonEmpty(fields);
      } catch (e) {
        err = e;
      }
      expect(err?.original).toBe(original);
      expect(err?.message).toBe(pt);
    }
    expect(() => requireNonEmpty({ username: 'a', password: 'b', code: '1' })).not.toThrow();
  });

  it('the provider is not called', async () => {
    const auth = { signIn: vi.fn(), resetPassword: vi.fn(), confirmResetPassword: vi.fn(), confirmSignIn: vi.fn() };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect((await p.login({ email: '', password: 'x' })).success).toBe(false);
    expect((await p.login({ email: 'a@b.pt', password: '' })).success).toBe(false);
    expect((await p.login({ challengeResponse: '' })).success).toBe(false);
    expect((await p.forgotPassword({ email: '' })).success).toBe(false);
    expect((await p.forgotPassword({ email: 'a@b.pt', code: '', password: 'Xx#12345' })).success).toBe(false);
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(auth.resetPassword).not.toHaveBeenCalled();
    expect(auth.confirmResetPassword).not.toHaveBeenCalled();
    expect(auth.confirmSignIn).not.toHaveBeenCalled();
  });
});

describe('password policy (live check)', () => {
  it('lists each rule', () => {
    expect(passwordRules('').map((r) => r.ok)).toEqual([false, false, false, false, false]);
    expect(passwordRules('abcdefgh').map((r) => [r.key, r.ok])).toEqual([
      ['length', true],
      ['lower', true],
      ['upper', false],
      ['number', false],
      ['symbol', false],
    ]);
    expect(isPasswordValid('Demo#2026')).toBe(true);
    expect(isPasswordValid('Demo2026')).toBe(false);
    expect(passwordProblem('Demo2026')).toMatch(/símbolo/);
    expect(passwordProblem('Demo#2026')).toBeNull();
  });
});

describe('messages', () => {
  it('English provider messages become Portuguese; the original is logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = translateAuthError({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(t.message).toBe('E-mail ou senha incorretos.');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Incorrect username or password.'));
    warn.mockRestore();
    expect(toPortuguese('Network Error')).toMatch(/rede/);
    expect(toPortuguese('Signout timeout fail')).toMatch(/3 s/);
    expect(toPortuguese('Password did not conform with policy: Password not long enough')).toMatch(/8 caracteres/);
    expect(toPortuguese('User pool local_x does not exist.')).toMatch(/não existe/);
    expect(toPortuguese('Invalid state in OAuth flow')).toMatch(/estado/);
    expect(toPortuguese('weird', 'InvalidParameterException')).toBe('Configuração de dispositivo inválida.');
    expect(toPortuguese('???')).toMatch(/Tente novamente/);
  });
});

describe('authProvider rules with a fake Amplify', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('hosted sign-out not finished within 3 s fails with "Signout timeout fail"', async () => {
    vi.useFakeTimers();
    try {
      const auth = { signOut: vi.fn(() => new Promise(() => undefined)) };
      const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
      const out = p.logout({});
      await vi.advanceTimersByTimeAsync(SIGNOUT_TIMEOUT_MS + 10);
      const r = await out;
      expect(r.success).toBe(false);
      expect((r as any).error.original).toBe('Signout timeout fail');
      expect(r.redirectTo).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('global logout passes global: true', async () => {
    const auth = { signOut: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect(await p.logout({ global: true })).toEqual({ success: true, redirectTo: '/login' });
    expect(auth.signOut).toHaveBeenCalledWith({ global: true });
  });

  it('new-password challenge → redirect to the new-password step; MFA → the challenge', async () => {
    const auth = {
      signIn: vi
        .fn()
        .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } })
        .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } }),
    };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    const r = await p.login({ email: 'Novo@P.pt', password: 'Demo#2026' });
    expect(r).toMatchObject({ success: true, challenge: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' });
    expect((r as any).redirectTo).toMatch(/^\/login\?etapa=nova-senha&user=novo%40p\.pt/);
    const m = await p.login({ email: 'a@p.pt', password: 'Demo#2026' });
    expect(m).toMatchObject({ success: true, challenge: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    expect((m as any).redirectTo).toMatch(/etapa=codigo/);
  });

  it('corporate login calls signInWithRedirect with the custom provider', async () => {
    const auth = { signInWithRedirect: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect((await p.login({ providerName: 'corporativo' })).success).toBe(true);
    expect(auth.signInWithRedirect).toHaveBeenCalledWith({ provider: { custom: 'Corporativo' } });
  });

  it('onError: 401 → logout; invalid-session message → logout and clear', async () => {
    const auth = { signOut: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect(await p.onError({ statusCode: 401, message: 'x' })).toMatchObject({ logout: true, redirectTo: '/login' });
    expect(await p.onError({ statusCode: 403 })).toEqual({});
    localStorage.setItem('ultimaRota', '/a');
    expect(await p.onError({ message: 'Refresh Token has expired' })).toMatchObject({ logout: true });
    expect(localStorage.getItem('ultimaRota')).toBeNull();
  });

  it('check: no tokens → not authenticated; invalid session → logout', async () => {
    const auth = {
      fetchAuthSession: vi.fn().mockResolvedValueOnce({}).mockRejectedValueOnce({ name: 'NotAuthorizedException', message: 'User is disabled.' }),
      signOut: vi.fn(async () => undefined),
    };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined });
    expect(await p.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    const r = await p.check();
    expect(r).toMatchObject({ authenticated: false, logout: true });
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('refresh at start-up: cliente → Login, staff → federated', async () => {
    const nav: string[] = [];
    const auth = { signOut: vi.fn(async () => undefined), signInWithRedirect: vi.fn(async () => undefined) };
    const p = createAuthProvider({ auth: auth as never, ready: async () => undefined, navigate: (to) => nav.push(to) });
    expect(await p.refresh({ email: 'c@p.pt', tipo: 'cliente' })).toBe('login');
    expect(nav).toEqual(['/login']);
    expect(await p.refresh({ email: 's@p.pt', tipo: 'PE' })).toBe('federated');
    expect(auth.signInWithRedirect).toHaveBeenCalled();
  });
});

describe('routes', () => {
  it('last route skips the never-remembered routes', () => {
    expect(lastRoute()).toBe('/');
    localStorage.setItem('ultimaRota', '/obras/101/rdo');
    expect(lastRoute()).toBe('/obras/101/rdo');
    localStorage.setItem('ultimaRota', '/login');
    expect(lastRoute()).toBe('/');
    localStorage.setItem('ultimaRota', '//evil.example');
    expect(lastRoute()).toBe('/');
  });

  it('hash → query on the federated return', () => {
    expect(hashToQuery({ pathname: '/acessoFederado', search: '', hash: '#code=abc&state=xyz' })).toBe('/acessoFederado?code=abc&state=xyz');
    expect(hashToQuery({ pathname: '/acessoFederado', search: '?code=1&state=2', hash: '' })).toBeNull();
  });
});
