/**
 * Amplify on demand (issue 28): `aws-amplify/auth` and the configuration module are fetched on the
 * first call that needs them — a sign-in, a sign-out, a token refresh — instead of before the
 * signed-in app renders. Until then the app reads the stored token (stored-tokens.ts).
 */
import type { Auth } from './auth-provider-types';

const METHODS = [
  'signIn',
  'confirmSignIn',
  'signOut',
  'signInWithRedirect',
  'fetchAuthSession',
  'resetPassword',
  'confirmResetPassword',
  'updatePassword',
] as const satisfies readonly (keyof Auth)[];

/** The Auth calls the provider makes, each loading `aws-amplify/auth` on first use. */
export function lazyAmplifyAuth(): Auth {
  const call =
    (name: (typeof METHODS)[number]) =>
    async (...args: unknown[]): Promise<unknown> => {
      const lib = await import('aws-amplify/auth');
      return (lib[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  return Object.fromEntries(METHODS.map((name) => [name, call(name)])) as unknown as Auth;
}

/** Loads the configuration module and configures Amplify (GET /api/v1/config, once). */
export async function ensureAmplifyLazily(apiUrl?: string, fetchImpl?: typeof fetch) {
  const { ensureAmplify } = await import('./amplify');
  return ensureAmplify(apiUrl, fetchImpl);
}
