/**
 * Amplify configuration from the public runtime config (`GET /api/v1/config`).
 * Local stack: `userPoolEndpoint` is set and sign-in uses USER_PASSWORD_AUTH (the emulator has no
 * SRP). Real Cognito: no endpoint, SRP (Amplify's default).
 */
import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';

import { FEDERATED_PATH, hashToQuery } from './oauth-url';
import { DEFAULT_PROVIDER, runtimeConfig, setRuntimeConfig, storeConfig, storedConfig, type RuntimeConfig } from './auth-config';

export { FEDERATED_PATH, hashToQuery };
export { authFlowType, DEFAULT_PROVIDER, providerName, runtimeConfig, type RuntimeConfig } from './auth-config';

let loading: Promise<RuntimeConfig> | null = null;

export function configureAmplify(cfg: RuntimeConfig): void {
  if (typeof window !== 'undefined' && window.location?.pathname === FEDERATED_PATH) {
    const url = hashToQuery(window.location);
    if (url) window.history.replaceState(window.history.state, '', url);
  }
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cfg.userPoolId,
        userPoolClientId: cfg.userPoolClientId,
        ...(cfg.userPoolEndpoint ? { userPoolEndpoint: cfg.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          oauth: {
            domain: cfg.oauth.domain,
            scopes: cfg.oauth.scopes,
            redirectSignIn: cfg.oauth.redirectSignIn,
            redirectSignOut: cfg.oauth.redirectSignOut,
            responseType: 'code',
            providers: [{ custom: cfg.oauth.providerName ?? DEFAULT_PROVIDER }],
          },
        },
        passwordFormat: {
          minLength: 8,
          requireLowercase: true,
          requireUppercase: true,
          requireNumbers: true,
          requireSpecialCharacters: true,
        },
      },
    },
  });
  setRuntimeConfig(cfg);
}

/**
 * Fetches `/api/v1/config` once and configures Amplify. Without an answer (offline start, issue 26)
 * the configuration of the last visit is used, so a stored session still opens the app.
 */
export function ensureAmplify(apiUrl = '/api/v1', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const current = runtimeConfig();
  if (current) return Promise.resolve(current);
  if (!loading) {
    loading = (async () => {
      let cfg: RuntimeConfig;
      try {
        const res = await fetchImpl(`${apiUrl}/config`, { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`Network Error: GET ${apiUrl}/config ${res.status}`);
        cfg = (await res.json()) as RuntimeConfig;
        storeConfig(cfg);
      } catch (err) {
        const stored = storedConfig();
        if (!stored) throw err;
        cfg = stored;
      }
      configureAmplify(cfg);
      return cfg;
    })().catch((e) => {
      loading = null;
      throw e;
    });
  }
  return loading;
}

/** Test hook. */
export function resetAmplifyConfigForTests(): void {
  setRuntimeConfig(null);
  loading = null;
}
