/**
 * Identity configuration shared by the local identity stack, the token verifier and the
 * public `/api/v1/config` route. In production it comes from the environment (real Cognito);
 * locally `startIdentityStack()` builds it.
 */

export interface OAuthConfig {
  /** host[:port] of the hosted sign-in (Amplify builds `https://<domain>/oauth2/...`). */
  domain: string;
  scopes: string[];
  redirectSignIn: string[];
  redirectSignOut: string[];
  responseType: 'code';
  /** Name of the corporate identity provider as the app passes it to `signInWithRedirect`. */
  providerName?: string;
}

export interface IdentityConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local user-pool endpoint (emulator front). Absent against real Cognito. */
  userPoolEndpoint?: string;
  oauth: OAuthConfig;
  /** `iss` claim of the tokens. */
  issuer: string;
  jwksUri: string;
}

/** Cognito's user pool id pattern and length limit (docs/specification.md §5 and 9). */
export const USER_POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;
export const USER_POOL_ID_MAX_LENGTH = 55;

export const OAUTH_SCOPES = ['email', 'profile', 'openid'];
export const FEDERATED_SIGN_IN_PATH = '/acessoFederado';
export const SIGN_OUT_PATH = '/login';
/** Name of the corporate provider (and suffix of the `<poolId>_<provider>` group of federated users). */
export const CORPORATE_PROVIDER = 'Corporativo';

export class IdentityConfigError extends Error {
  override name = 'IdentityConfigError';
}

export function validateUserPoolId(id: string): string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new IdentityConfigError('COGNITO_USER_POOL_ID is empty.');
  }
  if (id.length > USER_POOL_ID_MAX_LENGTH) {
    throw new IdentityConfigError(`User pool id "${id}" is ${id.length} characters long; Cognito allows at most ${USER_POOL_ID_MAX_LENGTH}.`);
  }
  if (!USER_POOL_ID_PATTERN.test(id)) {
    throw new IdentityConfigError(`User pool id "${id}" does not match Cognito's pattern ${USER_POOL_ID_PATTERN} (expected <region>_<id>).`);
  }
  return id;
}

/** Region prefix of a pool id (`eu-west-1_AbC` → `eu-west-1`). */
export function regionOfUserPoolId(id: string): string {
  return id.split('_')[0];
}

/** Redirect URLs for one or more app origins. */
export function redirectUrls(origins: string[]): { redirectSignIn: string[]; redirectSignOut: string[] } {
  const clean = [...new Set(origins.map((o) => o.replace(/\/+$/, '')))];
  return {
    redirectSignIn: clean.map((o) => o + FEDERATED_SIGN_IN_PATH),
    redirectSignOut: clean.map((o) => o + SIGN_OUT_PATH),
  };
}

/**
 * Production configuration from the environment, or `null` when the environment does not name
 * a real user pool (then the local stack is used).
 *
 * COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID, COGNITO_DOMAIN (hosted sign-in domain, without https://),
 * AWS_REGION (defaults to the pool id's prefix), PUBLIC_URL (the portal's URL; comma-separated list allowed),
 * COGNITO_IDP_NAME (name of the corporate provider in the pool, default `Corporativo`),
 * COGNITO_ENDPOINT (a Cognito-compatible user-pool endpoint instead of AWS's, e.g. one process's
 * local identity stack that several portal processes share: tokens' issuer and keys are then there).
 */
export function identityConfigFromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig | null {
  const userPoolId = env.COGNITO_USER_POOL_ID?.trim();
  const clientId = env.COGNITO_CLIENT_ID?.trim();
  const domain = env.COGNITO_DOMAIN?.trim();
  if (!userPoolId && !clientId && !domain) return null;
  const missing = [!userPoolId && 'COGNITO_USER_POOL_ID', !clientId && 'COGNITO_CLIENT_ID', !domain && 'COGNITO_DOMAIN'].filter(Boolean);
  if (missing.length) {
    throw new IdentityConfigError(`Incomplete Cognito configuration: missing ${missing.join(', ')}.`);
  }
  validateUserPoolId(userPoolId!);
  const region = env.AWS_REGION?.trim() || regionOfUserPoolId(userPoolId!);
  const origins = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const endpoint = env.COGNITO_ENDPOINT?.trim().replace(/\/+$/, '');
  const issuer = `${endpoint || `https://cognito-idp.${region}.amazonaws.com`}/${userPoolId}`;
  return {
    region,
    userPoolId: userPoolId!,
    userPoolClientId: clientId!,
    ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
    oauth: {
      domain: domain!.replace(/^https?:\/\//, '').replace(/\/+$/, ''),
      scopes: OAUTH_SCOPES,
      ...redirectUrls(origins),
      responseType: 'code',
      providerName: env.COGNITO_IDP_NAME?.trim() || CORPORATE_PROVIDER,
    },
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
  };
}
