/**
 * Refine 5 AuthProvider over Amplify 6 (`aws-amplify/auth`), for both login paths:
 * - clients: e-mail + senha (`signIn`; USER_PASSWORD_AUTH on the local stack, SRP on real Cognito);
 * - staff: `login({ providerName: 'corporativo' })` → `signInWithRedirect` to the hosted sign-in.
 *
 * The API receives the **ID token** (`getIdToken()`) as `Authorization: Bearer`. While the token
 * Amplify stored is valid it is read directly (stored-tokens.ts); Amplify itself is loaded only to
 * sign in or out, to refresh the token, or to reset a password (lazy-amplify.ts).
 */
import { rememberRevocation } from './revoked-notice';
import type { AuthProvider } from '@refinedev/core';
import { authFlowType, providerName, runtimeConfig } from './auth-config';
import { ensureAmplifyLazily, lazyAmplifyAuth } from './lazy-amplify';
import { storedIdToken } from './stored-tokens';
import { UnregisteredOriginError, unregisteredOriginMessage } from './origin-check';
import { PortugueseAuthError, SIGNOUT_TIMEOUT, toPortuguese, translateAuthError } from './messages';
import { pendingChallenge as pending, setPendingChallenge } from './challenge';
import {
  clearCache,
  clearSession,
  handleInvalidSession,
  isNetworkFailure,
  lastRoute,
  readSession,
  refreshSession,
  requireNonEmpty,
  saveSession,
  sessionStore,
  STORAGE_KEYS,
  type SessionUser,
} from './session';
import type { Auth, AuthProviderDeps, LoginParams } from './auth-provider-types';
import { decodePayload, identityFromClaims, type AuthIdentity } from './identity';
import { failure } from './auth-failure';
import { reportSignInFailure } from './sign-in-report';
import { setFileCookie } from './file-cookie';
import { listenForFederatedFailure } from './federated-failure';
import { clearOfflineCaches } from '../pwa/caches';
import { MFA_REQUIRED_CODE, mfaProfileRoute } from './mfa-routes';

/** Hosted sign-out must finish within this time (spec sections 4 and 9). */
export const SIGNOUT_TIMEOUT_MS = 3000;
export const LOGIN_ROUTE = '/login';
export const NEW_PASSWORD_STEP = 'nova-senha';
export const CODE_STEP = 'codigo';

export type { AuthProviderDeps, LoginParams } from './auth-provider-types';
export { identityFromClaims, type AuthIdentity } from './identity';
export { OAUTH_WAIT_MS } from './federated-failure';

/** Pending sign-in challenge of the current page (kept in memory by Amplify too). */
export { pendingChallenge, type PendingChallenge } from './challenge';

export function createAuthProvider(deps: AuthProviderDeps = {}) {
  const auth: Auth = deps.auth ?? lazyAmplifyAuth();
  const apiUrl = deps.apiUrl ?? '/api/v1';
  // On /acessoFederado the Hub listener must be in place before Amplify is configured.
  const federated = listenForFederatedFailure();
  const ready =
    deps.ready ??
    (async () => {
      await federated.listening;
      return ensureAmplifyLazily(apiUrl, deps.fetchImpl);
    });
  const storedToken = deps.storedToken ?? (deps.auth ? () => undefined : () => storedIdToken());
  const navigate = deps.navigate ?? ((to: string) => (typeof window !== 'undefined' ? window.location.assign(to) : undefined));

  async function idToken(forceRefresh = false): Promise<string | undefined> {
    const stored = forceRefresh ? undefined : storedToken();
    if (stored) return stored;
    await ready();
    const session = await auth.fetchAuthSession(forceRefresh ? { forceRefresh: true } : undefined);
    return session.tokens?.idToken?.toString();
  }

  async function afterSignIn(redirectTo?: string) {
    setPendingChallenge(null);
    const token = await idToken();
    const claims = token ? decodePayload(token) : {};
    const id = identityFromClaims(claims);
    // The offline copy of the API answers belongs to the previous person (issue 26).
    if (readSession().user?.email !== id.email) await clearOfflineCaches();
    saveSession({ email: id.email, name: id.name, tipo: id.tipo });
    // The second factor the policy requires and the person has not enrolled yet: the profile's enrolment first.
    if (token && !redirectTo?.startsWith('/usuarios?mfa=') && (await mfaEnrolmentMissing(token)))
      return { success: true as const, redirectTo: mfaProfileRoute('obrigatorio') };
    return { success: true as const, redirectTo: redirectTo ?? lastRoute() };
  }

  /** Whether `GET /mfa` says the policy requires a second factor this person has not enrolled (false when it cannot tell). */
  async function mfaEnrolmentMissing(token: string): Promise<boolean> {
    try {
      const res = await (deps.fetchImpl ?? fetch)(`${apiUrl}/mfa`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
      if (!res.ok) return false;
      const state = (await res.json()) as { obrigatorio?: boolean; ativo?: boolean; registrado?: boolean };
      return !!state.obrigatorio && !(state.ativo && state.registrado);
    } catch {
      return false;
    }
  }

  function challengeResult(step: string, username: string, detail: unknown, redirectTo?: string) {
    setPendingChallenge({ step, username, detail });
    const etapa = step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' ? NEW_PASSWORD_STEP : CODE_STEP;
    const q = new URLSearchParams({ etapa, user: username, desafio: step });
    if (redirectTo) q.set('to', redirectTo);
    return { success: true as const, redirectTo: `${LOGIN_ROUTE}?${q.toString()}`, challenge: step, nextStep: detail };
  }

  /** Maps Amplify's next step; DONE → signed in; challenges → their step. */
  async function handleNextStep(out: { isSignedIn: boolean; nextStep: { signInStep: string } }, username: string, redirectTo?: string) {
    const step = out.nextStep.signInStep;
    if (out.isSignedIn || step === 'DONE') return afterSignIn(redirectTo);
    if (step === 'RESET_PASSWORD') {
      return failure({ name: 'PasswordResetRequiredException', message: 'Password reset required for the user' }, 'signIn');
    }
    // New password, SMS/TOTP/e-mail codes, MFA selection/setup: the page shows the follow-up step.
    return challengeResult(step, username, out.nextStep, redirectTo);
  }

  async function signOutWithTimeout(global: boolean): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(SIGNOUT_TIMEOUT)), SIGNOUT_TIMEOUT_MS);
    });
    try {
      await Promise.race([auth.signOut({ global }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  const provider = {
    async login(params: LoginParams = {}) {
      try {
        await ready();
        if (params.providerName) {
          // Staff: hosted sign-in with the corporate provider (code flow with PKCE). The page we
          // return to (/acessoFederado) continues to the last route: make it the asked-for one.
          if (params.redirectTo?.startsWith('/') && !params.redirectTo.startsWith('//')) {
            localStorage.setItem(STORAGE_KEYS.lastRoute, params.redirectTo);
          }
          const wrongAddress = unregisteredOriginMessage(window.location.origin, runtimeConfig()?.oauth.redirectSignIn ?? []);
          if (wrongAddress) throw new UnregisteredOriginError(wrongAddress);
          await auth.signInWithRedirect({ provider: { custom: providerName() } });
          return { success: true, redirectTo: undefined };
        }
        if (params.federated) {
          // Amplify's OAuth listener exchanges the code when Amplify is configured; fetchAuthSession
          // waits for that in-flight exchange.
          const session = await auth.fetchAuthSession();
          if (session.tokens?.idToken) return afterSignIn(params.redirectTo);
          throw (await federated.failure) ?? { name: 'AuthError', message: 'Authentication Error' };
        }
        if (params.challengeResponse !== undefined) {
          requireNonEmpty({ challengeResponse: params.challengeResponse });
          const out = await auth.confirmSignIn({ challengeResponse: params.challengeResponse });
          return handleNextStep(out, pending()?.username ?? '', params.redirectTo);
        }
        requireNonEmpty({ username: params.email ?? '', password: params.password ?? '' });
        const username = params.email!.trim().toLowerCase();
        let out;
        try {
          out = await auth.signIn({
            username,
            password: params.password!,
            options: { authFlowType: authFlowType() },
          });
        } catch (e) {
          if ((e as Error).name === 'UserAlreadyAuthenticatedException') {
            await auth.signOut();
            out = await auth.signIn({ username, password: params.password!, options: { authFlowType: authFlowType() } });
          } else {
            throw e;
          }
        }
        return handleNextStep(out, username, params.redirectTo);
      } catch (e) {
        reportSignInFailure(params.email ?? pending()?.username, e); // the audit trail, with a real Cognito (issue 35)
        await handleInvalidSession(e, { signOut: () => auth.signOut() });
        return failure(e, 'login');
      }
    },

    async logout(params: { global?: boolean; redirectTo?: string } = {}) {
      setPendingChallenge(null);
      // The device's copies of the person's data go while the sign-out runs (its 3 s limit starts now).
      const cleared = clearOfflineCaches();
      try {
        await ready();
        await signOutWithTimeout(!!params.global);
        clearSession();
        return { success: true, redirectTo: params.redirectTo ?? LOGIN_ROUTE };
      } catch (e) {
        clearSession();
        return { ...failure(e, 'logout'), redirectTo: params.redirectTo ?? LOGIN_ROUTE };
      } finally {
        await cleared;
      }
    },

    async check() {
      try {
        const token = await idToken();
        if (token) return { authenticated: true };
      } catch (e) {
        // No network (offline start, issue 26): the stored session stays; the API answers come from
        // the service worker's copy until the token can be refreshed again.
        if (isNetworkFailure(e) && readSession().user) return { authenticated: true };
        if (await handleInvalidSession(e, { signOut: () => auth.signOut() })) {
          return { authenticated: false, logout: true, redirectTo: LOGIN_ROUTE, error: PortugueseAuthError.from(e, 'check') };
        }
      }
      return { authenticated: false, logout: true, redirectTo: LOGIN_ROUTE };
    },

    async onError(error: unknown) {
      const status =
        (error as { statusCode?: number; status?: number; response?: { status?: number } } | null)?.statusCode ??
        (error as { status?: number })?.status ??
        (error as { response?: { status?: number } })?.response?.status;
      if (status === 401) {
        rememberRevocation(error); // an administrator made the person inactive: the sign-in page says so
        return { logout: true, redirectTo: LOGIN_ROUTE, error: error as Error };
      }
      if (await handleInvalidSession(error, { signOut: () => auth.signOut() })) {
        return { logout: true, redirectTo: LOGIN_ROUTE };
      }
      // The policy requires a second factor not enrolled yet (403 'mfa-obrigatorio'): to the profile's enrolment.
      if (
        status === 403 &&
        (error as { codigo?: unknown }).codigo === MFA_REQUIRED_CODE &&
        typeof window !== 'undefined' &&
        window.location.pathname !== '/usuarios'
      ) {
        return { redirectTo: mfaProfileRoute('obrigatorio') };
      }
      return {};
    },

    async getIdentity(): Promise<AuthIdentity | null> {
      try {
        const token = await idToken();
        if (!token) return null;
        const identity = identityFromClaims(decodePayload(token));
        try {
          const res = await (deps.fetchImpl ?? fetch)(`${apiUrl}/me`, {
            headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          });
          if (res.ok) {
            const body = (await res.json()) as { user?: { name?: string; roles?: string[]; obra?: string[]; empresa?: string[]; tipo?: string } };
            if (body.user) {
              identity.user = body.user;
              if (body.user.name) identity.name = body.user.name;
              if (Array.isArray(body.user.roles)) identity.roles = body.user.roles;
              if (Array.isArray(body.user.obra)) identity.obra = body.user.obra;
              if (Array.isArray(body.user.empresa)) identity.empresa = body.user.empresa;
              if (body.user.tipo) identity.tipo = body.user.tipo;
            }
          }
        } catch {
          // /me is optional
        }
        return identity;
      } catch (e) {
        // Offline start: the name and e-mail of the stored session.
        const user = readSession().user;
        if (!user || !isNetworkFailure(e)) return null;
        return { id: '', name: user.name || user.email, email: user.email, tipo: user.tipo ?? '', roles: [], obra: [], empresa: [] };
      }
    },

    async getPermissions() {
      const token = await idToken().catch(() => undefined);
      return token ? identityFromClaims(decodePayload(token)).roles : [];
    },

    /** {email} sends the code; {email, code, password} confirms the new password. */
    async forgotPassword(params: { email?: string; code?: string; password?: string } = {}) {
      try {
        await ready();
        requireNonEmpty({ username: params.email ?? '' });
        const username = params.email!.trim().toLowerCase();
        if (params.code === undefined && params.password === undefined) {
          const out = await auth.resetPassword({ username });
          const dest = out.nextStep.codeDeliveryDetails?.destination;
          return {
            success: true,
            redirectTo: `/esqueciSenha?etapa=codigo&user=${encodeURIComponent(username)}`,
            successNotification: {
              message: 'Código enviado',
              description: dest ? `Enviamos um código de verificação para ${dest}.` : 'Enviamos um código de verificação.',
            },
          };
        }
        requireNonEmpty({ code: params.code ?? '', password: params.password ?? '' });
        await auth.confirmResetPassword({ username, confirmationCode: params.code!.trim(), newPassword: params.password! });
        return {
          success: true,
          redirectTo: LOGIN_ROUTE,
          successNotification: { message: 'Senha redefinida', description: 'Entre com a nova senha.' },
        };
      } catch (e) {
        return failure(e, 'forgotPassword');
      }
    },

    /** {oldPassword, password}: change password; {password} during a new-password challenge: completes sign-in. */
    async updatePassword(params: { oldPassword?: string; password?: string; redirectTo?: string } = {}) {
      try {
        await ready();
        requireNonEmpty({ password: params.password ?? '' });
        const challenge = pending();
        if (params.oldPassword === undefined && challenge) {
          const out = await auth.confirmSignIn({ challengeResponse: params.password! });
          return handleNextStep(out, challenge.username, params.redirectTo);
        }
        requireNonEmpty({ password: params.oldPassword ?? '' });
        await auth.updatePassword({ oldPassword: params.oldPassword!, newPassword: params.password! });
        return {
          success: true,
          successNotification: { message: 'Senha alterada', description: 'A sua senha foi alterada com sucesso.' },
        };
      } catch (e) {
        return failure(e, 'updatePassword');
      }
    },
  } satisfies AuthProvider;

  /** Start-up refresh (section 4): cliente → sign out and Login; staff → federated sign-in. */
  async function refresh(user: SessionUser | null = readSession().user) {
    await ready();
    return refreshSession(user, {
      signOut: () => auth.signOut(),
      goToLogin: () => navigate(LOGIN_ROUTE),
      federatedSignIn: () => auth.signInWithRedirect({ provider: { custom: providerName() } }),
    });
  }

  return Object.assign(provider, { idToken, refresh });
}

export const authProvider = createAuthProvider();

/** The ID token for the `Authorization: Bearer` header (refreshed by Amplify when needed), or undefined. */
export async function getIdToken(): Promise<string | undefined> {
  try {
    const token = await authProvider.idToken();
    setFileCookie(token);
    return token;
  } catch (e) {
    setFileCookie(undefined);
    if (await handleInvalidSession(e, { signOut: () => import('aws-amplify/auth').then((m) => m.signOut()) })) return undefined;
    return undefined;
  }
}

export { sessionStore, clearCache, toPortuguese, translateAuthError };
