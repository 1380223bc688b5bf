/**
 * Bearer-token verification for the API.
 *
 * The app sends the Cognito **ID token** as `Authorization: Bearer <idToken>` (it carries the
 * `custom:` attributes; the access token does not). The token is checked for: RS256 signature
 * against the issuer's JWKS, `iss`, `aud` = app client id, `token_use` = `id`, and expiry.
 * The PortalUser is then built as docs/specification.md §3 says.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { signedWithDevelopmentKey } from './development-key';
import { normalizeUser, ownLoginTipo, type PortalUser } from '../../access/user';
import { CORPORATE_PROVIDER, type IdentityConfig } from './identity-config';

/** The company every federated (staff) user belongs to (docs/specification.md §3: "empresa fixed to the company"). */
export const COMPANY = 'Portal Engenharia';
/** Short company-derived label carried by staff users in `tipo` (clients carry 'cliente'). */
export const STAFF_TIPO = 'PE';

export const INVALID_SESSION_MESSAGE = 'Sessão inválida ou expirada. Entre novamente.';

export type AuthErrorReason = 'missing' | 'malformed' | 'expired' | 'signature' | 'issuer' | 'audience' | 'token_use' | 'invalid';

/** Any failure to authenticate a request. The API answers it with 401 and `body`. */
export class AuthError extends Error {
  readonly statusCode = 401 as const;
  constructor(
    readonly reason: AuthErrorReason,
    readonly detail?: string,
  ) {
    super(INVALID_SESSION_MESSAGE);
    this.name = 'AuthError';
  }
  get body() {
    return { message: INVALID_SESSION_MESSAGE, statusCode: 401 as const };
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : undefined;
}

/** Whether the token belongs to a user of the corporate identity provider. */
export function isFederatedClaims(claims: JWTPayload, userPoolId: string, provider = CORPORATE_PROVIDER): boolean {
  if (claims.identities !== undefined && claims.identities !== null && claims.identities !== '') return true;
  const groups = claims['cognito:groups'];
  return Array.isArray(groups) && groups.includes(`${userPoolId}_${provider}`);
}

/** Lists in custom attributes: JSON array text; a plain comma-separated list is tolerated. */
function listClaim(value: unknown): string[] | string {
  if (Array.isArray(value)) return value as string[];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (!text) return [];
  if (text.startsWith('[')) return text; // normalizeUser parses (malformed → [])
  return JSON.stringify(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** Roles of a claim, for deciding the own-login user's kind. */
function listRoles(v: unknown): string[] {
  return normalizeUser({ roles: listClaim(v) }).roles;
}

/** PortalUser from verified ID-token claims (docs/specification.md §3). Malformed values become empty. */
export function userFromClaims(claims: JWTPayload, opts: { userPoolId: string; provider?: string }): PortalUser {
  const email = String(claims.email ?? claims['cognito:username'] ?? '').toLowerCase();
  const federated = isFederatedClaims(claims, opts.userPoolId, opts.provider);
  const raw = {
    id_user: String(claims.sub ?? ''),
    username: email,
    email,
    name: typeof claims.name === 'string' && claims.name ? claims.name : email,
    email_verified: claims.email_verified,
    empresa: federated ? [COMPANY] : listClaim(claims['custom:empresa']),
    obra: listClaim(claims['custom:obra']),
    roles: listClaim(claims['custom:roles']),
    specific_rules: claims['custom:specific_rules'],
    tipo: federated ? STAFF_TIPO : ownLoginTipo(listRoles(claims['custom:roles'])),
  };
  return normalizeUser(raw);
}

export type TokenVerifier = (token: string | null | undefined) => Promise<PortalUser>;

/** Verifier for the ID tokens of one user pool (real Cognito or the local stack). */
export function createTokenVerifier(
  config: IdentityConfig,
  opts: { clockToleranceSec?: number; /** test hook: the verifier's clock */ now?: () => Date } = {},
): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(config.jwksUri), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  const provider = config.oauth.providerName ?? CORPORATE_PROVIDER;
  return async (token) => {
    if (!token || typeof token !== 'string') throw new AuthError('missing');
    if (token.split('.').length !== 3) throw new AuthError('malformed');
    // Against a real user pool, a token signed with the local emulator's published key is a forgery,
    // whatever JWKS the configuration points at.
    if (!config.userPoolEndpoint && (await signedWithDevelopmentKey(token))) throw new AuthError('signature', 'signed with the local development key');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.userPoolClientId,
        algorithms: ['RS256'],
        clockTolerance: opts.clockToleranceSec ?? 5,
        ...(opts.now ? { currentDate: opts.now() } : {}),
        requiredClaims: ['exp', 'sub', 'token_use'],
      }));
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw new AuthError('expired', e.message);
      if (e instanceof joseErrors.JWTClaimValidationFailed) {
        const reason = e.claim === 'iss' ? 'issuer' : e.claim === 'aud' ? 'audience' : 'invalid';
        throw new AuthError(reason, e.message);
      }
      if (
        e instanceof joseErrors.JWSSignatureVerificationFailed ||
        e instanceof joseErrors.JWKSNoMatchingKey ||
        e instanceof joseErrors.JWSInvalid ||
        e instanceof joseErrors.JWTInvalid
      ) {
        throw new AuthError('signature', (e as Error).message);
      }
      throw new AuthError('invalid', (e as Error).message);
    }
    if (payload.token_use !== 'id') throw new AuthError('token_use', `token_use is ${String(payload.token_use)}`);
    return userFromClaims(payload, { userPoolId: config.userPoolId, provider });
  };
}
